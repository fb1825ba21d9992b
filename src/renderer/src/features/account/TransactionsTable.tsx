import { Anchor, Group, Pagination, Paper, Select, Skeleton, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { ENTRY_TYPES, useTransactions, type EntryType } from './api';
import { pageCount, transactionReferenceHref } from './logic';
import { commonMessages, walletMessages } from './messages';
import { SignedAmount, TransactionDescription, TransactionText, TransactionTypeBadge } from './TransactionBits';

const PAGE_SIZES = ['20', '50', '100'];

/** GET /user/wallet/transactions, a page at a time (at most 100 rows on screen: no virtualization needed). */
export function TransactionsTable() {
  const fmt = useFormat();
  const t = useT(walletMessages);
  const c = useT(commonMessages);
  const formatDate = (iso: string, withTime = false) => fmt.date(iso, withTime ? 'dateTime' : 'date');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [type, setType] = useState<EntryType | null>(null);
  const transactions = useTransactions({ page, limit, ...(type ? { type } : {}) });
  const data = transactions.data;
  const pages = data ? pageCount(data.total, data.limit) : 1;

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('transactions')}>
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={3} size="h4">
          {t('transactions')}
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('typeFilter')}
            size="xs"
            w={190}
            value={type ?? 'all'}
            allowDeselect={false}
            data={[{ value: 'all', label: t('allTypes') }, ...ENTRY_TYPES.map((value) => ({ value, label: c(`type_${value}`) }))]}
            onChange={(value) => {
              setType(!value || value === 'all' ? null : (value as EntryType));
              setPage(1);
            }}
          />
          <Select
            label={t('perPage')}
            size="xs"
            w={80}
            value={String(limit)}
            allowDeselect={false}
            data={PAGE_SIZES}
            onChange={(value) => {
              setLimit(Number(value ?? 20));
              setPage(1);
            }}
          />
        </Group>
      </Group>
      {transactions.isPending ? (
        <Skeleton height={240} />
      ) : transactions.isError ? (
        <ErrorAlert title={t('transactionsError')} error={transactions.error} />
      ) : data!.items.length === 0 ? (
        <Text c="dimmed" py="md">
          {type ? t('noTransactionsOfType') : t('noTransactions')}
        </Text>
      ) : (
        <>
          {/* Four columns that fit the 900 px window (six cut "Balance after" even at 1280 px): the type and the
              reference go with the description, the time under the date. Narrower windows scroll, scrollbar shown. */}
          <Table.ScrollContainer minWidth={520} scrollAreaProps={{ type: 'auto' }}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-busy={transactions.isFetching} style={{ opacity: transactions.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('date')}</Table.Th>
                  <Table.Th>{t('description')}</Table.Th>
                  <Table.Th ta="right">{t('amount')}</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {t('balanceAfter')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data!.items.map((tx) => {
                  const href = transactionReferenceHref(tx);
                  return (
                    <Table.Tr key={tx.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(tx.createdAt)}
                        <Text size="xs" c="dimmed">
                          {fmt.date(tx.createdAt, 'time')}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <TransactionTypeBadge type={tx.type} />
                        <div>
                          <TransactionText tx={tx} />
                        </div>
                        <TransactionDescription tx={tx} />
                        {tx.reference ? (
                          <Text size="xs" ff="monospace" c="dimmed" translate="no">
                            {href ? <Anchor href={href} inherit>{tx.reference}</Anchor> : tx.reference}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">
                        <SignedAmount amount={tx.amount} currency={tx.currency} />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {fmt.money(tx.balanceAfter, tx.currency)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed">
              {t('showing', { from: (data!.page - 1) * data!.limit + 1, to: (data!.page - 1) * data!.limit + data!.items.length, total: data!.total })}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) =>
                  control === 'previous' ? { 'aria-label': c('previous') } : control === 'next' ? { 'aria-label': c('next') } : {}
                }
              />
            ) : null}
          </Group>
        </>
      )}
    </Paper>
  );
}
