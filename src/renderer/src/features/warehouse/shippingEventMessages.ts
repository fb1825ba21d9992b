import type { ShippingEventCode } from '../../../../contract/timeline';
import { defineMessages } from '../../shared/i18n';

/**
 * A shipping order's events, worded from their codes (src/contract/timeline.ts) in both languages.
 * Amounts come already formatted; names, carriers and tracking numbers are shown as written.
 */
export const shippingEventMessages = defineMessages<ShippingEventCode | 'shipping.created_coupon' | 'by_recipient' | 'by_carrier' | 'reason' | 'insurance_paid' | 'not_insured' | 'separator'>(
  {
    'shipping.created': 'Shipping order created on {channel}; {amount} frozen in the wallet (freight {freight}, insurance {insurance}, storage {storage})',
    'shipping.created_coupon': 'Shipping order created on {channel}; {amount} frozen in the wallet (freight {freight}, coupon −{coupon}, insurance {insurance}, storage {storage})',
    'shipping.cancelled': 'Cancelled by you; {amount} released to the available balance; the packages are back in the warehouse',
    'shipping.handed_to_carrier': 'Handed to {carrier}, tracking number {trackingNo}',
    'shipping.delivered': 'Delivered to {name} ({by})',
    'shipping.customs_hold': 'Held by customs for inspection',
    'shipping.customs_cleared': 'Cleared by customs; back in transit',
    'shipping.lost_in_transit': 'Lost in transit by the carrier',
    'shipping.customs_seized': 'Seized by customs',
    by_recipient: 'confirmed by the recipient',
    by_carrier: 'recorded by the carrier',
    reason: 'Reason: {text}',
    insurance_paid: 'insurance paid {amount}',
    not_insured: 'not insured: nothing paid back',
    separator: '; ',
  },
  {
    'shipping.created': '已通过 {channel} 创建集运单；钱包冻结 {amount}（运费 {freight}，保险 {insurance}，仓储 {storage}）',
    'shipping.created_coupon': '已通过 {channel} 创建集运单；钱包冻结 {amount}（运费 {freight}，优惠券 −{coupon}，保险 {insurance}，仓储 {storage}）',
    'shipping.cancelled': '您已取消；{amount} 已退回可用余额；包裹已回到仓库',
    'shipping.handed_to_carrier': '已交给 {carrier}，运单号 {trackingNo}',
    'shipping.delivered': '已送达 {name}（{by}）',
    'shipping.customs_hold': '海关扣留查验',
    'shipping.customs_cleared': '海关已放行；继续运输',
    'shipping.lost_in_transit': '承运商运输途中丢失',
    'shipping.customs_seized': '被海关没收',
    by_recipient: '收件人已确认',
    by_carrier: '承运商已登记',
    reason: '原因：{text}',
    insurance_paid: '保险已赔付 {amount}',
    not_insured: '未投保：无赔付',
    separator: '；',
  },
);
