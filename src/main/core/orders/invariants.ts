import type { CoreContext } from '../context.js';

/**
 * What must hold between orders, the ledger and coupons whatever happened (crash, concurrent requests):
 * `crossbuy doctor` and the property and crash tests check these. Each problem names its order.
 */
export interface InvariantProblem {
  orderNo: string;
  problem: string;
}

interface MoneyRow {
  order_no: string;
  status: string;
  subtotal_minor: number;
  discount_minor: number;
  service_fee_minor: number;
  total_minor: number;
  coupon_id: number | null;
  paid: number;
  payments: number;
  refunded: number;
}

const REFUNDED_STATUSES = new Set(['cancelled', 'refunded']);

export function checkOrderInvariants(ctx: CoreContext): InvariantProblem[] {
  const problems: InvariantProblem[] = [];
  const add = (orderNo: string, problem: string) => problems.push({ orderNo, problem });
  const rows = ctx.db
    .prepare(
      `SELECT o.order_no, o.status, o.subtotal_minor, o.discount_minor, o.service_fee_minor, o.total_minor, o.coupon_id,
              COALESCE((SELECT -SUM(amount_minor) FROM wallet_entries e WHERE e.reference = o.order_no AND e.type = 'order_payment'), 0) AS paid,
              (SELECT COUNT(*) FROM wallet_entries e WHERE e.reference = o.order_no AND e.type = 'order_payment') AS payments,
              COALESCE((SELECT SUM(amount_minor) FROM wallet_entries e WHERE e.reference = o.order_no AND e.type = 'order_refund'), 0) AS refunded
         FROM orders o ORDER BY o.rowid`,
    )
    .all() as MoneyRow[];
  for (const o of rows) {
    if (o.total_minor !== o.subtotal_minor - o.discount_minor + o.service_fee_minor) {
      add(o.order_no, `totalAmount ${o.total_minor} != subtotal ${o.subtotal_minor} - discount ${o.discount_minor} + serviceFee ${o.service_fee_minor}`);
    }
    if (o.discount_minor > o.subtotal_minor) add(o.order_no, `discount ${o.discount_minor} exceeds the subtotal ${o.subtotal_minor}`);
    if (o.paid !== o.total_minor || o.payments > 1) add(o.order_no, `paid ${o.paid} in ${o.payments} payment(s) for a total of ${o.total_minor}`);
    if (o.refunded > o.paid) add(o.order_no, `refunded ${o.refunded} is more than paid ${o.paid}`);
    const expectedRefund = REFUNDED_STATUSES.has(o.status) ? o.total_minor : 0;
    if (o.refunded !== expectedRefund) add(o.order_no, `${o.status} order has refunds of ${o.refunded}, expected ${expectedRefund}`);
    if (o.coupon_id !== null) {
      const used = ctx.db.prepare('SELECT COUNT(*) AS n FROM user_coupons WHERE used_order_no = ?').get(o.order_no) as { n: number };
      const expectedUsed = REFUNDED_STATUSES.has(o.status) ? 0 : 1;
      if (used.n !== expectedUsed) add(o.order_no, `${o.status} order holds ${used.n} used coupon(s), expected ${expectedUsed}`);
    }
  }
  const strays = ctx.db
    .prepare(
      `SELECT e.reference, e.type FROM wallet_entries e
        WHERE e.type IN ('order_payment', 'order_refund') AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.order_no = e.reference)`,
    )
    .all() as { reference: string; type: string }[];
  for (const s of strays) add(s.reference, `${s.type} entry for an order that does not exist`);
  const wrongCoupons = ctx.db
    .prepare(
      `SELECT uc.used_order_no FROM user_coupons uc LEFT JOIN orders o ON o.order_no = uc.used_order_no
        WHERE uc.used_order_no IS NOT NULL AND (o.order_no IS NULL OR o.coupon_id IS NOT uc.coupon_id OR o.user_id <> uc.user_id)`,
    )
    .all() as { used_order_no: string }[];
  for (const c of wrongCoupons) add(c.used_order_no, 'a coupon is marked used by an order that did not redeem it');
  return problems;
}
