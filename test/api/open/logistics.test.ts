import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../src/main/core/logistics/countries.js';
import { request, snapshot, startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const CHANNEL_KEYS = ['channelId', 'name', 'carrier', 'deliveryDays', 'supportedCargo', 'weightRange', 'countries', 'pricing', 'maxDeclaredValue'].sort();
const QUOTE_KEYS = ['channelId', 'name', 'actualWeight', 'volumetricWeight', 'chargeWeight', 'totalPrice', 'currency', 'deliveryDays', 'carrier', 'basePrice', 'fuelSurcharge'].sort();
const ids = (list: { channelId: string }[]) => list.map((c) => c.channelId).sort();

async function expect400(method: string, path: string, body: unknown, field: string) {
  const before = tableCounts(server);
  const res = await server.api(method, path, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) });
  expect(tableCounts(server)).toEqual(before);
}

describe('GET /logistics/countries', () => {
  it('lists every destination as { code, name }', async () => {
    const res = await server.api('GET', '/logistics/countries');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(COUNTRIES.length);
    expect(res.body.data).toContainEqual({ code: 'US', name: 'United States' });
    for (const c of res.body.data) expect(Object.keys(c).sort()).toEqual(['code', 'name']);
  });

  it('needs logistics:read', async () => {
    const key = server.makeKey(['orders:read']);
    const res = await server.api('GET', '/logistics/countries', { key });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Insufficient scope. Required: logistics:read. Your key has: orders:read');
    expect((await server.api('GET', '/logistics/countries', { key: null })).status).toBe(401);
  });
});

describe('GET /logistics/shipping-methods', () => {
  it('lists every active channel with the contract fields', async () => {
    const res = await server.api('GET', '/logistics/shipping-methods');
    expect(res.status).toBe(200);
    const channels = res.body.data;
    expect(channels.length).toBeGreaterThanOrEqual(8);
    for (const c of channels) {
      expect(Object.keys(c).sort()).toEqual(CHANNEL_KEYS);
      expect(c.deliveryDays).toMatch(/^\d+-\d+$/);
      expect(c.weightRange).toEqual({ min: expect.any(Number), max: expect.any(Number) });
      expect(c.supportedCargo.every((s: string) => s === 'general' || s === 'sensitive')).toBe(true);
      expect(Object.keys(c.pricing).sort()).toEqual(
        ['firstWeight', 'firstPrice', 'continuedWeight', 'continuedPrice', 'volumetricDivisor', 'fuelSurchargePercent'].sort(),
      );
    }
    const dhl = channels.find((c: { channelId: string }) => c.channelId === 'dhl-express');
    expect(dhl).toMatchObject({
      name: 'DHL Express Worldwide',
      carrier: 'DHL',
      deliveryDays: '3-6',
      supportedCargo: ['general'],
      weightRange: { min: 500, max: 70_000 },
      pricing: { firstWeight: 500, firstPrice: 210, continuedWeight: 500, continuedPrice: 56, volumetricDivisor: 5000, fuelSurchargePercent: 21.5 },
    });
    // Distinct price models: express 5000, air 6000, economy 8000 and actual-weight-only lines all exist.
    const divisors = new Set(channels.map((c: { pricing: { volumetricDivisor: number | null } }) => c.pricing.volumetricDivisor));
    expect(divisors).toEqual(new Set([5000, 6000, 8000, null]));
  });

  it('filters by country (any letter case): only channels that ship there', async () => {
    const res = await server.api('GET', '/logistics/shipping-methods?country=za');
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual(['dhl-express', 'economy-air', 'ems']);
    const all = (await server.api('GET', '/logistics/shipping-methods')).body.data;
    expect(res.body.data.length).toBeLessThan(all.length);
  });

  it('filters by weight on the weight each channel bills', async () => {
    const at = async (weight: number) => ids((await server.api('GET', `/logistics/shipping-methods?weight=${weight}`)).body.data);
    // sea freight holds 5000 to 100000 g: 4999 g bills 4999 (1000 g steps: 5000), 4000 g bills 4000 (out)
    expect(await at(4000)).not.toContain('sea-freight');
    expect(await at(4999)).toContain('sea-freight');
    // economy air mail holds up to 2000 g
    expect(await at(2000)).toContain('economy-air');
    expect(await at(2001)).not.toContain('economy-air');
  });

  it('filters by cargo type: normal -> general; battery and sensitive -> sensitive', async () => {
    const of = async (cargo: string) => ids((await server.api('GET', `/logistics/shipping-methods?cargoType=${cargo}`)).body.data);
    const all = ids((await server.api('GET', '/logistics/shipping-methods')).body.data);
    expect(await of('normal')).toEqual(all);
    // One enumeration everywhere: a product's own `general` is taken as well (normal stays an alias).
    expect(await of('general')).toEqual(all);
    expect(await of('battery')).toEqual(['air-sensitive', 'economy-line']);
    expect(await of('sensitive')).toEqual(['air-sensitive', 'economy-line']);
  });

  it('combines filters', async () => {
    const res = await server.api('GET', '/logistics/shipping-methods?country=US&weight=12000&cargoType=battery');
    expect(ids(res.body.data)).toEqual(['economy-line']);
  });

  it.each([
    ['cargoType=lithium', 'cargoType'],
    ['country=XX', 'country'],
    ['country=USA', 'country'],
    ['weight=0', 'weight'],
    ['weight=1.5', 'weight'],
    ['weight=heavy', 'weight'],
  ])('400 for %s', async (query, field) => {
    await expect400('GET', `/logistics/shipping-methods?${query}`, undefined, field);
  });
});

