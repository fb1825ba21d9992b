import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useLocale, useT, type Language } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { useAvailableCoupons, useClaimCoupon, useLedgerCurrency, useMyCoupons, type Coupon, type CouponStatus } from './api';
import { couponTerms, formatCouponValue, orderHref } from './logic';
import { couponMessages } from './messages';

const STATUS_COLOR: Record<CouponStatus, string> = { unused: 'green', used: 'gray', expired: 'red' };

function CouponCard({ coupon, currency, aside, children, muted }: { coupon: Coupon; currency: string; aside: ReactNode; children?: ReactNode; muted?: boolean }) {
  const fmt = useFormat();
  const t = useT(couponMessages);
  const language = useLocale() as Language;
  const formatDate = (iso: string, withTime = false) => fmt.date(iso, withTime ? 'dateTime' : 'date');
  return (
    <Paper withBorder radius="md" p="md" role="listitem" aria-label={coupon.name} style={{ borderLeft: '4px solid var(--mantine-color-orange-5)', opacity: muted ? 0.7 : 1 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fz={22} fw={800} c="orange" lh={1.1}>
            {formatCouponValue(coupon, currency, language)}
          </Text>
          <Text fw={600}><span translate="no">{coupon.name}</span></Text>
          {couponTerms(coupon).map((term) => (
            <Text key={term.key} size="sm" c="dimmed">
              {t(term.key, { amount: fmt.money(term.amount ?? 0, currency) })}
            </Text>
          ))}
          <Text size="sm" c="dimmed">
            {t('expires', { date: formatDate(coupon.expiresAt, true) })}
          </Text>
          {children}
        </Stack>
        {aside}
      </Group>
    </Paper>
  );
}

function AvailableCoupons({ currency }: { currency: string }) {
  const t = useT(couponMessages);
  const coupons = useAvailableCoupons();
  const claim = useClaimCoupon();
  const onClaim = (coupon: Coupon) =>
    claim.mutate(coupon.id, {
      onSuccess: () => notifications.show({ color: 'green', title: t('claimed'), message: t('claimedText', { name: coupon.name }) }),
    });
  if (coupons.isPending) return <Skeleton height={160} />;
  if (coupons.isError) return <ErrorAlert title={t('loadError')} error={coupons.error} />;
  return (
    <Stack gap="sm">
      {claim.isError ? <ErrorAlert title={t('claimError')} error={claim.error} /> : null}
      {coupons.data.length === 0 ? (
        <EmptyState title={t('noneAvailable')}>{t('noneAvailableHint')}</EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} role="list" aria-label={t('availableList')}>
          {coupons.data.map((coupon) => (
            <CouponCard
              key={coupon.id}
              coupon={coupon}
              currency={currency}
              aside={
                <Button onClick={() => onClaim(coupon)} loading={claim.isPending && claim.variables === coupon.id} disabled={claim.isPending} aria-label={t('claimLabel', { name: coupon.name })}>
                  {t('claim')}
                </Button>
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function MyCoupons({ currency }: { currency: string }) {
  const t = useT(couponMessages);
  const fmt = useFormat();
  const formatDate = (iso: string, withTime = false) => fmt.date(iso, withTime ? 'dateTime' : 'date');
  const coupons = useMyCoupons();
  if (coupons.isPending) return <Skeleton height={160} />;
  if (coupons.isError) return <ErrorAlert title={t('loadError')} error={coupons.error} />;
  if (coupons.data.length === 0) return <EmptyState title={t('noneMine')}>{t('noneMineHint')}</EmptyState>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} role="list" aria-label={t('mineList')}>
      {coupons.data.map((coupon) => (
        <CouponCard
          key={coupon.id}
          coupon={coupon}
          currency={currency}
          muted={coupon.status !== 'unused'}
          aside={
            <Badge color={STATUS_COLOR[coupon.status]} variant="light">
              {t(`status_${coupon.status}`)}
            </Badge>
          }
        >
          <Text size="xs" c="dimmed">
            {t('claimedOn', { date: formatDate(coupon.claimedAt) })}
          </Text>
          {coupon.usedOrderNo ? (
            <Text size="xs">
              {t('usedOn', { orderNo: '' })}
              <Anchor href={orderHref(coupon.usedOrderNo)} ff="monospace" size="xs">
                {coupon.usedOrderNo}
              </Anchor>
            </Text>
          ) : null}
        </CouponCard>
      ))}
    </SimpleGrid>
  );
}

export function CouponsPage() {
  const t = useT(couponMessages);
  const currency = useLedgerCurrency();
  const [tab, setTab] = useState<string | null>('available');
  const available = useAvailableCoupons();
  const mine = useMyCoupons();
  const count = (n: number | undefined) =>
    n === undefined ? null : (
      <Badge size="sm" variant="light" circle={n < 10}>
        {n}
      </Badge>
    );
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="available" rightSection={count(available.data?.length)}>
            {t('availableTab')}
          </Tabs.Tab>
          <Tabs.Tab value="mine" rightSection={count(mine.data?.filter((c) => c.status === 'unused').length)}>
            {t('mineTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="available" pt="md">
          <AvailableCoupons currency={currency} />
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="md">
          <MyCoupons currency={currency} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
