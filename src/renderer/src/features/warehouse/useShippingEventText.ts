import { useCallback } from 'react';
import type { TimelinePart } from '../../../../contract/timeline';
import { useFormat } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { shippingEventMessages } from './shippingEventMessages';

type Key = keyof (typeof shippingEventMessages)['en'];
type Event = { description: string; code?: string | null; params?: TimelinePart['params'] | null };

const MONEY = ['amount', 'freight', 'insurance', 'storage', 'coupon'] as const;

/**
 * The coupon of a `shipping.created` event: the service's own figure from its params (`coupon`, present when
 * one applied), never worked out from the other parts. Null without a coupon. An event written before the
 * params carried it is shown as the service wrote it (its description names the coupon).
 */
export function createdCoupon(event: Event): number | null {
  const value = event.params?.coupon;
  return typeof value === 'number' && value > 0 ? value : null;
}

/**
 * A shipping order's event in the UI language from its code (amounts through `money`); the server's
 * English description for events without one (older rows) and codes this UI does not know.
 */
export function shippingEventText(event: Event, t: (key: Key, vars?: Record<string, string | number>) => string, money: (amount: number, currency?: string) => string): string {
  const { code } = event;
  if (!code || !code.startsWith('shipping.') || !(code in shippingEventMessages.en)) return event.description;
  // Written before its params carried the coupon: as the service wrote it, whose parts add up.
  if (code === 'shipping.created' && event.params?.coupon === undefined && /, coupon -/.test(event.description)) return event.description;
  const params = event.params ?? {};
  const currency = typeof params.currency === 'string' ? params.currency : undefined;
  const vars: Record<string, string | number> = { ...params };
  for (const key of MONEY) if (typeof params[key] === 'number') vars[key] = money(params[key], currency);
  if (params.by === 'recipient' || params.by === 'carrier') vars.by = t(`by_${params.by}`);
  let key = code as Key;
  if (code === 'shipping.created') {
    // The hold is freight - coupon + insurance + storage: the coupon is shown, so the parts add up.
    const coupon = createdCoupon(event);
    if (coupon !== null) {
      key = 'shipping.created_coupon';
      vars.coupon = money(coupon, currency);
    }
  }
  const text = [t(key, vars)];
  if (code === 'shipping.cancelled' && typeof params.reason === 'string' && params.reason !== '') text.push(t('reason', { text: params.reason }));
  if (code === 'shipping.lost_in_transit' || code === 'shipping.customs_seized') {
    text.push(typeof params.amount === 'number' && params.amount > 0 ? t('insurance_paid', { amount: vars.amount! }) : t('not_insured'));
  }
  return text.join(t('separator'));
}

export function useShippingEventText(): (event: Event) => string {
  const t = useT(shippingEventMessages);
  const fmt = useFormat();
  return useCallback((event) => shippingEventText(event, t, (amount, currency) => fmt.money(amount, currency)), [t, fmt]);
}