describe('POST /logistics/calculate-freight-batch', () => {
  it('quotes every channel that can carry it, cheapest first, with hand-checked prices', async () => {
    const res = await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'US', weight: 1200 } });
    expect(res.status).toBe(200);
    const quotes = res.body.data.channels;
    for (const q of quotes) expect(Object.keys(q).sort()).toEqual(QUOTE_KEYS);
    const prices = quotes.map((q: { totalPrice: number }) => q.totalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // US, 1200 g: sea freight (min 5000) and SF Asia (no US) are out.
    expect(ids(quotes)).toEqual(['air-sensitive', 'air-special', 'dhl-express', 'economy-air', 'economy-line', 'ems', 'fedex-ip', 'ups-saver']);
    const by = (id: string) => quotes.find((q: { channelId: string }) => q.channelId === id);
    // economy air: charge 1200 (50 g steps); 18.00 + ceil(1100/50)=22 x 2.25 = 67.50; no fuel
    expect(by('economy-air')).toEqual({
      channelId: 'economy-air', name: 'Economy Air Mail (small packets)', carrier: 'China Post', actualWeight: 1200, volumetricWeight: 0,
      chargeWeight: 1200, basePrice: 67.5, fuelSurcharge: 0, totalPrice: 67.5, currency: 'CNY', deliveryDays: '15-30',
    });
    // DHL: charge 1500; 210.00 + 2 x 56.00 = 322.00; fuel 21.5% = 69.23; 391.23
    expect(by('dhl-express')).toMatchObject({ chargeWeight: 1500, basePrice: 322, fuelSurcharge: 69.23, totalPrice: 391.23 });
    expect(quotes[0].channelId).toBe('economy-air');
  });

  it('uses volumetric weight when all three dimensions are given', async () => {
    const res = await server.api('POST', '/logistics/calculate-freight-batch', {
      body: { country: 'US', weight: 1200, length: 30, width: 20.5, height: 10.1 },
    });
    const by = (id: string) => res.body.data.channels.find((q: { channelId: string }) => q.channelId === id);
    // 30 x 20.5 x 10.1 = 6211.5 cm3. DHL /5000 = 1242.3 -> 1243 g -> charge 1500. Economy line /8000 = 776.4375 -> 777 g.
    expect(by('dhl-express')).toMatchObject({ volumetricWeight: 1243, chargeWeight: 1500 });
    expect(by('economy-line')).toMatchObject({ volumetricWeight: 777, chargeWeight: 1500 });
    expect(by('economy-air')).toMatchObject({ volumetricWeight: 0, chargeWeight: 1200 });
    // A big light box: 60 x 50 x 40 = 120000 cm3; DHL /5000 = 24000 g > 1200 g
    const box = await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'US', weight: 1200, length: 60, width: 50, height: 40 } });
    const dhl = box.body.data.channels.find((q: { channelId: string }) => q.channelId === 'dhl-express');
    // charge 24000; 210 + ceil(23500/500)=47 x 56 = 2842.00; fuel 21.5% = 611.03; 3453.03
    expect(dhl).toMatchObject({ actualWeight: 1200, volumetricWeight: 24000, chargeWeight: 24000, totalPrice: 3453.03 });
  });

  it('ignores dimensions unless all three are given', async () => {
    const res = await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'US', weight: 1200, length: 60, width: 50 } });
    for (const q of res.body.data.channels) expect(q.volumetricWeight).toBe(0);
  });

  it('drops channels whose range does not hold the charge weight', async () => {
    const res = await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'US', weight: 25_000 } });
    const list = ids(res.body.data.channels);
    expect(list).toContain('sea-freight');
    expect(list).not.toContain('economy-air');
    expect(list).not.toContain('air-sensitive');
  });

  it('filters by an optional cargoType', async () => {
    const res = await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'US', weight: 800, cargoType: 'battery' } });
    expect(ids(res.body.data.channels)).toEqual(['air-sensitive', 'economy-line']);
  });

  it('{ channels: [] } when nothing can carry it, and for a country served by no channel', async () => {
    const none = await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'ZA', weight: 500, cargoType: 'battery' } });
    expect(none.body).toEqual({ data: { channels: [] } });
    // Make South Africa a country no channel serves, then put things back.
    const servingZa = (await server.admin('GET', '/channels')).body.data.filter((c: { countries: string[] }) => c.countries.includes('ZA'));
    for (const c of servingZa) {
      expect((await server.admin('PUT', `/channels/${c.channelId}`, { countries: c.countries.filter((x: string) => x !== 'ZA') })).status).toBe(200);
    }
    const unserved = await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'ZA', weight: 500 } });
    expect(unserved.status).toBe(200);
    expect(unserved.body).toEqual({ data: { channels: [] } });
    for (const c of servingZa) await server.admin('PUT', `/channels/${c.channelId}`, { countries: c.countries });
    expect((await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'ZA', weight: 500 } })).body.data.channels.length).toBe(3);
  });

  it.each([
    [{ weight: 500 }, 'country'],
    [{ country: 'XX', weight: 500 }, 'country'],
    [{ country: 'US' }, 'weight'],
    [{ country: 'US', weight: 0 }, 'weight'],
    [{ country: 'US', weight: 1.5 }, 'weight'],
    [{ country: 'US', weight: '500' }, 'weight'],
    [{ country: 'US', weight: 500, length: 0, width: 1, height: 1 }, 'length'],
    [{ country: 'US', weight: 500, length: 10, width: -1, height: 1 }, 'width'],
    [{ country: 'US', weight: 500, length: 10, width: 1, height: '5' }, 'height'],
    [{ country: 'US', weight: 500, cargoType: 'liquid' }, 'cargoType'],
    [{ country: 'US', weight: 500, colour: 'red' }, 'colour'],
  ])('400 for %j naming %s', async (body, field) => {
    await expect400('POST', '/logistics/calculate-freight-batch', body, field);
  });
});

