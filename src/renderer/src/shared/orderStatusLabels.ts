import type { OrderStatus } from '../../../contract/enums';

/**
 * What each API order status is called, for a shopper, in one place (the orders list, the badges, the
 * timeline, the dashboard and the back office all say the same). The API's status values never change; only
 * their names here. The order is paid from the wallet when it is placed, so `pending` means the agent has
 * not confirmed that payment yet, and `paid` is the agent confirming it (the timeline's second step).
 */
export const ORDER_STATUS_LABELS: Record<'en' | 'zh-CN', Record<OrderStatus, string>> = {
  en: {
    pending: 'Awaiting payment confirmation',
    paid: 'Payment confirmed',
    purchased: 'Purchased',
    shipped_to_warehouse: 'On the way to the warehouse',
    in_warehouse: 'In the warehouse',
    completed: 'Completed',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    returned: 'Returned',
  },
  'zh-CN': {
    pending: '待确认付款',
    paid: '已确认付款',
    purchased: '已采购',
    shipped_to_warehouse: '发往仓库中',
    in_warehouse: '已入库',
    completed: '已完成',
    cancelled: '已取消',
    refunded: '已退款',
    returned: '已退货',
  },
};

/** The labels with a prefix on each key (`status_pending`), for catalogs that keep them beside other keys. */
export function prefixedStatusLabels<P extends string>(prefix: P, language: 'en' | 'zh-CN'): Record<`${P}${OrderStatus}`, string> {
  return Object.fromEntries(Object.entries(ORDER_STATUS_LABELS[language]).map(([k, v]) => [`${prefix}${k}`, v])) as Record<`${P}${OrderStatus}`, string>;
}
