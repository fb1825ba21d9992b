import { prefixedStatusLabels } from '../../shared/orderStatusLabels';
import { defineMessages } from '../../shared/i18n';

/** Words every back office page uses: navigation, statuses, common buttons. */
export const commonMessages = defineMessages(
  {
    navWork: 'Staff work',
    navKeys: 'API keys',
    navWebhooks: 'Webhooks',
    navServer: 'Server & data',
    navRequests: 'Requests',
    cancel: 'Cancel',
    close: 'Close',
    copy: 'Copy',
    copied: 'Copied',
    save: 'Save',
    never: 'Never',
    loading: 'Loading…',
    previous: 'Previous',
    next: 'Next',
    ...prefixedStatusLabels('order_', 'en'),
    shipping_pending: 'Pending',
    shipping_shipped: 'Shipped',
    shipping_delivered: 'Delivered',
    shipping_cancelled: 'Cancelled',
    shipping_exception: 'Exception',
    shipping_lost: 'Lost',
  },
  {
    navWork: '工作台',
    navKeys: 'API 密钥',
    navWebhooks: 'Webhooks',
    navServer: '服务器与数据',
    navRequests: '请求日志',
    cancel: '取消',
    close: '关闭',
    copy: '复制',
    copied: '已复制',
    save: '保存',
    never: '从未',
    loading: '加载中…',
    previous: '上一页',
    next: '下一页',
    ...prefixedStatusLabels('order_', 'zh-CN'),
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
