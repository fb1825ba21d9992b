import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * The display currency (issue 17, decisions.md): the operator sets rates per currency and picks one the UI
 * shows beside ledger amounts; the ledger is untouched.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('display currency settings', () => {
  it('starts with none, keeps rates and the chosen currency, and moves no money', async () => {
    const before = await server.admin('GET', '/settings');
    expect(before.body.data).toMatchObject({ displayCurrency: null, displayRates: {} });
    const balance = (await server.api('GET', '/user/wallet/balance')).body.data;

    const put = await server.admin('PUT', '/settings', { displayRates: { USD: 0.1381, EUR: 0.1302 }, displayCurrency: 'USD' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ displayCurrency: 'USD', displayRates: { USD: 0.1381, EUR: 0.1302 }, currency: 'CNY' });
    expect((await server.admin('GET', '/settings')).body.data.displayCurrency).toBe('USD');
    expect((await server.api('GET', '/user/wallet/balance')).body.data).toEqual(balance);

    expect((await server.admin('PUT', '/settings', { displayCurrency: null })).body.data.displayCurrency).toBeNull();
  });

  it('refuses a currency without a rate or the ledger one (422) and malformed rates (400), writing nothing', async () => {
    await server.admin('PUT', '/settings', { displayRates: { USD: 0.1381 }, displayCurrency: 'USD' });
    const noRate = await server.admin('PUT', '/settings', { displayCurrency: 'GBP' });
    expect(noRate.status).toBe(422);
    expect(noRate.body.message).toContain('GBP');
    expect((await server.admin('PUT', '/settings', { displayCurrency: 'CNY', displayRates: { CNY: 1 } })).status).toBe(422);
    expect((await server.admin('PUT', '/settings', { displayRates: { USD: 0 } })).status).toBe(400);
    expect((await server.admin('PUT', '/settings', { displayRates: { usd: 1 } })).status).toBe(400);
    expect((await server.admin('PUT', '/settings', { displayRates: { USD: 'x' } })).status).toBe(400);
    // Dropping the chosen currency's rate is refused while it is chosen.
    expect((await server.admin('PUT', '/settings', { displayRates: { EUR: 0.13 } })).status).toBe(422);
    expect((await server.admin('GET', '/settings')).body.data).toMatchObject({ displayCurrency: 'USD', displayRates: { USD: 0.1381 } });
  });
});
