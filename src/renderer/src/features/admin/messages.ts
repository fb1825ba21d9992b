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
    numberRequired: 'Required',
    numberInvalid: 'Enter a number',
    numberWhole: 'Enter a whole number',
    numberRange: 'Enter a number from {min} to {max}',
    numberAboveTo: 'Enter a number more than {min} and at most {max}',
    numberAtLeast: 'Enter a number of at least {min}',
    numberAbove: 'Enter a number more than {min}',
    numberAtMost: 'Enter a number of at most {max}',
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
    numberRequired: '必填',
    numberInvalid: '请输入数字',
    numberWhole: '请输入整数',
    numberRange: '请输入 {min} 到 {max} 之间的数字',
    numberAboveTo: '请输入大于 {min} 且不超过 {max} 的数字',
    numberAtLeast: '请输入不小于 {min} 的数字',
    numberAbove: '请输入大于 {min} 的数字',
    numberAtMost: '请输入不超过 {max} 的数字',
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
