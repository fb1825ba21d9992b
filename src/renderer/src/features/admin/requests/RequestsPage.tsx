import { Badge, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { wholeBadgeStyles } from '../../../shared/wholeBadge';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/PageHeader';
import { useFormat } from '../../../shared/format';
import { adminKeys, fetchers } from '../queries';
import { Section } from '../Section';
import type { RequestLogFilter } from '../types';
import { CallerName } from './CallerName';
import { logPathPrefix } from './pathFilter';
import { requestsMessages } from './messages';
import { RequestDetailModal } from './RequestDetailModal';
import { SaveWorldFileButton } from './SaveWorldFileButton';

/** The log changes with every script call and no event says so: poll, only while the page is shown. */
const REFRESH_MS = 2000;
const PAGE_SIZE = 25;
/** Typing a path waits for a pause: each filter is a query of its own, polled while shown. */
const PATH_DEBOUNCE_MS = 300;

/** The caller filter's two choices beside the keys (a key is its id). */
const BY_APP = 'app';
const BY_NO_KEY = 'none';

/** The log's filter for what the caller select holds: the app, no valid key, or one key. */
function callerFilter(choice: string | null): Pick<RequestLogFilter, 'key' | 'caller'> {
  if (choice === null) return {};
  if (choice === BY_APP || choice === BY_NO_KEY) return { caller: choice };
  return { key: Number(choice) };
}

function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'green';
}

