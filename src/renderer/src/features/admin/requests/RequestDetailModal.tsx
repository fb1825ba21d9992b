import { Alert, Code, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { CopyValue } from '../CopyValue';
import { curlForRequest } from '../curl';
import { formatBytes } from '../../../shared/format';
import { adminKeys, fetchers } from '../queries';
import { CallerName } from './CallerName';
import type { RequestDetail } from '../types';
import { requestsMessages } from './messages';

type Body = RequestDetail['requestBody'];

/** JSON bodies indented for reading; anything else (or a cut body, no longer valid JSON) as it is. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function BodyView({ title, body, testId }: { title: string; body: Body; testId: string }) {
  const t = useT(requestsMessages);
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {body.truncated ? (
          <Text size="xs" c="dimmed">
            {t('cut', { size: formatBytes(body.bytes) })}
          </Text>
        ) : null}
      </Group>
      {body.text === null ? (
        <Text size="sm" c="dimmed">
          {t('noBody')}
        </Text>
      ) : (
        <Code block data-testid={testId} style={{ maxHeight: 280, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {readable(body.text)}
        </Code>
      )}
    </Stack>
  );
}

/** One logged request: its id, both bodies, and the same call as a curl command. */
export function RequestDetailModal({ id, origin, onClose }: { id: number | null; origin: string; onClose: () => void }) {
  const t = useT(requestsMessages);
  const detail = useQuery({ queryKey: adminKeys.request(id ?? 0), queryFn: () => fetchers.request(id!), enabled: id !== null, staleTime: Infinity });
  const entry = detail.data;
  const command = entry ? curlForRequest(origin, { method: entry.method, path: entry.path, query: entry.query, body: entry.requestBody.text }) : '';
  return (
    <Modal opened={id !== null} onClose={onClose} size="xl" title={entry ? t('detailTitle', { method: entry.method, path: entry.path }) : ' '}>
      {detail.isPending ? (
        <Skeleton height={160} />
      ) : detail.isError ? (
        <ErrorAlert title={t('detailLoadError')} error={detail.error} />
      ) : entry ? (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('requestId')}
            </Text>
            <Code>{entry.requestId}</Code>
          </Group>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('filterKey')}
            </Text>
            <Text size="sm" data-testid="request-detail-caller">
              <CallerName entry={entry} />
            </Text>
          </Group>
          {entry.mcpTool ? (
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('mcpTool')}
              </Text>
              <Code data-testid="request-detail-mcp-tool" translate="no">
                {entry.mcpTool}
              </Code>
            </Group>
          ) : null}
          <BodyView title={t('requestBody')} body={entry.requestBody} testId="request-body" />
          <BodyView title={t('responseBody')} body={entry.responseBody} testId="response-body" />
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code block data-testid="request-curl" style={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {command}
              </Code>
              <CopyValue value={command} label={t('copyCurl')} />
            </Group>
            <Text size="xs" c="dimmed">
              {t('curlHint')}
            </Text>
            {entry.requestBody.truncated ? (
              <Alert color="yellow" variant="light" p="xs">
                {t('curlCut')}
              </Alert>
            ) : null}
          </Stack>
        </Stack>
      ) : null}
    </Modal>
  );
}
