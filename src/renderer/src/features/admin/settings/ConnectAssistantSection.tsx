import { Alert, Button, Code, Group, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CrossbuyError } from '../../../api/client';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { CopyValue } from '../CopyValue';
import { ScopePicker } from '../keys/ScopePicker';
import { useCreateKey } from '../keys/mutations';
import { adminKeys, fetchers } from '../queries';
import { scopesForRequest } from '../scopes';
import { Section } from '../Section';
import { assistantMessages } from './assistantMessages';
import { ASSISTANT_SCOPES, clientConfig, CONFIG_FILE, KEY_PLACEHOLDER, MCP_CLIENTS, mcpHttpUrl, stdioCommand, type McpClient } from './mcpConfig';

const CLIENT_LABEL = { claude: 'clientClaude', cursor: 'clientCursor', vscode: 'clientVscode' } as const;

/** A hint whose technical part (a header, CLI flags) is code, kept as written in every language. */
function HintWithCode({ text, code }: { text: string; code: string }) {
  return (
    <>
      {text} <Code translate="no">{code}</Code>
    </>
  );
}

function Copyable({ label, value, copyLabel, testId, hint }: { label: string; value: string; copyLabel: string; testId: string; hint?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block data-testid={testId} translate="no" style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {value}
        </Code>
        <CopyValue value={value} label={copyLabel} />
      </Group>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Settings' "Connect an assistant": the MCP endpoint and stdio command of this server, a key of chosen
 * scopes made by the admin API's key route, and each common client's configuration with that key filled in.
 */
export function ConnectAssistantSection() {
  const t = useT(assistantMessages);
  const server = useQuery({ queryKey: adminKeys.server, queryFn: fetchers.server, staleTime: Infinity });
  const catalog = useQuery({ queryKey: adminKeys.scopes, queryFn: fetchers.scopes, staleTime: Infinity });
  const create = useCreateKey();
  const [name, setName] = useState('assistant');
  const [scopes, setScopes] = useState<string[]>(ASSISTANT_SCOPES);
  const [client, setClient] = useState<McpClient>('claude');
  const key = create.data?.key ?? KEY_PLACEHOLDER;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!catalog.data || scopes.length === 0 || name.trim() === '') return;
    create.mutate({ name: name.trim(), scopes: scopesForRequest(catalog.data, scopes) });
  };

  return (
    <Section title={t('title')}>
      <Text size="sm">{t('intro')}</Text>
      {server.isPending ? (
        <Skeleton height={96} />
      ) : server.isError ? (
        <ErrorAlert title={t('title')} error={server.error} />
      ) : (
        <Stack gap="md">
          <Copyable label={t('httpUrl')} value={mcpHttpUrl(server.data.origin)} copyLabel={t('copyHttpUrl')} testId="mcp-http-url" hint={<HintWithCode text={t('httpHint')} code="Authorization: Bearer sk-..." />} />
          <Copyable label={t('stdioCommand')} value={stdioCommand(server.data.dataDir, key, server.data.world)} copyLabel={t('copyStdioCommand')} testId="mcp-stdio-command" hint={<HintWithCode text={t('stdioHint')} code='--read-only   --tools "orders_*"   --preset shopper|tracker' />} />
          <form onSubmit={submit} noValidate aria-label={t('makeKeyTitle')}>
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t('makeKeyTitle')}
              </Text>
              <TextInput label={t('keyName')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} w={280} />
              {catalog.isPending ? (
                <Skeleton height={120} />
              ) : catalog.isError ? (
                <ErrorAlert title={t('scopesLoadError')} error={catalog.error} />
              ) : (
                <ScopePicker catalog={catalog.data} value={scopes} onChange={setScopes} error={scopes.length === 0 ? t('noScopes') : null} />
              )}
              <Group>
                <Button type="submit" loading={create.isPending} disabled={!catalog.data || scopes.length === 0 || name.trim() === ''}>
                  {t('createKey')}
                </Button>
              </Group>
              {create.isError ? (
                <Stack gap={4} data-testid="mcp-key-failed">
                  <ErrorAlert title={t('keyFailed')} error={create.error} />
                  {/* A 403 here is the desktop's confirmation dialog answered Cancel (or a page the back office refuses):
                      say what it means for this form, beside the service's own sentence. */}
                  {create.error instanceof CrossbuyError && create.error.statusCode === 403 ? (
                    <Text size="xs" c="dimmed">
                      {t('keyRefused')}
                    </Text>
                  ) : null}
                </Stack>
              ) : null}
              {create.data ? (
                <Alert color="yellow" variant="light" data-testid="mcp-key-created">
                  {t('keyCreated')}
                </Alert>
              ) : null}
            </Stack>
          </form>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('configTitle')}
            </Text>
            {create.data ? null : (
              <Text size="xs" c="dimmed">
                {t('withoutKey')}
              </Text>
            )}
            <Tabs value={client} onChange={(value) => value && setClient(value as McpClient)}>
              <Tabs.List>
                {MCP_CLIENTS.map((c) => (
                  <Tabs.Tab key={c} value={c}>
                    {t(CLIENT_LABEL[c])}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {MCP_CLIENTS.map((c) => (
                <Tabs.Panel key={c} value={c} pt="xs">
                  <Copyable
                    label={t('configFile', { file: CONFIG_FILE[c] })}
                    value={clientConfig(c, { origin: server.data.origin, dataDir: server.data.dataDir, key, world: server.data.world })}
                    copyLabel={t('copyConfig', { client: t(CLIENT_LABEL[c]) })}
                    testId={`mcp-config-${c}`}
                  />
                </Tabs.Panel>
              ))}
            </Tabs>
          </Stack>
        </Stack>
      )}
    </Section>
  );
}
