import type { CoreContext } from '../context.js';
import { afterSalesRows, orderLedgerRows, orderMoneyRows, type AfterSalesRow, type OrderLedgerRow, type OrderMoneyRow } from './rows.js';

/**
 * What must hold between orders, the ledger and coupons whatever happened (crash, concurrent requests):
 * `crossbuy doctor` and the property and crash tests check these. Each problem names its order.
 */
export interface InvariantProblem {
  orderNo: string;
  problem: string;
}

const REFUNDED_STATUSES = new Set(['cancelled', 'refunded']);

/** Every problem, in a list (tests, small folders). */
export function checkOrderInvariants(ctx: CoreContext): InvariantProblem[] {
  const problems: InvariantProblem[] = [];
  forEachOrderProblem(ctx, (p) => problems.push(p));
  return problems;
}

/**
 * A sound order's money, as one string: paid, number of payments, refunded, supplements paid (v1.1). The scan compares it in SQL
 * with what the order says it should be, so only suspect orders reach JavaScript (a million orders check
 * in about a second instead of building a million objects).
 */
const LEDGER_OF_ORDER = `(SELECT printf('%d %d %d %d',
      COALESCE(-SUM(CASE WHEN type = 'order_payment' THEN amount_minor END), 0),
      COUNT(CASE WHEN type = 'order_payment' THEN 1 END),
      COALESCE(SUM(CASE WHEN type = 'order_refund' THEN amount_minor END), 0),
      COALESCE(-SUM(CASE WHEN type = 'supplement_payment' THEN amount_minor END), 0))
    FROM wallet_entries e WHERE e.reference = o.order_no AND e.type IN ('order_payment', 'order_refund', 'supplement_payment'))`;
/**
 * v1.1: paid supplements are on the ledger exactly; a cancelled or refunded order gave back everything paid
 * (total + supplements); any other order gave back exactly its price decreases and approved returns.
 */
const SUPPLEMENTS_PAID = `(SELECT COALESCE(SUM(amount_minor), 0) FROM order_supplements s WHERE s.order_no = o.order_no AND s.status = 'paid')`;
const RETURNS_REFUNDED = `(SELECT COALESCE(SUM(refund_minor), 0) FROM order_returns r WHERE r.order_no = o.order_no AND r.status = 'approved')`;
const EXPECTED_LEDGER = `printf('%d %d %d %d', o.total_minor, o.total_minor > 0,
    CASE WHEN o.status IN ('cancelled', 'refunded') THEN o.total_minor + ${SUPPLEMENTS_PAID} ELSE o.price_refunds_minor + ${RETURNS_REFUNDED} END,
    ${SUPPLEMENTS_PAID})`;
const COUPON_USES = `(SELECT COUNT(*) FROM user_coupons uc WHERE uc.used_order_no = o.order_no)`;
const EXPECTED_COUPON_USES = `CASE WHEN o.status IN ('cancelled', 'refunded') THEN 0 ELSE 1 END`;

/**
 * Streams every problem to `report` in constant memory and returns the number of orders checked. One
 * scan of the orders flags the suspect ones in SQL (money against the ledger, coupons); each flagged order
 * is then described from its own rows. All in one read transaction, so every query sees one snapshot.
 */
