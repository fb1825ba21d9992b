import { describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n';
import { shippingEventMessages } from './shippingEventMessages';
import { createdCoupon, shippingEventText } from './useShippingEventText';

const money = (amount: number, currency?: string) => `${currency ?? ''}${amount.toFixed(2)}`;
const en = (key: keyof (typeof shippingEventMessages)['en'], vars?: Record<string, string | number>) => translate(shippingEventMessages, 'en', key, vars);
const zh = (key: keyof (typeof shippingEventMessages)['en'], vars?: Record<string, string | number>) => translate(shippingEventMessages, 'zh-CN', key, vars);

// The service's event (src/main/core/shipping/create.ts) for a shipment with a shipping coupon and insurance.
const withCoupon = {
  code: 'shipping.created',
  description:
    'Shipping order created on Economy Consolidated Line; 92.75 CNY frozen in the wallet (freight 47.25 CNY, coupon -9.45 CNY, insurance 54.95 CNY, storage 0.00 CNY)',
  params: { channel: 'Economy Consolidated Line', amount: 92.75, freight: 47.25, coupon: 9.45, insurance: 54.95, storage: 0, currency: 'CNY' },
};

describe('the shipping order’s first event', () => {
  it('names the coupon, so freight - coupon + insurance + storage is the hold', () => {
    const text = shippingEventText(withCoupon, en, money);
    expect(text).toBe('Shipping order created on Economy Consolidated Line; CNY92.75 frozen in the wallet (freight CNY47.25, coupon −CNY9.45, insurance CNY54.95, storage CNY0.00)');
    expect(shippingEventText(withCoupon, zh, money)).toContain('优惠券 −CNY9.45');
  });

  it('takes the coupon from the params, never from the other parts', () => {
    expect(createdCoupon(withCoupon)).toBe(9.45);
    expect(createdCoupon({ ...withCoupon, params: { ...withCoupon.params, coupon: 0 } })).toBeNull();
  });

  it('an event written before its params carried the coupon is shown as the service wrote it', () => {
    const { coupon: _coupon, ...older } = withCoupon.params;
    expect(shippingEventText({ ...withCoupon, params: older }, zh, money)).toBe(withCoupon.description);
  });

  it('has no coupon part without a coupon', () => {
    const event = {
      code: 'shipping.created',
      description: 'Shipping order created on Line; 47.25 CNY frozen in the wallet (freight 47.25 CNY, insurance 0.00 CNY, storage 0.00 CNY)',
      params: { channel: 'Line', amount: 47.25, freight: 47.25, insurance: 0, storage: 0, currency: 'CNY' },
    };
    expect(createdCoupon(event)).toBeNull();
    expect(shippingEventText(event, en, money)).toBe('Shipping order created on Line; CNY47.25 frozen in the wallet (freight CNY47.25, insurance CNY0.00, storage CNY0.00)');
  });
});
