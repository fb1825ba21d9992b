import type { CoreContext } from '../context.js';
import { conflict, notFound, unprocessable } from '../shared/errors.js';
import { toAmount, type Minor } from '../shared/money.js';

/**
 * The coupon catalog and the user's coupon wallet. A coupon is valid while the service clock is before
 * `expiresAt`; it is "used" once an order has redeemed it (user_coupons.used_order_no set by the order
 * side, see redemption.ts). Claiming is free and happens once per user and coupon.
 */
import { COUPON_STATUSES, type CouponStatus, type CouponType } from '../../../contract/enums.js';
import type { Coupon, MyCoupon } from '../../../contract/open/coupons.js';
import { claimedRows, couponRows, type ClaimedRow, type CouponRow } from './rows.js';

export { COUPON_STATUSES, type CouponStatus, type CouponType };

function toView(row: CouponRow): Coupon {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    value: row.type === 'percentage' ? row.value : toAmount(row.value),
    minOrderAmount: toAmount(row.min_order_minor),
    expiresAt: row.expires_at,
    appliesTo: row.applies_to,
    channelIds: row.channel_ids === null ? null : (JSON.parse(row.channel_ids) as string[]),
    minFee: toAmount(row.min_fee_minor),
  };
}

/** Used wins over expired: a coupon spent on an order stays "used" after its expiry date passes. */
export function couponStatus(row: { used_order_no: string | null; expires_at: string }, nowIso: string): CouponStatus {
  if (row.used_order_no !== null) return 'used';
  return isExpired(row.expires_at, nowIso) ? 'expired' : 'unused';
}

/** Expired at and after `expiresAt`. Compared as instants, not as text, so any ISO form compares right. */
export function isExpired(expiresAt: string, nowIso: string): boolean {
  return Date.parse(expiresAt) <= Date.parse(nowIso);
}

function toMyView(row: ClaimedRow, nowIso: string): MyCoupon {
  return {
    ...toView(row),
    status: couponStatus(row, nowIso),
    claimedAt: row.claimed_at,
    usedOrderNo: row.used_order_no,
    usedAt: row.used_at,
  };
}

/** Coupons the user can claim now: unexpired and not yet claimed by them. Soonest to expire first. */
export function listAvailableCoupons(ctx: CoreContext, userId: number): Coupon[] {
  const now = ctx.nowIso();
  const rows = couponRows.all(
    ctx.db
      .prepare(
        `SELECT c.* FROM coupons c
          WHERE NOT EXISTS (SELECT 1 FROM user_coupons uc WHERE uc.coupon_id = c.id AND uc.user_id = ?)
          ORDER BY c.expires_at, c.id`,
      )
      .all(userId),
  );
  return rows.filter((r) => !isExpired(r.expires_at, now)).map(toView);
}

const CLAIMED = `SELECT c.*, uc.claimed_at, uc.used_order_no, uc.used_at
                   FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id`;

/** The user's claimed coupons, most recently claimed first; optionally only those of one status. */
export function listMyCoupons(ctx: CoreContext, userId: number, status?: CouponStatus): MyCoupon[] {
  const now = ctx.nowIso();
  const rows = claimedRows.all(ctx.db.prepare(`${CLAIMED} WHERE uc.user_id = ? ORDER BY uc.id DESC`).all(userId));
  const views = rows.map((r) => toMyView(r, now));
  return status ? views.filter((v) => v.status === status) : views;
}

/** Claims a coupon: 404 unknown, 409 already claimed (whatever its state), 422 expired. */
export function claimCoupon(ctx: CoreContext, userId: number, couponId: number): MyCoupon {
  return ctx.db
    .transaction(() => {
      const coupon = couponRows.one(ctx.db.prepare('SELECT * FROM coupons WHERE id = ?').get(couponId));
      if (!coupon) throw notFound(`Coupon ${couponId} not found`);
      if (ctx.db.prepare('SELECT 1 FROM user_coupons WHERE user_id = ? AND coupon_id = ?').get(userId, couponId)) {
        throw conflict(`Coupon ${couponId} is already claimed`);
      }
      const now = ctx.nowIso();
      if (isExpired(coupon.expires_at, now)) throw unprocessable(`Coupon ${couponId} expired at ${coupon.expires_at}`);
      ctx.db.prepare('INSERT INTO user_coupons (user_id, coupon_id, claimed_at) VALUES (?, ?, ?)').run(userId, couponId, now);
      const row = claimedRows.existing(ctx.db.prepare(`${CLAIMED} WHERE uc.user_id = ? AND uc.coupon_id = ?`).get(userId, couponId));
      return toMyView(row, now);
    })
    .immediate();
}

interface DemoCoupon {
  name: string;
  type: CouponType;
  /** Whole percent, or minor units for fixed. */
  value: number;
  minOrder: Minor;
  /** Days from the seeding moment; negative for one that has already expired. */
  expiresInDays: number;
  /** v1.2: shipping coupons, their channels (none: any) and least freight fee (minor units). */
  appliesTo?: 'shipping';
  channelIds?: readonly string[];
  minFee?: Minor;
}

const DAY_MS = 86_400_000;

const DEMO_COUPONS: readonly DemoCoupon[] = [
  { name: 'Welcome: 10% off your first haul', type: 'percentage', value: 10, minOrder: 0, expiresInDays: 90 },
  { name: '20 off orders of 200 or more', type: 'fixed', value: 2_000, minOrder: 20_000, expiresInDays: 60 },
  { name: '5% off orders of 500 or more', type: 'percentage', value: 5, minOrder: 50_000, expiresInDays: 30 },
  { name: '50 off orders of 1,000 or more', type: 'fixed', value: 5_000, minOrder: 100_000, expiresInDays: 45 },
  { name: 'Flash sale: 15% off orders of 300 or more', type: 'percentage', value: 15, minOrder: 30_000, expiresInDays: 7 },
  { name: 'Launch week: 10 off orders of 50 or more', type: 'fixed', value: 1_000, minOrder: 5_000, expiresInDays: -1 },
  // v1.2 section 11 (migration 024 adds the same two to an installation seeded before it)
  { name: '15 off shipping of 100 or more', type: 'fixed', value: 1_500, minOrder: 0, expiresInDays: 60, appliesTo: 'shipping', minFee: 10_000 },
  { name: '20% off economy shipping', type: 'percentage', value: 20, minOrder: 0, expiresInDays: 45, appliesTo: 'shipping', channelIds: ['economy-air', 'economy-line'] },
];

/** Demo coupons, expiring relative to the service clock now; one is already expired. Safe to run twice. */
export function seedCoupons(ctx: CoreContext): void {
  const now = ctx.clock.now().getTime();
  const insert = ctx.db.prepare(
    `INSERT INTO coupons (name, type, value, min_order_minor, expires_at, created_at, applies_to, channel_ids, min_fee_minor)
     SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM coupons WHERE name = ?)`,
  );
  for (const c of DEMO_COUPONS) {
    const expires = new Date(now + c.expiresInDays * DAY_MS).toISOString();
    const channels = c.channelIds ? JSON.stringify(c.channelIds) : null;
    insert.run(c.name, c.type, c.value, c.minOrder, expires, ctx.nowIso(), c.appliesTo ?? 'purchase', channels, c.minFee ?? 0, c.name);
  }
}