describe('POST /logistics/calculate-freight', () => {
  it("takes a product's own cargo type (general) and the alias normal alike", async () => {
    const quote = (cargoType: string) => server.api('POST', '/logistics/calculate-freight', { body: { channelId: 'ems', country: 'US', weight: 500, cargoType } });
    const general = await quote('general');
    expect(general.status, JSON.stringify(general.body)).toBe(200);
    expect((await quote('normal')).body).toEqual(general.body);
    expect((await quote('lithium')).status).toBe(400);
  });

  it("returns one channel's quote", async () => {
    const res = await server.api('POST', '/logistics/calculate-freight', { body: { channelId: 'air-sensitive', country: 'gb', weight: 350, cargoType: 'battery' } });
    expect(res.status).toBe(200);
    // charge 400; 36.00 + ceil(300/100)=3 x 9.20 = 63.60; fuel 10% = 6.36; 69.96
    expect(res.body.data).toEqual({
      channelId: 'air-sensitive', name: 'Sensitive Goods Air Line (batteries, cosmetics)', carrier: 'YunExpress', actualWeight: 350,
      volumetricWeight: 0, chargeWeight: 400, basePrice: 63.6, fuelSurcharge: 6.36, totalPrice: 69.96, currency: 'CNY', deliveryDays: '10-18',
    });
  });

  it('agrees with the batch quote for the same channel', async () => {
    const body = { country: 'DE', weight: 3333, length: 41.5, width: 33.3, height: 12.7 };
    const batch = await server.api('POST', '/logistics/calculate-freight-batch', { body });
    for (const q of batch.body.data.channels) {
      const single = await server.api('POST', '/logistics/calculate-freight', { body: { ...body, channelId: q.channelId } });
      expect(single.body.data).toEqual(q);
    }
  });

  it('404 for an unknown channel', async () => {
    const res = await server.api('POST', '/logistics/calculate-freight', { body: { channelId: 'pigeon', country: 'US', weight: 500 } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Shipping channel pigeon not found' });
  });

  it.each([
    [{ channelId: 'sf-asia', country: 'US', weight: 500 }, 'Channel sf-asia does not ship to US'],
    [{ channelId: 'sea-freight', country: 'US', weight: 1200 }, 'Channel sea-freight carries 5000 to 100000 g; the charge weight is 2000 g'],
    [{ channelId: 'economy-air', country: 'US', weight: 2001 }, 'Channel economy-air carries 50 to 2000 g; the charge weight is 2050 g'],
    [{ channelId: 'dhl-express', country: 'US', weight: 500, cargoType: 'battery' }, 'Channel dhl-express does not carry sensitive cargo (it carries: general)'],
  ])('422 with the reason for %j', async (body, message) => {
    const before = tableCounts(server);
    const res = await server.api('POST', '/logistics/calculate-freight', { body });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message });
    expect(tableCounts(server)).toEqual(before);
  });

  it.each([
    [{ country: 'US', weight: 500 }, 'channelId'],
    [{ channelId: 'ems', country: 'ZZ', weight: 500 }, 'country'],
    [{ channelId: 'ems', country: 'US', weight: 0 }, 'weight'],
    [{ channelId: 'ems', country: 'US', weight: 500, extra: 1 }, 'extra'],
  ])('400 for %j naming %s', async (body, field) => {
    await expect400('POST', '/logistics/calculate-freight', body, field);
  });
});