export function forEachOrderProblem(ctx: Pick<CoreContext, 'db'>, report: (problem: InvariantProblem) => void): number {
  const add = (orderNo: string, problem: string) => report({ orderNo, problem });
  return ctx.db.transaction(() => {
    const suspects = orderMoneyRows.each(
      ctx.db.prepare(
        `SELECT o.order_no, o.status, o.subtotal_minor, o.discount_minor, o.service_fee_minor, o.total_minor, o.coupon_id, o.user_id
           FROM orders o
          WHERE o.total_minor <> o.subtotal_minor - o.discount_minor + o.service_fee_minor
             OR o.discount_minor > o.subtotal_minor
             OR ${LEDGER_OF_ORDER} IS NOT ${EXPECTED_LEDGER}
             OR (o.coupon_id IS NOT NULL AND ${COUPON_USES} <> ${EXPECTED_COUPON_USES})`,
      ).iterate(),
    );
    const moneyOf = ctx.db.prepare(
      `SELECT COALESCE(-SUM(CASE WHEN type = 'order_payment' THEN amount_minor END), 0) AS paid,
              COUNT(CASE WHEN type = 'order_payment' THEN 1 END) AS payments,
              COALESCE(SUM(CASE WHEN type = 'order_refund' THEN amount_minor END), 0) AS refunded,
              COALESCE(-SUM(CASE WHEN type = 'supplement_payment' THEN amount_minor END), 0) AS supplements
         FROM wallet_entries WHERE reference = ? AND type IN ('order_payment', 'order_refund', 'supplement_payment')`,
    );
    const afterSalesOf = ctx.db.prepare(
      `SELECT (SELECT COALESCE(SUM(amount_minor), 0) FROM order_supplements WHERE order_no = o.order_no AND status = 'paid') AS supplements_paid,
              (SELECT COALESCE(SUM(refund_minor), 0) FROM order_returns WHERE order_no = o.order_no AND status = 'approved') AS returns_refunded,
              o.price_refunds_minor AS price_refunds
         FROM orders o WHERE o.order_no = ?`,
    );
    const couponUses = ctx.db.prepare('SELECT COUNT(*) FROM user_coupons WHERE used_order_no = ?').pluck();
    for (const o of suspects) {
      checkOrder(o, orderLedgerRows.existing(moneyOf.get(o.order_no)), afterSalesRows.existing(afterSalesOf.get(o.order_no)), add);
      if (o.coupon_id !== null) {
        const used = couponUses.get(o.order_no) as number;
        const expectedUsed = REFUNDED_STATUSES.has(o.status) ? 0 : 1;
        if (used !== expectedUsed) add(o.order_no, `${o.status} order holds ${used} used coupon(s), expected ${expectedUsed}`);
      }
    }
    const strays = ctx.db
      .prepare(
        `SELECT e.reference, e.type FROM wallet_entries e
          WHERE e.type IN ('order_payment', 'order_refund', 'supplement_payment') AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.order_no = e.reference)`,
      )
      .iterate() as IterableIterator<{ reference: string; type: string }>;
    for (const s of strays) add(s.reference, `${s.type} entry for an order that does not exist`);
    // A used coupon names the order that redeemed it: a purchase order (PO...) or, v1.2 section 11, a
    // shipping order (SO...) with this coupon and user; a cancelled shipping order gave its coupon back
    // (a cancelled purchase order is the per-order check's above). One pass over the claimed coupons, each
    // looked up in both tables by primary key.
    const wrongCoupons = ctx.db
      .prepare(
        `SELECT uc.used_order_no FROM user_coupons uc
           LEFT JOIN orders o ON o.order_no = uc.used_order_no
           LEFT JOIN shipping_orders s ON s.order_no = uc.used_order_no
          WHERE uc.used_order_no IS NOT NULL
            AND NOT (o.order_no IS NOT NULL AND o.coupon_id IS uc.coupon_id AND o.user_id = uc.user_id)
            AND NOT (s.order_no IS NOT NULL AND s.coupon_id IS uc.coupon_id AND s.user_id = uc.user_id AND s.status <> 'cancelled')`,
      )
      .iterate() as IterableIterator<{ used_order_no: string }>;
    for (const c of wrongCoupons) add(c.used_order_no, 'a coupon is marked used by an order that did not redeem it');
    // The other way round: a shipping order still standing that redeemed a coupon holds it (user_coupons'
    // unique (user_id, coupon_id) finds it).
    const unmarked = ctx.db
      .prepare(
        `SELECT s.order_no, s.coupon_id FROM shipping_orders s
          WHERE s.coupon_id IS NOT NULL AND s.status <> 'cancelled'
            AND NOT EXISTS (SELECT 1 FROM user_coupons uc WHERE uc.user_id = s.user_id AND uc.coupon_id = s.coupon_id AND uc.used_order_no = s.order_no)`,
      )
      .iterate() as IterableIterator<{ order_no: string; coupon_id: number }>;
    for (const s of unmarked) add(s.order_no, `redeemed coupon ${s.coupon_id}, which is not marked used by it`);
    return ctx.db.prepare('SELECT COALESCE(SUM(n), 0) FROM order_counts').pluck().get() as number;
  })();
}

function checkOrder(o: OrderMoneyRow, money: OrderLedgerRow, after: AfterSalesRow, add: (orderNo: string, problem: string) => void): void {
  if (o.total_minor !== o.subtotal_minor - o.discount_minor + o.service_fee_minor) {
    add(o.order_no, `totalAmount ${o.total_minor} != subtotal ${o.subtotal_minor} - discount ${o.discount_minor} + serviceFee ${o.service_fee_minor}`);
  }
  if (o.discount_minor > o.subtotal_minor) add(o.order_no, `discount ${o.discount_minor} exceeds the subtotal ${o.subtotal_minor}`);
  if (money.paid !== o.total_minor || money.payments > 1) add(o.order_no, `paid ${money.paid} in ${money.payments} payment(s) for a total of ${o.total_minor}`);
  if (money.supplements !== after.supplements_paid) {
    add(o.order_no, `supplement payments of ${money.supplements} on the ledger, but the paid supplements total ${after.supplements_paid}`);
  }
  const paidInAll = money.paid + money.supplements;
  if (money.refunded > paidInAll) add(o.order_no, `refunded ${money.refunded} is more than paid ${paidInAll}`);
  const expectedRefund = REFUNDED_STATUSES.has(o.status) ? o.total_minor + after.supplements_paid : after.price_refunds + after.returns_refunded;
  if (money.refunded !== expectedRefund) add(o.order_no, `${o.status} order has refunds of ${money.refunded}, expected ${expectedRefund}`);
}
