import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PACKAGE_STATUSES, SHIPPING_STATUSES } from '../../src/contract/enums.js';
import type { TestServer } from '../helpers/server.js';
import { applyShipped, startWorldFileServer, WORLDS_DIR } from '../helpers/world-file.js';

/** Each world file of worlds/ applied to a fresh server, and the statuses it promises read back over the API. */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read as JSON

const data = (answers: Record<string, unknown>, name: string) => (answers[name] as { data: Answer }).data;
const camel = (status: string) => status.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe('the shipped world files', () => {
  it('are the five the spec lists (and the schema)', () => {
    expect(readdirSync(WORLDS_DIR).sort()).toEqual(
      ['after-sales.json', 'empty-funded.json', 'orders-every-status.json', 'packages-every-status.json', 'shipping-every-status.json', 'world-file.schema.json'].sort(),
    );
  });

  it('empty-funded: the deposit and nothing else', async () => {
    server = await startWorldFileServer();
    await applyShipped(server, 'empty-funded');
    expect((await server.api('GET', '/user/wallet/balance')).body.data).toMatchObject({ balance: 5000, availableBalance: 5000 });
    expect((await server.api('GET', '/orders')).body.data.total).toBe(0);
    expect((await server.api('GET', '/warehouse/packages')).body.data.total).toBe(0);
    expect((await server.api('GET', '/user/wallet/transactions')).body.data.total).toBe(1);
  });

  it('orders-every-status: one order in each order status', async () => {
    server = await startWorldFileServer();
    const { answers } = await applyShipped(server, 'orders-every-status');
    const listed = (await server.admin('GET', '/orders?limit=50')).body.data.items as { orderNo: string; status: string }[];
    expect(listed.map((o) => o.status).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      const orderNo = data(answers, camel(status)).orderNo;
      expect((await server.api('GET', `/orders/${orderNo}`)).body.data.status, status).toBe(status);
    }
  });

  it('packages-every-status: one package in each package status, and one in the warehouse past its free storage', async () => {
    server = await startWorldFileServer();
    const { answers } = await applyShipped(server, 'packages-every-status');
    const packages = (await server.api('GET', '/warehouse/packages?limit=50')).body.data.items as { id: number; status: string; freeStorageDaysLeft: number; storageFee: number }[];
    expect([...new Set(packages.map((p) => p.status))].sort()).toEqual([...PACKAGE_STATUSES].sort());
    const named: Record<string, string> = { inWarehouse: 'in_warehouse', packing: 'packing', shipped: 'shipped', delivered: 'delivered', returning: 'returning', returned: 'returned', rehearsing: 'rehearsing', disposed: 'disposed', lost: 'lost' };
    for (const [name, status] of Object.entries(named)) {
      const id = data(answers, `${name}Package`).items[0].packageId as number;
      expect(packages.find((p) => p.id === id)?.status, name).toBe(status);
    }
    const overdue = packages.find((p) => p.id === data(answers, 'overduePackage').items[0].packageId)!;
    expect(overdue).toMatchObject({ status: 'in_warehouse' });
    expect(overdue.freeStorageDaysLeft).toBeLessThan(0);
    expect(overdue.storageFee).toBeGreaterThan(0);
    expect((await server.admin('GET', '/autopilot')).body.data.pace).toBe('off');
  });

  it('shipping-every-status: one shipping order in each shipping status, the lost one paid out', async () => {
    server = await startWorldFileServer();
    const { answers } = await applyShipped(server, 'shipping-every-status');
    for (const status of SHIPPING_STATUSES) {
      const orderNo = data(answers, status).orderNo as string;
      expect((await server.api('GET', `/shipping/orders/${orderNo}`)).body.data.status, status).toBe(status);
    }
    const lost = (await server.api('GET', `/shipping/orders/${data(answers, 'lost').orderNo}`)).body.data;
    expect(lost.insurancePayout).toBeTruthy();
    const payouts = (await server.api('GET', '/user/wallet/transactions?type=insurance_payout')).body.data.items as { reference: string; amount: number }[];
    expect(payouts).toHaveLength(1);
    expect(payouts[0]!.reference).toBe(data(answers, 'lost').orderNo);
    expect(payouts[0]!.amount).toBeGreaterThan(0);
  });

  it('after-sales: a pending supplement, an approved return and an approved exchange', async () => {
    server = await startWorldFileServer();
    const { answers } = await applyShipped(server, 'after-sales');
    const held = data(answers, 'supplementPending').orderNo as string;
    expect((await server.api('GET', `/orders/${held}`)).body.data).toMatchObject({ status: 'paid' });
    const supplements = (await server.api('GET', `/orders/${held}/supplements`)).body.data as { status: string; reason: string }[];
    expect(supplements).toEqual([expect.objectContaining({ status: 'pending', reason: 'price_increase' })]);

    const returned = data(answers, 'returnApproved').orderNo as string;
    expect((await server.api('GET', `/orders/${returned}`)).body.data.status).toBe('returned');
    expect((await server.api('GET', `/orders/${returned}/returns`)).body.data).toEqual([expect.objectContaining({ type: 'return', status: 'approved' })]);

    const exchanged = data(answers, 'exchange').orderNo as string;
    expect((await server.api('GET', `/orders/${exchanged}/returns`)).body.data).toEqual([expect.objectContaining({ type: 'exchange', status: 'approved' })]);
    expect((await server.api('GET', `/orders/${exchanged}`)).body.data.status).toBe('in_warehouse');
  });
});
