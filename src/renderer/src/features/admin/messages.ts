import { defineMessages } from '../../shared/i18n';

/** Words every operator page uses: navigation, statuses, common buttons. */
export const commonMessages = defineMessages(
  {
    navConsole: 'Back office',
    navKeys: 'API keys',
    navWebhooks: 'Webhooks',
    navServer: 'Server & data',
    cancel: 'Cancel',
    close: 'Close',
    copy: 'Copy',
    copied: 'Copied',
    save: 'Save',
    never: 'Never',
    loading: 'Loading…',
    previous: 'Previous',
    next: 'Next',
    order_pending: 'Pending',
    order_paid: 'Paid',
    order_purchased: 'Purchased',
    order_shipped_to_warehouse: 'Shipped to warehouse',
    order_in_warehouse: 'In warehouse',
    order_completed: 'Completed',
    order_cancelled: 'Cancelled',
    order_refunded: 'Refunded',
    order_returned: 'Returned',
    shipping_pending: 'Pending',
    shipping_shipped: 'Shipped',
    shipping_delivered: 'Delivered',
    shipping_cancelled: 'Cancelled',
    shipping_exception: 'Exception',
    shipping_lost: 'Lost',
  },
  {
    navConsole: '后台控制台',
    navKeys: 'API 密钥',
    navWebhooks: 'Webhooks',
    navServer: '服务器与数据',
    cancel: '取消',
    close: '关闭',
    copy: '复制',
    copied: '已复制',
    save: '保存',
    never: '从未',
    loading: '加载中…',
    previous: '上一页',
    next: '下一页',
    order_pending: '待确认',
    order_paid: '已付款',
    order_purchased: '已采购',
    order_shipped_to_warehouse: '发往仓库中',
    order_in_warehouse: '已入库',
    order_completed: '已完成',
    order_cancelled: '已取消',
    order_refunded: '已退款',
    order_returned: '已退货',
    shipping_pending: '待发货',
    shipping_shipped: '已发货',
    shipping_delivered: '已签收',
    shipping_cancelled: '已取消',
    shipping_exception: '异常',
    shipping_lost: '已丢失',
  },
);

export type CommonKey = keyof (typeof commonMessages)['en'];

/** The label key of an order status; unknown statuses show as they are. */
export function orderStatusKey(status: string): CommonKey | null {
  const key = `order_${status}`;
  return key in commonMessages.en ? (key as CommonKey) : null;
}

export function shippingStatusKey(status: string): CommonKey | null {
  const key = `shipping_${status}`;
  return key in commonMessages.en ? (key as CommonKey) : null;
}
