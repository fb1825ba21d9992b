import { defineMessages } from '../../shared/i18n';

/** The shipping coupon picker of the ship step (extensions.md section 11). */
export const shipCouponMessages = defineMessages(
  {
    title: 'Shipping coupon',
    none: 'No coupon',
    minFee: 'on a shipping fee of {amount} or more',
    channels: 'on some channels only',
    notOnChannel: 'not on this channel',
    expires: 'until {date}',
    claimable: 'Shipping coupons to claim',
    claim: 'Claim {name}',
    claimShort: 'Claim',
    claimFailed: 'The coupon was not claimed',
    loading: 'Loading your shipping coupons',
    loadFailed: 'Cannot load your shipping coupons',
    claimableFailed: 'Cannot load the shipping coupons to claim',
    hint: 'Comes off the freight only (never insurance, storage or services); the summary shows the discount.',
    noCoupons: 'No shipping coupons.',
  },
  {
    title: '运费优惠券',
    none: '不使用优惠券',
    minFee: '运费满 {amount} 可用',
    channels: '仅限部分渠道',
    notOnChannel: '此渠道不可用',
    expires: '有效期至 {date}',
    claimable: '可领取的运费优惠券',
    claim: '领取 {name}',
    claimShort: '领取',
    claimFailed: '优惠券未领取',
    loading: '正在加载运费优惠券',
    loadFailed: '无法加载运费优惠券',
    claimableFailed: '无法加载可领取的运费优惠券',
    hint: '仅抵扣运费（不含保险、仓储和增值服务）；优惠金额见汇总。',
    noCoupons: '没有运费优惠券。',
  },
);
