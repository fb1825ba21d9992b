import type { CoreContext } from '../context.js';
import type { InvariantProblem } from '../orders/invariants.js';
import { freightPaid } from './charges.js';
import { shippingMoneyRows } from './rows.js';

/**
 * What must hold between shipping orders, warehouse services, rehearsals and the ledger (v1.1), whatever
 * happened: `crossbuy doctor`, the shipping property test and the crash test check these. Streams rows
 * (constant memory). Each problem names its shipping order, package or rehearsal.
 *
 * - holds: a pending order holds exactly shippingFee - couponDiscount + insurancePremium + storageFees (nothing when 0);
 *   any other status holds nothing;
 * - captures once: a dispatched order (shipped, exception, delivered, lost) has exactly one
 *   shipping_payment of that total; a pending or cancelled one none;
 * - v1.2: a weighed order captures what weighing settled (charged_total, at most the hold); paid shipping
 *   supplements equal their ledger entries and the billed fee less the quoted one;
 * - payouts: insurance_payout entries of an order sum to its recorded payout, never above declared value
 *   + the freight paid (charges.ts freightPaid: the settled fee less the coupon, plus paid supplements),
 *   only for a lost insured order. A payout made before that rule (declared value + the quoted fee) is
 *   accepted too, so a backup of that time still restores: the bound is declared + the larger of the two;
 * - service charges: a package's service_charge entries equal minus the prices of its requests; a
 *   rehearsal's equal minus its fee, or 0 when cancelled before packing.
 */
const DISPATCHED = new Set(['shipped', 'exception', 'delivered', 'lost']);

export function forEachShippingProblem(ctx: Pick<CoreContext, 'db'>, report: (p: InvariantProblem) => void): number {
  let count = 0;
  const rows = shippingMoneyRows.each(
    ctx.db.prepare(
      `SELECT s.order_no, s.status,
              s.shipping_fee_minor - s.coupon_discount_minor + s.insurance_premium_minor + s.storage_fees_minor AS total,
              s.declared_value_minor AS declared, s.shipping_fee_minor AS fee, s.insurance, s.payout_minor AS payout,
              s.charged_total_minor AS charged, s.billed_fee_minor AS billed,
              COALESCE((SELECT SUM(amount_minor) FROM shipping_supplements u WHERE u.shipping_order_no = s.order_no AND u.status = 'paid'), 0) AS supplements_paid,
              COALESCE((SELECT -SUM(amount_minor) FROM wallet_entries e WHERE e.reference = s.order_no AND e.type = 'shipping_supplement'), 0) AS supplement_entries,
              (SELECT amount_minor FROM wallet_holds h WHERE h.reference = s.order_no AND h.status = 'active') AS held,
              (SELECT COUNT(*) FROM wallet_holds h WHERE h.reference = s.order_no AND h.status = 'active') AS holds_active,
              COALESCE((SELECT -SUM(amount_minor) FROM wallet_entries e WHERE e.reference = s.order_no AND e.type = 'shipping_payment'), 0) AS captured,
              (SELECT COUNT(*) FROM wallet_entries e WHERE e.reference = s.order_no AND e.type = 'shipping_payment') AS captures,
              COALESCE((SELECT SUM(amount_minor) FROM wallet_entries e WHERE e.reference = s.order_no AND e.type = 'insurance_payout'), 0) AS paid_back,
              s.coupon_discount_minor AS coupon
         FROM shipping_orders s`,
    ).iterate(),
  );
  for (const r of rows) {
    count++;
    const bad = (problem: string) => report({ orderNo: r.order_no, problem });
    if (r.status === 'pending' || r.status === 'awaiting_payment') {
      if (r.total > 0 && (r.holds_active !== 1 || r.held !== r.total)) bad(`pending: holds ${r.held ?? 0} (${r.holds_active} holds), owes a hold of ${r.total}`);
      if (r.total === 0 && r.holds_active !== 0) bad('pending with nothing to pay, yet holds money');
    } else if (r.holds_active !== 0) bad(`${r.status} but still holds ${r.held}`);
    if (DISPATCHED.has(r.status)) {
      // v1.2 section 10: what weighing settled (never more than the hold), else (older orders) the hold.
      const owed = r.charged ?? r.total;
      const want = owed > 0 ? 1 : 0;
      if (r.captures !== want || r.captured !== owed) bad(`${r.status}: captured ${r.captured} in ${r.captures} entries, owes ${owed} once`);
      if (owed > r.total) bad(`${r.status}: charged ${owed}, more than the ${r.total} held`);
    } else if (r.captures !== 0) bad(`${r.status} but captured ${r.captured}`);
    if (r.supplement_entries !== r.supplements_paid) bad(`shipping supplements paid ${r.supplements_paid}, ledger has ${r.supplement_entries}`);
    if (r.billed !== null && r.supplements_paid > 0 && r.supplements_paid !== r.billed - r.fee) bad(`supplement ${r.supplements_paid} is not billed ${r.billed} - quoted ${r.fee}`);
    if (r.paid_back !== r.payout) bad(`insurance paid ${r.paid_back}, recorded ${r.payout}`);
    const freight = freightPaid({ shippingFee: r.fee, billedFee: r.billed, couponDiscount: r.coupon, supplements: [{ amount: r.supplements_paid, status: 'paid' }] });
    const cap = r.declared + Math.max(freight, r.fee);
    if (r.paid_back > cap) bad(`insurance paid ${r.paid_back}, above declared value + fee ${cap} (the freight paid or the quoted fee, whichever is more)`);
    if (r.paid_back > 0 && (r.status !== 'lost' || r.insurance !== 1)) bad(`insurance paid on a ${r.status} order (insured: ${r.insurance === 1})`);
  }

  const packages = ctx.db
    .prepare(
      `SELECT package_id, SUM(price_minor) AS priced,
              COALESCE((SELECT -SUM(amount_minor) FROM wallet_entries e WHERE e.reference = 'PKG' || package_id AND e.type = 'service_charge'), 0) AS charged
         FROM package_services GROUP BY package_id`,
    )
    .iterate() as IterableIterator<{ package_id: number; priced: number; charged: number }>;
  for (const p of packages) {
    count++;
    if (p.priced !== p.charged) report({ orderNo: `package ${p.package_id}`, problem: `services priced ${p.priced}, charged ${p.charged}` });
  }

  const rehearsals = ctx.db
    .prepare(
      `SELECT r.id, r.status, r.fee_minor, r.packed_at,
              COALESCE((SELECT -SUM(amount_minor) FROM wallet_entries e WHERE e.reference = r.id AND e.type = 'service_charge'), 0) AS charged
         FROM rehearsals r`,
    )
    .iterate() as IterableIterator<{ id: string; status: string; fee_minor: number; packed_at: string | null; charged: number }>;
  for (const r of rehearsals) {
    count++;
    const refunded = r.status === 'cancelled' && r.packed_at === null;
    const want = refunded ? 0 : r.fee_minor;
    if (r.charged !== want) report({ orderNo: r.id, problem: `${r.status} rehearsal charged ${r.charged}, owes ${want}` });
  }
  return count;
}

export function checkShippingInvariants(ctx: CoreContext): InvariantProblem[] {
  const problems: InvariantProblem[] = [];
  forEachShippingProblem(ctx, (p) => problems.push(p));
  return problems;
}
