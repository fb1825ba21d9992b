import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClock } from '../../../src/main/core/shared/service-clock.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;

interface CouponRow {
  id: number;
  name: string;
  type: 'percentage' | 'fixed';
  value: number;
  min_order_minor: number;
  applies_to: string;
  channel_ids: string | null;
  min_fee_minor: number;
  expires_at: string;
}

const COUPON_KEYS = ['id', 'name', 'type', 'value', 'minOrderAmount', 'expiresAt', 'appliesTo', 'channelIds', 'minFee'].sort();
const MY_KEYS = [...COUPON_KEYS, 'status', 'claimedAt', 'usedOrderNo', 'usedAt'].sort();
const HOUR = 3_600_000;

const db = () => server.running.core.ctx.db;
const nowMs = () => server.running.core.ctx.clock.now().getTime();
const couponRows = () => db().prepare('SELECT * FROM coupons ORDER BY id').all() as CouponRow[];

function addCoupon(name: string, type: 'percentage' | 'fixed', value: number, minOrderMinor: number, expiresInMs: number): number {
  return Number(
    db()
      .prepare('INSERT INTO coupons (name, type, value, min_order_minor, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(name, type, value, minOrderMinor, new Date(nowMs() + expiresInMs).toISOString(), new Date(nowMs()).toISOString()).lastInsertRowid,
  );
}

async function expectNoWrite(run: () => Promise<void>): Promise<void> {
  const counts = tableCounts(server);
  await run();
  expect(tableCounts(server)).toEqual(counts);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('demo coupons', () => {
  it('seeds about six coupons of both types with various minimums, one already expired', () => {
    const rows = couponRows();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['percentage', 'fixed']));
    expect(new Set(rows.map((r) => r.min_order_minor)).size).toBeGreaterThan(2);
    expect(rows.filter((r) => Date.parse(r.expires_at) <= nowMs())).toHaveLength(1);
  });
});

