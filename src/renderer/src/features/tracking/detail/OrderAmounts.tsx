import { Divider, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { detailMessages } from '../messages';
import { useOrderCoupon } from '../queries';
import type { OrderDetail } from '../types';
import { AmountRow, Section } from './Section';

/**
 * The order's own numbers, as the service priced them, then its money after sales as the ledger has it
 * (issue 26 item 6): supplements paid, fees for extra photos and exchanges, refunds, and what was paid in
 * the end. An order with none of these shows its total as what was paid.
 */
export function OrderAmounts({ order }: { order: OrderDetail }) {
  const fmt = useFormat();
  const t = useT(detailMessages);
  const money = (amount: number) => fmt.money(amount, order.currency);
  const coupon = useOrderCoupon(order.couponId);
  const afterSales = order.money.paid !== order.totalAmount || order.money.fees > 0 || order.money.refunded > 0;
  // The coupon's name once known; its number only while the list loads or if it is gone.
  const couponLabel = order.couponId === null ? null : coupon.data ? coupon.data.name : t('couponUsed', { id: order.couponId });
  return (
    <Section title={t('summary')}>
      <AmountRow label={t('subtotal')} value={money(order.subtotal)} testId="order-subtotal" />
      <AmountRow
        label={couponLabel === null ? t('discount') : t('discountWithCoupon', { coupon: couponLabel })}
        value={order.discount > 0 ? `−${money(order.discount)}` : money(0)}
        testId="order-discount"
      />
      <AmountRow label={t('serviceFee')} value={money(order.serviceFee)} testId="order-service-fee" />
      <Divider />
      {afterSales ? (
        <>
          <AmountRow label={t('orderTotal')} value={money(order.totalAmount)} testId="order-total" />
          {order.money.paid !== order.totalAmount ? <AmountRow label={t('paidWithSupplements')} value={money(order.money.paid)} testId="order-paid" /> : null}
          {order.money.fees > 0 ? <AmountRow label={t('afterSalesFees')} value={money(order.money.fees)} testId="order-fees" /> : null}
          {order.money.refunded > 0 ? <AmountRow label={t('refunded')} value={`−${money(order.money.refunded)}`} testId="order-refunded" /> : null}
          <Divider />
          <AmountRow label={t('total')} value={money(order.money.net)} strong testId="order-net-paid" />
        </>
      ) : (
        <AmountRow label={t('total')} value={money(order.totalAmount)} strong testId="order-total" />
      )}
      {order.remark ? (
        <Text size="xs" c="dimmed" fs="italic">
          {t('orderRemark', { remark: order.remark })}
        </Text>
      ) : null}
    </Section>
  );
}
