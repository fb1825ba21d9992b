import { useCallback } from 'react';
import type { TimelinePart } from '../../../../contract/timeline';
import { useFormat } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { shippingEventMessages } from './shippingEventMessages';

type Key = keyof (typeof shippingEventMessages)['en'];
type Event = { description: string; code?: string | null; params?: TimelinePart['params'] | null };

const MONEY = ['amount', 'freight', 'insurance', 'storage'] as const;

/**
 * A shipping order's event in the UI language from its code (amounts through the money formatter); the
 * server's English description for events without one (older rows) and codes this UI does not know.
 */
export function useShippingEventText(): (event: Event) => string {
  const t = useT(shippingEventMessages);
  const fmt = useFormat();
  return useCallback(
    (event) => {
      const { code } = event;
      if (!code || !code.startsWith('shipping.') || !(code in shippingEventMessages.en)) return event.description;
      const params = event.params ?? {};
      const currency = typeof params.currency === 'string' ? params.currency : undefined;
      const vars: Record<string, string | number> = { ...params };
      for (const key of MONEY) if (typeof params[key] === 'number') vars[key] = fmt.money(params[key], currency);
      if (params.by === 'recipient' || params.by === 'carrier') vars.by = t(`by_${params.by}`);
      const text = [t(code as Key, vars)];
      if (code === 'shipping.cancelled' && typeof params.reason === 'string' && params.reason !== '') text.push(t('reason', { text: params.reason }));
      if (code === 'shipping.lost_in_transit' || code === 'shipping.customs_seized') {
        text.push(typeof params.amount === 'number' && params.amount > 0 ? t('insurance_paid', { amount: vars.amount! }) : t('not_insured'));
      }
      return text.join(t('separator'));
    },
    [t, fmt],
  );
}
