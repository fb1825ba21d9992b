import { useCallback } from 'react';
import type { TimelinePart } from '../../../../contract/timeline';
import { useFormat } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { usePlatformName } from '../shop/PlatformBadge';
import { timelineMessages } from './timelineMessages';

type Key = keyof (typeof timelineMessages)['en'];

/**
 * A timeline entry in the UI language, from its parts (amounts through the money formatter, dates
 * through the date formatter). Entries without parts (older rows, notes an operator typed) and codes this
 * UI does not know yet show the server's note. `items`: the order's lines, so an entry about one names its
 * product ("Compact Smart Watch: exchange requested"), not its line id.
 */
export function useTimelineText(items: readonly { itemId: number; title: string }[] = NO_ITEMS): (entry: { note: string; parts?: TimelinePart[] | null }) => string {
  const t = useT(timelineMessages);
  const fmt = useFormat();
  const platformName = usePlatformName();
  return useCallback(
    (entry) => {
      if (!entry.parts || entry.parts.length === 0) return entry.note;
      if (entry.parts.some((p) => !(p.code in timelineMessages.en))) return entry.note;
      return entry.parts
        .map(({ code, params }) => {
          const vars: Record<string, string | number> = { ...params };
          if (typeof params.amount === 'number' && typeof params.currency === 'string') vars.amount = fmt.money(params.amount, params.currency);
          if (typeof params.dueBy === 'string') vars.dueBy = fmt.date(params.dueBy);
          if (params.result === 'passed' || params.result === 'issue_found') vars.result = t(`result_${params.result}`);
          if (code === 'order.supplement_requested' && (params.reason === 'price_increase' || params.reason === 'domestic_freight')) vars.reason = t(`supplement_${params.reason}`);
          if (params.type === 'return' || params.type === 'exchange') vars.type = t(`type_${params.type}`);
          if (typeof params.weight === 'number') vars.weight = fmt.number(params.weight);
          if (typeof params.itemId === 'number') vars.item = items.find((i) => i.itemId === params.itemId)?.title ?? t('itemN', { itemId: params.itemId });
          // "Bought on Taobao" (淘宝), not the platform's id.
          if (typeof params.platform === 'string') vars.platform = platformName(params.platform);
          return t(code as Key, vars);
        })
        .join(t('separator'));
    },
    [t, fmt, platformName, items],
  );
}

const NO_ITEMS: readonly { itemId: number; title: string }[] = [];

/** A domestic tracking event in the UI language from its code; the server's description when it has none. */
export function useLogisticsText(): (event: { description: string; code?: string | null; params?: TimelinePart['params'] | null }) => string {
  const t = useT(timelineMessages);
  return useCallback(
    (event) => (event.code && event.code.startsWith('logistics.') && event.code in timelineMessages.en ? t(event.code as Key, event.params ?? {}) : event.description),
    [t],
  );
}
