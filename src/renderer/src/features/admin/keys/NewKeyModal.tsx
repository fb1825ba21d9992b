import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../shared/i18n';
import { CopyValue } from '../CopyValue';
import { curlExample, examplePathFor } from '../curl';
import { fetchers, adminKeys } from '../queries';
import type { CreatedApiKey } from '../types';
import { keysMessages } from './messages';

/** The full key, once, with a copy button and a curl command that works as it is. */
export function NewKeyModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const t = useT(keysMessages);
  const server = useQuery({ queryKey: adminKeys.server, queryFn: fetchers.server, staleTime: Infinity });
  const origin = server.data?.origin ?? (typeof window !== 'undefined' && window.location.protocol.startsWith('http') ? window.location.origin : '');
  const command = created && origin ? curlExample(origin, created.key, examplePathFor(created.scopes)) : '';

  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('newKeyTitle')}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {t('newKeyWarning')}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('newKey')} · {created.name}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="new-api-key">
                {created.key}
              </Code>
              <CopyValue value={created.key} label={t('copyKey')} />
            </Group>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('tryIt')}
            </Text>
            {command ? (
              <>
                <Text size="xs" c="dimmed">
                  {t('curlHint')}
                </Text>
                <Group gap="xs" wrap="nowrap" align="center">
                  <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="curl-example">
                    {command}
                  </Code>
                  <CopyValue value={command} label={t('copyCurl')} />
                </Group>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('serverUnknown')}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
