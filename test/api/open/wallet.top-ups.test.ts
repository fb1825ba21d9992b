import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../src/main/core/wallet/ledger.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;

const balance = async () => (await server.api('GET', '/user/wallet/balance')).body.data.balance as number;
const topUp = (body: unknown, headers: Record<string, string> = {}) => server.api('POST', '/user/wallet/top-ups', { body, headers });

beforeAll(async () => {
  server = await startTestServer();
  expect((await server.admin('PUT', '/settings', { displayRates: { USD: 0.1381, EUR: 0.1302 } })).status).toBe(200);
});
afterAll(() => server.close());

describe('POST /user/wallet/top-ups', () => {
  it('PayPal in USD: fee and rate frozen, one deposit of credited naming method and fee', async () => {
    const before = await balance();
    const res = await topUp({ method: 'paypal', amount: 100, currency: 'USD' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ method: 'paypal', amount: 100, currency: 'USD', rate: 0.1381, fee: 34.03, credited: 690.08, status: 'succeeded', failureReason: null });
    expect(res.body.data.completedAt).toBe(res.body.data.createdAt);
    expect(await balance()).toBeCloseTo(before + 690.08, 2);
    const tx = (await server.api('GET', '/user/wallet/transactions?limit=1')).body.data.items[0];
    expect(tx).toMatchObject({ type: 'deposit', amount: 690.08, reference: `top-up ${res.body.data.id}` });
    expect(tx.description).toContain('PayPal');
    expect(tx.description).toContain('fee 34.03 CNY');
  });

  it('card in the ledger currency takes 3%; alipay nothing', async () => {
    expect((await topUp({ method: 'card', amount: 200 })).body.data).toMatchObject({ currency: 'CNY', rate: 1, fee: 6, credited: 194, status: 'succeeded' });
    expect((await topUp({ method: 'alipay', amount: 50.5 })).body.data).toMatchObject({ fee: 0, credited: 50.5, status: 'succeeded' });
  });

  it('a bank transfer is pending (nothing credited) until one business day passes on the service clock', async () => {
    await server.admin('PUT', '/autopilot', { pace: 'realistic' });
    const before = await balance();
    const res = await topUp({ method: 'bank_transfer', amount: 300 });
    expect(res.body.data).toMatchObject({ status: 'pending', completedAt: null, credited: 300 });
    expect(res.body.data.expectedAt).not.toBeNull();
    expect(await balance()).toBe(before);
    await server.admin('POST', '/clock/advance', { by: '4d' });
    const listed = (await server.api('GET', '/user/wallet/top-ups?limit=1')).body.data.items[0];
    expect(listed).toMatchObject({ id: res.body.data.id, status: 'succeeded', completedAt: res.body.data.expectedAt });
    expect(await balance()).toBe(before + 300);
  });

  it('scenario declined: failed at once, nothing credited; pending_review: a day, then succeeds', async () => {
    const before = await balance();
    const declined = await topUp({ method: 'card', amount: 100 }, { 'Crossbuy-Scenario': 'declined' });
    expect(declined.status).toBe(201);
    expect(declined.body.data).toMatchObject({ status: 'failed', scenarios: ['declined'] });
    expect(declined.body.data.failureReason).toMatch(/declined/);
    // Nothing credited, and the answer says so (a script summing `credited` must not count it): the
    // answer, the list, and the events of its creation and resolution.
    expect(declined.body.data.credited).toBe(0);
    const listed = (await server.api('GET', '/user/wallet/top-ups?status=failed&limit=1')).body.data.items[0];
    expect(listed).toMatchObject({ id: declined.body.data.id, status: 'failed', credited: 0 });
    const events = server.running.core.ctx.db
      .prepare("SELECT type, data FROM events WHERE type IN ('wallet.top_up_created', 'wallet.top_up_resolved') AND json_extract(data, '$.topUpId') = ? ORDER BY id")
      .all(declined.body.data.id) as { type: string; data: string }[];
    expect(events.map((e) => [e.type, JSON.parse(e.data).credited])).toEqual([
      ['wallet.top_up_resolved', 0],
      ['wallet.top_up_created', 0],
    ]);
    const review = await topUp({ method: 'wechat', amount: 80 }, { 'Crossbuy-Scenario': 'pending_review' });
    expect(review.body.data).toMatchObject({ status: 'pending' });
    expect(await balance()).toBe(before);
    await server.admin('POST', '/clock/advance', { by: '25h' });
    expect(await balance()).toBe(before + 80);
    expect((await topUp({ method: 'card', amount: 1 }, { 'Crossbuy-Scenario': 'lost_in_transit' })).status).toBe(400);
  });

  it('bad input is a 4xx and writes nothing; the scope is wallet:write; Idempotency-Key replays', async () => {
    const readOnly = server.makeKey(['wallet:read']);
    const counts = tableCounts(server);
    expect((await topUp({ method: 'cash', amount: 10 })).status).toBe(400);
    expect((await topUp({ method: 'card', amount: 10.001 })).status).toBe(400);
    expect((await topUp({ method: 'card', amount: -1 })).status).toBe(400);
    const gbp = await topUp({ method: 'card', amount: 10, currency: 'GBP' });
    expect(gbp.status).toBe(422);
    expect(gbp.body.message).toMatch(/GBP/);
    const denied = await server.api('POST', '/user/wallet/top-ups', { key: readOnly, body: { method: 'card', amount: 10 } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('Required: wallet:write');
    expect(tableCounts(server)).toEqual(counts);
    const headers = { 'Idempotency-Key': 'topup-1' };
    const first = await topUp({ method: 'alipay', amount: 12 }, headers);
    const again = await topUp({ method: 'alipay', amount: 12 }, headers);
    expect(again.body).toEqual(first.body);
  });

  it('GET lists newest first with cursor paging; the admin sees every top-up; the ledger stays whole', async () => {
    const page = (await server.api('GET', '/user/wallet/top-ups?limit=2')).body.data;
    expect(page.items).toHaveLength(2);
    const next = (await server.api('GET', `/user/wallet/top-ups?limit=2&startingAfter=${page.items[1].id}`)).body.data;
    expect(next.items[0].id).toBeLessThan(page.items[1].id);
    expect((await server.api('GET', '/user/wallet/top-ups?startingAfter=999999')).status).toBe(400);
    const admin = await server.admin('GET', '/wallet/top-ups?status=failed');
    expect(admin.body.data.items.every((t: { status: string; userId: number }) => t.status === 'failed' && t.userId === 1)).toBe(true);
    expect(auditLedger(server.running.core.ctx).every((w) => w.ok)).toBe(true);
  });

  it('an operator rejecting a pending top-up: failed, credited 0', async () => {
    const pending = await topUp({ method: 'bank_transfer', amount: 40 });
    expect(pending.body.data).toMatchObject({ status: 'pending', credited: 40 });
    const rejected = await server.admin('POST', `/wallet/top-ups/${pending.body.data.id}/resolve`, { outcome: 'failed', reason: 'never arrived' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'failed', credited: 0, failureReason: 'never arrived' });
  });

  it('too small: an amount converting to 0.00 says so (a 0% method has no fee to blame); a fee eating it all names the fee', async () => {
    expect((await server.admin('PUT', '/settings', { displayRates: { USD: 0.1381, EUR: 0.1302, JPY: 21.5 } })).status).toBe(200);
    const counts = tableCounts(server);
    const tiny = await topUp({ method: 'alipay', amount: 0.1, currency: 'JPY' });
    expect(tiny.status).toBe(422);
    expect(tiny.body.message).toBe('amount is too small: 0.10 JPY is 0.00 CNY once converted at 21.5 JPY/CNY');
    const eaten = await topUp({ method: 'paypal', amount: 1 });
    expect(eaten.status).toBe(422);
    expect(eaten.body.message).toBe('amount is too small: the paypal fee of 2.21 CNY would take all of 1.00 CNY');
    expect(tableCounts(server)).toEqual(counts);
  });

  it('the operator edits a method; turned off it is a 422', async () => {
    const res = await server.admin('PUT', '/wallet/top-up-methods/card', { feeRate: 2.5, enabled: false });
    expect(res.body.data).toMatchObject({ method: 'card', feeRate: 2.5, enabled: false });
    expect((await topUp({ method: 'card', amount: 10 })).status).toBe(422);
    await server.admin('PUT', '/wallet/top-up-methods/card', { enabled: true });
    expect((await topUp({ method: 'card', amount: 100 })).body.data.fee).toBe(2.5);
  });
});

describe('POST /user/wallet/top-ups/preview', () => {
  it('answers the fee and what arrives that the top-up then charges and credits, writing nothing', async () => {
    for (const body of [
      { method: 'paypal', amount: 100, currency: 'USD' },
      { method: 'card', amount: 12.5 },
      { method: 'bank_transfer', amount: 300 },
    ]) {
      const before = tableCounts(server);
      const preview = await server.api('POST', '/user/wallet/top-ups/preview', { body });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(tableCounts(server)).toEqual(before);
      const made = (await topUp(body)).body.data;
      const { method, amount, currency, rate, fee, credited, ledgerCurrency, expectedAt } = made;
      expect({ ...preview.body.data, expectedAt: null }).toEqual({ method, amount, currency, rate, fee, credited, ledgerCurrency, expectedAt: null });
      // When it arrives: the same business day rule, a few ms of the running clock apart.
      if (expectedAt === null) expect(preview.body.data.expectedAt).toBeNull();
      else expect(Math.abs(Date.parse(preview.body.data.expectedAt) - Date.parse(expectedAt))).toBeLessThan(5_000);
    }
  });

  it('takes the create\'s sandbox scenarios: declined credits nothing and arrives never; held for review arrives when the top-up then says', async () => {
    const body = { method: 'alipay', amount: 20 };
    const declined = await server.api('POST', '/user/wallet/top-ups/preview', { body, headers: { 'Crossbuy-Scenario': 'declined' } });
    expect(declined.body.data).toMatchObject({ method: 'alipay', amount: 20, credited: 0, expectedAt: null });
    const held = (await server.api('POST', '/user/wallet/top-ups/preview', { body, headers: { 'Crossbuy-Scenario': 'pending_review' } })).body.data;
    const made = (await server.api('POST', '/user/wallet/top-ups', { body, headers: { 'Crossbuy-Scenario': 'pending_review' } })).body.data;
    expect(made.status).toBe('pending');
    expect(held.credited).toBe(made.credited);
    expect(Math.abs(Date.parse(held.expectedAt) - Date.parse(made.expectedAt))).toBeLessThan(5_000);
    expect((await server.api('POST', '/user/wallet/top-ups/preview', { body, headers: { 'Crossbuy-Scenario': 'customs_hold' } })).status).toBe(400);
  });

  it('refuses what the create refuses (a currency without a rate, a bad amount); wallet:read is enough', async () => {
    const noRate = { method: 'card', amount: 10, currency: 'GBP' };
    expect((await topUp(noRate)).status).toBe(422);
    expect((await server.api('POST', '/user/wallet/top-ups/preview', { body: noRate })).status).toBe(422);
    expect((await server.api('POST', '/user/wallet/top-ups/preview', { body: { method: 'card', amount: -1 } })).status).toBe(400);
    const reader = server.makeKey(['wallet:read']);
    expect((await server.api('POST', '/user/wallet/top-ups/preview', { key: reader, body: { method: 'alipay', amount: 5 } })).status).toBe(200);
    expect((await server.api('POST', '/user/wallet/top-ups', { key: reader, body: { method: 'alipay', amount: 5 } })).status).toBe(403);
  });
});