describe('admin: channels are data', () => {
  it('lists every channel, inactive ones too, and reads one', async () => {
    const list = await server.admin('GET', '/channels');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(8);
    expect(list.body.data[0]).toMatchObject({ active: true, position: expect.any(Number) });
    const one = await server.admin('GET', '/channels/ems');
    expect(one.body.data).toMatchObject({ channelId: 'ems', carrier: 'China Post', pricing: { volumetricDivisor: 6000 } });
    expect((await server.admin('GET', '/channels/nope')).status).toBe(404);
  });

  it('edits the price model; quotes follow at once', async () => {
    const res = await server.admin('PUT', '/channels/ems', {
      pricing: { firstPrice: 100, continuedPrice: 25.5, fuelSurchargePercent: 12.5, volumetricDivisor: null },
      deliveryDays: '6-14',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      deliveryDays: '6-14',
      pricing: { firstWeight: 500, firstPrice: 100, continuedWeight: 500, continuedPrice: 25.5, volumetricDivisor: null, fuelSurchargePercent: 12.5 },
    });
    const quote = await server.api('POST', '/logistics/calculate-freight', { body: { channelId: 'ems', country: 'US', weight: 1100, length: 50, width: 50, height: 50 } });
    // no divisor now: charge 1500; 100 + 2 x 25.50 = 151.00; fuel 12.5% = 18.875 -> 18.88; 169.88
    expect(quote.body.data).toMatchObject({ volumetricWeight: 0, chargeWeight: 1500, basePrice: 151, fuelSurcharge: 18.88, totalPrice: 169.88, deliveryDays: '6-14' });
  });

  it('an inactive channel disappears from the open API', async () => {
    expect((await server.admin('PUT', '/channels/ups-saver', { active: false })).body.data.active).toBe(false);
    expect(ids((await server.api('GET', '/logistics/shipping-methods')).body.data)).not.toContain('ups-saver');
    expect((await server.api('POST', '/logistics/calculate-freight', { body: { channelId: 'ups-saver', country: 'US', weight: 500 } })).status).toBe(404);
    expect((await server.admin('GET', '/channels')).body.data.map((c: { channelId: string }) => c.channelId)).toContain('ups-saver');
    await server.admin('PUT', '/channels/ups-saver', { active: true });
    expect(ids((await server.api('GET', '/logistics/shipping-methods')).body.data)).toContain('ups-saver');
  });

  it.each([
    [{}, 'at least one'],
    [{ deliveryDays: 'soon' }, 'deliveryDays'],
    [{ deliveryDays: '9-3' }, 'deliveryDays'],
    [{ weightRange: { min: 900, max: 100 } }, 'weightRange'],
    [{ weightRange: { min: 100 } }, 'weightRange.max'],
    [{ countries: ['US', 'XX'] }, 'countries'],
    [{ supportedCargo: ['battery'] }, 'supportedCargo'],
    [{ supportedCargo: [] }, 'supportedCargo'],
    [{ pricing: { volumetricDivisor: 7000 } }, 'volumetricDivisor'],
    [{ pricing: { firstPrice: 1.234 } }, 'pricing.firstPrice'],
    [{ pricing: { fuelSurchargePercent: 10.125 } }, 'pricing.fuelSurchargePercent'],
    [{ pricing: { fuelSurchargePercent: 101 } }, 'fuelSurchargePercent'],
    [{ pricing: { continuedWeight: 0 } }, 'continuedWeight'],
    [{ name: '   ' }, 'name'],
    [{ speed: 'fast' }, 'speed'],
  ])('400 for %j naming %s, changing nothing', async (body, field) => {
    const before = snapshot(server, ['channels']);
    const res = await server.admin('PUT', '/channels/dhl-express', body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain(field);
    expect(snapshot(server, ['channels'])).toBe(before);
  });

  it('404 for an unknown channel; an sk- key never gets in', async () => {
    expect((await server.admin('PUT', '/channels/nope', { name: 'x' })).status).toBe(404);
    const withKey = await request(server.running.origin + '/api/v1/admin', 'PUT', '/channels/ems', { bearer: server.key, body: { name: 'x' } });
    expect(withKey.status).toBe(401);
    expect((await server.admin('GET', '/channels/ems')).body.data.name).toBe('China Post EMS');
  });
});