describe('GET /user/coupons/available', () => {
  it('lists the unexpired, unclaimed coupons with exactly the spec fields; percent or amount in value', async () => {
    const res = await server.api('GET', '/user/coupons/available');
    expect(res.status).toBe(200);
    const live = couponRows().filter((r) => Date.parse(r.expires_at) > nowMs());
    expect(res.body.data).toHaveLength(live.length);
    for (const coupon of res.body.data) {
      expect(Object.keys(coupon).sort()).toEqual(COUPON_KEYS);
      const row = live.find((r) => r.id === coupon.id)!;
      expect(coupon).toEqual({
        id: row.id,
        name: row.name,
        type: row.type,
        // percentage: the whole percent; fixed: minor units shown as an amount.
        value: row.type === 'percentage' ? row.value : row.value / 100,
        minOrderAmount: row.min_order_minor / 100,
        expiresAt: row.expires_at,
        // v1.2 section 11
        appliesTo: row.applies_to,
        channelIds: row.channel_ids === null ? null : JSON.parse(row.channel_ids),
        minFee: row.min_fee_minor / 100,
      });
    }
    // Soonest to expire first.
    const expiries = res.body.data.map((c: { expiresAt: string }) => Date.parse(c.expiresAt));
    expect(expiries).toEqual([...expiries].sort((a, b) => a - b));
  });

  it('shows a percentage and a fixed coupon as the contract reads them', async () => {
    const pct = addCoupon('Test 12% off', 'percentage', 12, 9_950, 48 * HOUR);
    const fixed = addCoupon('Test 30.50 off', 'fixed', 3_050, 20_000, 48 * HOUR);
    const list = (await server.api('GET', '/user/coupons/available')).body.data as { id: number }[];
    expect(list.find((c) => c.id === pct)).toMatchObject({ type: 'percentage', value: 12, minOrderAmount: 99.5 });
    expect(list.find((c) => c.id === fixed)).toMatchObject({ type: 'fixed', value: 30.5, minOrderAmount: 200 });
  });

  it('403 without coupons:read', async () => {
    const res = await server.api('GET', '/user/coupons/available', { key: server.makeKey(['coupons:write']) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Insufficient scope. Required: coupons:read. Your key has: coupons:write');
  });
});

describe('POST /user/coupons/:id/claim and GET /user/coupons/my', () => {
  it('my starts empty', async () => {
    expect((await server.api('GET', '/user/coupons/my')).body).toEqual({ data: [] });
  });

  it('claims a coupon: 201 with the claimed coupon, status unused; it moves from available to my', async () => {
    const [target] = (await server.api('GET', '/user/coupons/available')).body.data;
    const res = await server.api('POST', `/user/coupons/${target.id}/claim`);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(MY_KEYS);
    expect(res.body.data).toEqual({
      ...target,
      status: 'unused',
      claimedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      usedOrderNo: null,
      usedAt: null,
    });
    // Stamped by the service clock, which runs on wall time plus its offset.
    expect(Math.abs(Date.parse(res.body.data.claimedAt) - nowMs())).toBeLessThan(60_000);

    const available = (await server.api('GET', '/user/coupons/available')).body.data as { id: number }[];
    expect(available.some((c) => c.id === target.id)).toBe(false);
    const my = await server.api('GET', '/user/coupons/my');
    expect(my.status).toBe(200);
    expect(my.body.data).toEqual([res.body.data]);
  });

  it('409 when already claimed, writing nothing', async () => {
    const [claimed] = (await server.api('GET', '/user/coupons/my')).body.data;
    await expectNoWrite(async () => {
      const res = await server.api('POST', `/user/coupons/${claimed.id}/claim`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ statusCode: 409, error: 'Conflict', message: `Coupon ${claimed.id} is already claimed` });
    });
  });

  it('422 for an expired coupon, 404 for an unknown one, 400 for a malformed id; nothing written', async () => {
    const expired = couponRows().find((r) => Date.parse(r.expires_at) <= nowMs())!;
    await expectNoWrite(async () => {
      const res = await server.api('POST', `/user/coupons/${expired.id}/claim`);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message: expect.stringContaining('expired') });
      const unknown = await server.api('POST', '/user/coupons/999999/claim');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Coupon 999999 not found' });
      const bad = await server.api('POST', '/user/coupons/abc/claim');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('id');
    });
  });

  it('403 without coupons:write, writing nothing', async () => {
    const [target] = (await server.api('GET', '/user/coupons/available')).body.data;
    const key = server.makeKey(['coupons:read']);
    await expectNoWrite(async () => {
      const res = await server.api('POST', `/user/coupons/${target.id}/claim`, { key });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Insufficient scope. Required: coupons:write. Your key has: coupons:read');
    });
  });

  it('my shows used (redeemed by an order) and expired (clock past expiresAt) coupons; used wins over expired', async () => {
    const soon = addCoupon('Expires in an hour', 'fixed', 500, 0, HOUR);
    const spent = addCoupon('Spent then expires', 'percentage', 8, 0, HOUR);
    expect((await server.api('POST', `/user/coupons/${soon}/claim`)).status).toBe(201);
    expect((await server.api('POST', `/user/coupons/${spent}/claim`)).status).toBe(201);
    // What the order side does when it redeems a coupon.
    db()
      .prepare(`UPDATE user_coupons SET used_order_no = 'PO-TEST-1', used_at = ? WHERE user_id = 1 AND coupon_id = ?`)
      .run(new Date(nowMs()).toISOString(), spent);

    const before = (await server.api('GET', '/user/coupons/my')).body.data as { id: number; status: string; usedOrderNo: string | null }[];
    expect(before.find((c) => c.id === soon)!.status).toBe('unused');
    expect(before.find((c) => c.id === spent)).toMatchObject({ status: 'used', usedOrderNo: 'PO-TEST-1', usedAt: expect.any(String) });
    // Most recently claimed first.
    expect(before.map((c) => c.id).slice(0, 2)).toEqual([spent, soon]);

    const unclaimedSoon = addCoupon('Unclaimed, expires in an hour', 'fixed', 100, 0, HOUR);
    expect(((await server.api('GET', '/user/coupons/available')).body.data as { id: number }[]).some((c) => c.id === unclaimedSoon)).toBe(true);

    (server.running.core.ctx.clock as ServiceClock).advanceBy(2 * HOUR);
    const after = (await server.api('GET', '/user/coupons/my')).body.data as { id: number; status: string }[];
    expect(after.find((c) => c.id === soon)!.status).toBe('expired');
    expect(after.find((c) => c.id === spent)!.status).toBe('used');
    // An expired coupon drops out of available, and claiming it is a 422.
    expect(((await server.api('GET', '/user/coupons/available')).body.data as { id: number }[]).some((c) => c.id === unclaimedSoon)).toBe(false);
    expect((await server.api('POST', `/user/coupons/${unclaimedSoon}/claim`)).status).toBe(422);
  });

  it('my filters by status; an unknown status is a 400', async () => {
    for (const status of ['unused', 'used', 'expired']) {
      const res = await server.api('GET', `/user/coupons/my?status=${status}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const c of res.body.data) expect(c.status).toBe(status);
    }
    const bad = await server.api('GET', '/user/coupons/my?status=active');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('status');
  });

  it('403 on my without coupons:read', async () => {
    const res = await server.api('GET', '/user/coupons/my', { key: server.makeKey(['wallet:read']) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Insufficient scope. Required: coupons:read. Your key has: wallet:read');
  });
});
