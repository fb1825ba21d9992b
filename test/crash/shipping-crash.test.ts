import { afterAll, describe, expect, it } from 'vitest';
import { openCore } from '../../src/main/core/index.js';
import { checkShippingInvariants } from '../../src/main/core/shipping/invariants.js';
import { auditLedger } from '../../src/main/core/wallet/ledger.js';
import { crashHarness, exited } from './harness.js';
import { createArrivedOrder, deliverableRecipient, deposit } from '../helpers/fixtures.js';

/**
 * Kill -9 in the middle of concurrent v1.1 writes (service requests, rehearsals, insured shipping orders
 * with storage fees), restart, and check that every acknowledged one is there with its money exactly
 * once: SQLite's integrity check, the ledger audit, the shipping invariants (`crossbuy doctor`).
 */
const { dataDir, cli, serve, cleanup } = crashHarness('crossbuy-crash-shipping-');
const CYCLES = process.env.CROSSBUY_DEEP ? 8 : 2;
const IN_FLIGHT = 12;
const PER_CYCLE = 20;

afterAll(cleanup);

describe('crash during v1.1 warehouse and shipping writes', () => {
  it('loses no acknowledged service, rehearsal or shipping order and charges each once after SIGKILL', async () => {
    const key = (await cli('keys', 'create', '--name', 'crash', '--scopes', 'all', '--rate-limit', '1000000')).stdout.trim();
    expect(key).toMatch(/^sk-/);
    // Packages on the shelf, some past their free storage (arrived 120 days before the service clock).
    const setup = openCore({ dataDir });
    const packageIds: number[] = [];
    try {
      deposit(setup.ctx, 1, 100_000_000);
      for (let i = 0; i < CYCLES * (PER_CYCLE + IN_FLIGHT) + 10; i++) packageIds.push(createArrivedOrder(setup.ctx, { inspectedWeightGrams: 300 + i }).packageIds[0]!);
      setup.ctx.db.prepare("UPDATE packages SET arrived_at = strftime('%Y-%m-%dT%H:%M:%fZ', arrived_at, '-120 days') WHERE id % 3 = 0").run();
    } finally {
      setup.close();
    }

    const acknowledged = { services: [] as number[], rehearsals: [] as string[], shipping: [] as string[] };
    let next = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const server = await serve();
      const api = (method: string, path: string, body: unknown) =>
        fetch(`${server.origin}/api/v1/open${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const target = acknowledged.services.length + acknowledged.rehearsals.length + acknowledged.shipping.length + PER_CYCLE;
      let killed = false;
      const worker = async () => {
        while (!killed && next < packageIds.length) {
          const n = next++;
          const id = packageIds[n]!;
          try {
            if (n % 3 === 0) {
              const res = await api('POST', `/warehouse/packages/${id}/services`, { serviceIds: ['reinforce', 'moisture_barrier'] });
              if (res.status === 201) acknowledged.services.push(id);
            } else if (n % 3 === 1) {
              const res = await api('POST', '/shipping/rehearsals', { inventoryIds: [id] });
              if (res.status === 201) acknowledged.rehearsals.push(((await res.json()) as { data: { id: string } }).data.id);
            } else {
              const res = await api('POST', '/shipping/create', {
                items: [{ inventoryId: id, quantity: 1 }],
                logisticsChannelId: 'air-sensitive',
                ...deliverableRecipient('US'),
                insurance: true,
              });
              if (res.status === 201) acknowledged.shipping.push(((await res.json()) as { data: { orderNo: string } }).data.orderNo);
            }
          } catch {
            // the connection died with the server
          }
          const done = acknowledged.services.length + acknowledged.rehearsals.length + acknowledged.shipping.length;
          if (done >= target && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      await exited(server.child);
    }
    expect(acknowledged.shipping.length).toBeGreaterThan(0);

    const doctor = await cli('doctor');
    expect(doctor.stdout).toContain('all checks passed');
    const core = openCore({ dataDir });
    try {
      const db = core.ctx.db;
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(auditLedger(core.ctx).filter((w) => !w.ok)).toEqual([]);
      expect(checkShippingInvariants(core.ctx)).toEqual([]);
      for (const id of acknowledged.services) {
        expect(db.prepare("SELECT COUNT(*) FROM wallet_entries WHERE reference = ? AND type = 'service_charge'").pluck().get(`PKG${id}`), `package ${id}`).toBe(1);
        expect(db.prepare('SELECT COUNT(*) FROM package_services WHERE package_id = ?').pluck().get(id)).toBe(2);
      }
      for (const id of acknowledged.rehearsals) {
        expect(db.prepare("SELECT COUNT(*) FROM wallet_entries WHERE reference = ? AND type = 'service_charge'").pluck().get(id), id).toBe(1);
      }
      for (const orderNo of acknowledged.shipping) {
        const hold = db.prepare("SELECT amount_minor FROM wallet_holds WHERE reference = ? AND status = 'active'").pluck().get(orderNo) as number;
        const order = db.prepare('SELECT shipping_fee_minor + insurance_premium_minor + storage_fees_minor FROM shipping_orders WHERE order_no = ?').pluck().get(orderNo);
        expect(hold, orderNo).toBe(order);
      }
      // Some of the shipped packages were past their free storage: their fees are held too.
      expect(db.prepare("SELECT COUNT(*) FROM shipping_orders WHERE storage_fees_minor > 0").pluck().get()).toBeGreaterThan(0);
    } finally {
      core.close();
    }
  }, process.env.CROSSBUY_DEEP ? 600_000 : 120_000);
});