/** The back office's view of the open API's request log: filters, live first page, cursor paging. */
export function RequestsPage() {
  const t = useT(requestsMessages);
  const fmt = useFormat();
  const [key, setKey] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [path, setPath] = useState('');
  // The cursors of the pages walked so far: [] is the newest page (the only one that refreshes).
  const [cursors, setCursors] = useState<number[]>([]);
  const [open, setOpen] = useState<number | null>(null);

  const keys = useQuery({ queryKey: adminKeys.apiKeys, queryFn: fetchers.apiKeys });
  const server = useQuery({ queryKey: adminKeys.server, queryFn: fetchers.server, staleTime: Infinity });
  // The log filters by a path prefix, which starts with `/`; anything else is not sent, and the field says so.
  const typedPath = path.trim();
  const pathInvalid = typedPath !== '' && !typedPath.startsWith('/');
  const [pathFilter] = useDebouncedValue(pathInvalid ? '' : logPathPrefix(typedPath), PATH_DEBOUNCE_MS);
  const filtered = key !== null || status !== null || pathFilter !== '';
  const filter: RequestLogFilter = {
    limit: PAGE_SIZE,
    ...callerFilter(key),
    ...(status ? { status } : {}),
    ...(pathFilter ? { path: pathFilter } : {}),
    ...(cursors.length ? { startingAfter: cursors[cursors.length - 1] } : {}),
  };
  const log = useQuery({
    queryKey: adminKeys.requests(filter),
    queryFn: () => fetchers.requests(filter),
    placeholderData: keepPreviousData,
    refetchInterval: cursors.length === 0 ? REFRESH_MS : false,
  });
  const origin = server.data?.origin ?? (window.location.protocol.startsWith('http') ? window.location.origin : '');
  const refilter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setCursors([]);
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} intro={t('intro')} />
      <Group align="flex-end" gap="md">
        <Select
          label={t('filterKey')}
          placeholder={t('anyKey')}
          clearable
          value={key}
          onChange={refilter(setKey)}
          data={[
            { value: BY_APP, label: t('byApp') },
            { value: BY_NO_KEY, label: t('byNoKey') },
            ...(keys.data ?? []).map((k) => ({ value: String(k.id), label: `${k.name} (${k.preview})` })),
          ]}
          w={260}
        />
        <Select
          label={t('filterStatus')}
          placeholder={t('anyStatus')}
          clearable
          value={status}
          onChange={refilter(setStatus)}
          data={[
            { value: '2xx', label: t('class2xx') },
            { value: '4xx', label: t('class4xx') },
            { value: '5xx', label: t('class5xx') },
            ...['400', '401', '403', '404', '409', '422', '429'].map((code) => ({ value: code, label: code })),
          ]}
          w={200}
        />
        <TextInput
          label={t('filterPath')}
          placeholder={t('pathPlaceholder')}
          value={path}
          onChange={(e) => refilter(setPath)(e.currentTarget.value)}
          error={pathInvalid ? t('pathMustStartWithSlash') : undefined}
          w={280}
        />
        <SaveWorldFileButton keyId={callerFilter(key).key ?? null} />
      </Group>
      <Section title={t('listLabel')}>
        {log.isPending ? (
          <Skeleton height={120} />
        ) : log.isError && !log.data ? (
          <ErrorAlert title={t('loadError')} error={log.error} />
        ) : log.data.items.length === 0 ? (
          <Stack gap="xs">
            {log.isError ? <ErrorAlert title={t('refreshError')} error={log.error} /> : null}
            <Text size="sm" c="dimmed">
              {t(filtered ? 'noMatch' : 'empty')}
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            {/* A failed poll keeps the requests last shown; the error says they may be out of date. */}
            {log.isError ? <ErrorAlert title={t('refreshError')} error={log.error} /> : null}
            {/* The path wraps (break-all), so the table fits a 900 px window; narrower ones scroll, scrollbar shown. */}
            <Table.ScrollContainer minWidth={560} scrollAreaProps={{ type: 'auto' }}>
              <Table verticalSpacing={6} horizontalSpacing={8} fz="sm" highlightOnHover aria-label={t('listLabel')}>
                <Table.Thead>
                  <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                    <Table.Th>{t('colTime')}</Table.Th>
                    <Table.Th>{t('colKey')}</Table.Th>
                    <Table.Th>{t('colMethod')}</Table.Th>
                    <Table.Th>{t('colPath')}</Table.Th>
                    <Table.Th>{t('colStatus')}</Table.Th>
                    <Table.Th ta="right">{t('colDuration')}</Table.Th>
                    {/* The Open buttons' column: named for a screen reader (an empty header cell says nothing). */}
                    <Table.Th>
                      <VisuallyHidden>{t('colDetails')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.items.map((entry) => (
                    <Table.Tr key={entry.id} data-testid="request-row" style={{ cursor: 'pointer' }} onClick={() => setOpen(entry.id)}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(entry.at, 'short')}</Table.Td>
                      {/* Key names, paths and queries are the caller's data: never translated. */}
                      <Table.Td>
                        <CallerName entry={entry} />
                      </Table.Td>
                      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {entry.method}
                      </Table.Td>
                      <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }} translate="no">
                        {entry.path}
                        {entry.query ? `?${entry.query}` : ''}
                        {entry.mcpTool ? (
                          <Badge ml="xs" size="xs" variant="outline" color="grape" data-testid="request-mcp-tool" title={t('viaMcp')} styles={wholeBadgeStyles}>
                            {entry.mcpTool}
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={statusColor(entry.status)} styles={wholeBadgeStyles}>
                          {entry.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {t('ms', { ms: fmt.number(entry.durationMs, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
                      </Table.Td>
                      <Table.Td>
                        <Button size="compact-xs" variant="subtle" onClick={() => setOpen(entry.id)}>
                          {t('open')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="xs">
              <Button size="compact-sm" variant="default" disabled={cursors.length === 0} onClick={() => setCursors([])}>
                {t('newest')}
              </Button>
              <Button size="compact-sm" variant="default" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
                {t('newer')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                disabled={!log.data.hasMore}
                onClick={() => setCursors([...cursors, log.data.items[log.data.items.length - 1]!.id])}
              >
                {t('older')}
              </Button>
            </Group>
          </Stack>
        )}
      </Section>
      <RequestDetailModal id={open} origin={origin} onClose={() => setOpen(null)} />
    </Stack>
  );
}

