import { afterAll, describe, expect, it } from 'vitest';
import { openCore } from '../../src/main/core/index.js';
import { checkOrderInvariants } from '../../src/main/core/orders/invariants.js';
import { auditLedger } from '../../src/main/core/wallet/ledger.js';
import { crashHarness, exited } from './harness.js';

/**
 * Kill -9 in the middle of a stream of concurrent orders, restart on the same data dir, and check that
 * nothing a client was told about is lost and nothing is half-written: SQLite's integrity check, every
 * wallet equal to its ledger, and every order that got a 201 before the kill still there.
 */
const { dataDir, cli, serve, cleanup } = crashHarness('crossbuy-crash-');
// Group commit is on: the kills land while batches of orders are open, committing, or being answered.
const CRASH_CYCLES = process.env.CROSSBUY_DEEP ? 20 : 3;
const IN_FLIGHT = 16;

afterAll(cleanup);

describe('crash during concurrent orders', () => {
  it('loses no acknowledged order and leaves the ledger whole after SIGKILL', async () => {
    const key = (await cli('keys', 'create', '--name', 'crash', '--scopes', 'all', '--rate-limit', '1000000')).stdout.trim();
    expect(key).toMatch(/^sk-/);
    expect((await cli('admin', 'deposit', '1000000', '--note', 'crash test')).code).toBe(0);

    const adminToken = (await cli('admin', 'token')).stdout.trim();
    const first = await serve();
    const api = (origin: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${origin}/api/v1/open${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const admin = (origin: string, path: string, body: unknown) =>
      fetch(`${origin}/api/v1/admin${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const paidSupplements: number[] = [];
    const catalog = (await (await api(first.origin, 'GET', '/products/search?limit=100')).json()) as {
      data: { items: { id: number; platform: string; skus: { skuId: string; stock: number }[] }[] };
    };
    const lines = catalog.data.items
      .filter((p) => p.platform === 'taobao')
      .flatMap((p) => p.skus.filter((s) => s.stock >= 100).map((s) => ({ productId: String(p.id), skuId: s.skuId })))
      .slice(0, 10);
    expect(lines.length).toBeGreaterThanOrEqual(3);

    // Keep 16 orders in flight (so they share group-commit batches); kill -9 the server once 25 more have
    // been acknowledged, with the rest mid-request. Each cycle restarts on the same data folder.
    const acknowledged: string[] = [];
    let sent = 0;
    let server = first;
    for (let cycle = 0; cycle < CRASH_CYCLES; cycle++) {
      if (cycle > 0) server = await serve();
      const target = acknowledged.length + 25;
      let killed = false;
      const current = server;
      const worker = async () => {
        while (!killed) {
          const items = [lines[sent++ % lines.length]!, lines[(sent * 7) % lines.length]!].map((l) => ({ ...l, quantity: 1 }));
          try {
            // v1.1 writes too: a programmed scenario on every other order, and a supplement paid on every third.
            const res = await api(current.origin, 'POST', '/orders', { items }, sent % 2 === 0 ? { 'Crossbuy-Scenario': 'price_increase' } : {});
            if (res.status === 201) {
              const orderNo = ((await res.json()) as { data: { orderNo: string } }).data.orderNo;
              acknowledged.push(orderNo);
              if (sent % 3 === 0) {
                await admin(current.origin, `/orders/${orderNo}/advance`, { to: 'paid' });
                const raised = await admin(current.origin, `/orders/${orderNo}/supplements`, { reason: 'domestic_freight', amount: 8 });
                const sid = ((await raised.json()) as { data: { supplements: { id: number }[] } }).data.supplements[0]!.id;
                const paid = await api(current.origin, 'POST', `/orders/${orderNo}/supplements/${sid}/pay`);
                if (paid.status === 200) paidSupplements.push(sid);
              }
            }
          } catch {
            // the connection died with the server
          }
          if (acknowledged.length >= target && !killed) {
            killed = true;
            current.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      await exited(current.child);
      expect(current.child.signalCode).toBe('SIGKILL');
      expect(acknowledged.length).toBeGreaterThanOrEqual(target);
    }

    // Restarted on the same data dir: every acknowledged order is there, and the service takes new ones.
    const second = await serve();
    for (const orderNo of acknowledged) {
      const res = await api(second.origin, 'GET', `/orders/${orderNo}`);
      expect(res.status, orderNo).toBe(200);
    }
    expect((await api(second.origin, 'POST', '/orders', { items: [{ ...lines[0]!, quantity: 1 }] })).status).toBe(201);
    second.child.kill('SIGTERM');
    await exited(second.child);

    const doctor = await cli('doctor');
    expect(doctor.stdout).toContain('all checks passed');
    expect(doctor.code).toBe(0);

    const core = openCore({ dataDir });
    try {
      expect(core.ctx.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(auditLedger(core.ctx).filter((w) => !w.ok)).toEqual([]);
      expect(checkOrderInvariants(core.ctx)).toEqual([]);
      const stored = (core.ctx.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
      expect(stored).toBeGreaterThanOrEqual(acknowledged.length + 1);
      // Every acknowledged order's payment is in the ledger, exactly once.
      const paid = new Map<string, number>();
      for (const reference of core.ctx.db.prepare(`SELECT reference FROM wallet_entries WHERE type = 'order_payment'`).pluck().all() as string[]) {
        paid.set(reference, (paid.get(reference) ?? 0) + 1);
      }
      expect(acknowledged.filter((orderNo) => paid.get(orderNo) !== 1)).toEqual([]);
      // v1.1: every acknowledged supplement payment is paid, with exactly one ledger entry for its order.
      for (const sid of paidSupplements) {
        const sup = core.ctx.db.prepare('SELECT order_no, status FROM order_supplements WHERE id = ?').get(sid) as { order_no: string; status: string };
        expect(sup.status).toBe('paid');
        expect(core.ctx.db.prepare("SELECT COUNT(*) FROM wallet_entries WHERE type = 'supplement_payment' AND reference = ?").pluck().get(sup.order_no)).toBe(1);
      }
      // A ledger entry written behind the wallet's back: the doctor must notice and exit 1.
      core.ctx.db
        .prepare(`INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, created_at) VALUES (1, 'adjustment', 1, 0, 'CNY', ?)`)
        .run(new Date().toISOString());
    } finally {
      core.close();
    }
    const broken = await cli('doctor');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/FAIL\s+ledger/);
  }, process.env.CROSSBUY_DEEP ? 600_000 : 120_000);
});
