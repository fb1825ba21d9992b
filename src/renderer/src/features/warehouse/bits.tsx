import { Badge, Group, Pagination, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useT } from '../../shared/i18n';
import { wholeBadgeStyles } from '../../shared/wholeBadge';
import { messages, type MessageKey } from './messages';
import type { PackageStatus, ShippingStatus } from './types';

/** Small pieces shared by the warehouse, ship and shipping pages. */

/** A longer badge (a sentence) wraps instead. */
export const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2, textTransform: 'none' as const },
  label: { whiteSpace: 'normal' as const, overflow: 'visible', lineHeight: 1.3 },
};

const PACKAGE_COLORS: Record<PackageStatus, string> = {
  in_warehouse: 'blue',
  packing: 'orange',
  shipped: 'violet',
  delivered: 'green',
  returning: 'yellow',
  returned: 'gray',
  rehearsing: 'cyan',
  disposed: 'dark',
  lost: 'red',
};
const SHIPPING_COLORS: Record<ShippingStatus, string> = {
  pending: 'orange',
  shipped: 'violet',
  delivered: 'green',
  cancelled: 'gray',
  exception: 'yellow',
  lost: 'red',
  awaiting_payment: 'orange',
};
const CARGO_COLORS: Record<string, string> = { general: 'gray', battery: 'yellow', sensitive: 'grape' };

export function useWarehouseT() {
  return useT(messages);
}

/** A status or cargo word from the API, translated when known, as sent otherwise. */
export function useLabel() {
  const t = useWarehouseT();
  return useCallback(
    (prefix: 'pkg' | 'ship' | 'cargo', value: string) => {
      const key = `${prefix}_${value}` as MessageKey;
      return key in messages.en ? t(key) : value;
    },
    [t],
  );
}

export function PackageStatusBadge({ status }: { status: PackageStatus }) {
  const label = useLabel();
  return (
    <Badge color={PACKAGE_COLORS[status] ?? 'gray'} variant="light" styles={wholeBadgeStyles}>
      {label('pkg', status)}
    </Badge>
  );
}

/** A shipping order's status, on the user's pages and in the staff work table alike. */
export function ShippingStatusBadge({ status, size }: { status: ShippingStatus; size?: 'sm' | 'md' | 'lg' }) {
  const label = useLabel();
  return (
    <Badge color={SHIPPING_COLORS[status] ?? 'gray'} variant="light" size={size} styles={wholeBadgeStyles}>
      {label('ship', status)}
    </Badge>
  );
}

export function CargoBadge({ cargo }: { cargo: string }) {
  const label = useLabel();
  return (
    <Badge color={CARGO_COLORS[cargo] ?? 'gray'} variant={cargo === 'general' ? 'outline' : 'light'} size="sm" styles={wholeBadgeStyles}>
      {label('cargo', cargo)}
    </Badge>
  );
}

/** Pagination under a table, with translated labels; nothing when everything fits on one page. */
export function Pages({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const t = useWarehouseT();
  if (pages <= 1) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {t('pageOf', { page, pages })}
      </Text>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        aria-label={t('pages')}
        getItemProps={(n) => ({ 'aria-label': t('pageN', { n }) })}
        getControlProps={(control) => ({ 'aria-label': t(`pageControl_${control}`) })}
      />
    </Group>
  );
}
