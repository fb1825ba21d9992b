import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '../../../src/main/core/users/addresses.js';
import { snapshot, startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;

const ADDRESS_KEYS = ['id', 'name', 'phone', 'country', 'state', 'city', 'address', 'zipCode', 'isDefault', 'createdAt'].sort();
const SPEC_KEYS = ['id', 'name', 'phone', 'country', 'state', 'city', 'address', 'zipCode', 'isDefault'];

const home = { name: 'Jane Doe', phone: '+1 (555) 010-2030', country: 'US', state: 'CA', city: 'San Francisco', address: '1 Market St, Apt 5', zipCode: '94105' };
const office = { name: 'Jane Doe', phone: '+44 20 7946 0000', country: 'GB', city: 'London', address: '10 Downing St', zipCode: 'SW1A 2AA' };

async function expectNoWrite(run: () => Promise<void>): Promise<void> {
  const counts = tableCounts(server);
  const rows = snapshot(server, ['addresses']);
  await run();
  expect(tableCounts(server)).toEqual(counts);
  expect(snapshot(server, ['addresses'])).toBe(rows);
}

async function list(): Promise<{ id: number; isDefault: boolean; name: string }[]> {
  const res = await server.api('GET', '/user/addresses');
  expect(res.status).toBe(200);
  return res.body.data;
}

async function defaults(): Promise<number[]> {
  return (await list()).filter((a) => a.isDefault).map((a) => a.id);
}

async function clearAll(): Promise<void> {
  for (const a of await list()) expect((await server.api('DELETE', `/user/addresses/${a.id}`)).status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('addresses', () => {
  it('starts as an empty array', async () => {
    const res = await server.api('GET', '/user/addresses');
    expect(res.body).toEqual({ data: [] });
  });

  it('creates the first address as the default even when isDefault: false is sent (201)', async () => {
    const res = await server.api('POST', '/user/addresses', { body: { ...home, isDefault: false } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(ADDRESS_KEYS);
    for (const key of SPEC_KEYS) expect(res.body.data).toHaveProperty(key);
    expect(res.body.data).toEqual({ id: expect.any(Number), ...home, isDefault: true, createdAt: expect.stringMatching(/Z$/) });
  });

  it('a later address is not the default unless asked; isDefault: true moves the default to it', async () => {
    const second = await server.api('POST', '/user/addresses', { body: office });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ ...office, state: '', isDefault: false });

    const third = await server.api('POST', '/user/addresses', { body: { ...office, name: 'Reception', isDefault: true } });
    expect(third.status).toBe(201);
    expect(third.body.data.isDefault).toBe(true);
    expect(await defaults()).toEqual([third.body.data.id]);
    // The default comes first, then the others in the order they were saved.
    const names = (await list()).map((a) => a.name);
    expect(names).toEqual(['Reception', 'Jane Doe', 'Jane Doe']);
  });

  it('normalises the country code case and trims text fields', async () => {
    const res = await server.api('POST', '/user/addresses', { body: { ...office, country: 'gb', name: '  Bob  ', city: ' Leeds ' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ country: 'GB', name: 'Bob', city: 'Leeds' });
  });

  it('PUT changes any subset (200) and keeps the rest', async () => {
    const [first] = (await list()).filter((a) => !a.isDefault);
    const res = await server.api('PUT', `/user/addresses/${first!.id}`, { body: { city: 'Oakland', zipCode: '94607' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(ADDRESS_KEYS);
    expect(res.body.data).toEqual({ ...first, city: 'Oakland', zipCode: '94607' });
  });

  it('PUT isDefault: true clears it on the others; true on the default is a no-op', async () => {
    const target = (await list()).find((a) => !a.isDefault)!;
    const res = await server.api('PUT', `/user/addresses/${target.id}`, { body: { isDefault: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.isDefault).toBe(true);
    expect(await defaults()).toEqual([target.id]);
    const again = await server.api('PUT', `/user/addresses/${target.id}`, { body: { isDefault: true } });
    expect(again.status).toBe(200);
    expect(await defaults()).toEqual([target.id]);
  });

  it('422 for isDefault: false on the default address (there must always be one), writing nothing', async () => {
    const [def] = await defaults();
    await expectNoWrite(async () => {
      const res = await server.api('PUT', `/user/addresses/${def}`, { body: { isDefault: false, city: 'Nowhere' } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message: expect.stringContaining('isDefault') });
    });
    // isDefault: false on an address that is not the default is simply what it already is.
    const other = (await list()).find((a) => !a.isDefault)!;
    expect((await server.api('PUT', `/user/addresses/${other.id}`, { body: { isDefault: false } })).status).toBe(200);
  });

  it.each([
    [{ ...home, name: undefined }, 'name'],
    [{ ...home, phone: undefined }, 'phone'],
    [{ ...home, country: undefined }, 'country'],
    [{ ...home, city: undefined }, 'city'],
    [{ ...home, address: undefined }, 'address'],
    [{ ...home, zipCode: undefined }, 'zipCode'],
    [{ ...home, country: 'XX' }, 'country'],
    [{ ...home, country: 'USA' }, 'country'],
    [{ ...home, name: 'n'.repeat(101) }, 'name'],
    [{ ...home, name: '   ' }, 'name'],
    [{ ...home, name: '' }, 'name'],
    [{ ...home, phone: 'call me' }, 'phone'],
    [{ ...home, phone: '' }, 'phone'],
    [{ ...home, zipCode: '1'.repeat(21) }, 'zipCode'],
    [{ ...home, zipCode: '94105!' }, 'zipCode'],
    [{ ...home, state: 's'.repeat(101) }, 'state'],
    [{ ...home, city: 'c'.repeat(101) }, 'city'],
    [{ ...home, address: 'a'.repeat(501) }, 'address'],
    [{ ...home, isDefault: 'yes' }, 'isDefault'],
    [{ ...home, zip: '94105' }, 'zip'],
  ])('POST %j: 400 naming %s, writing nothing', async (body, field) => {
    await expectNoWrite(async () => {
      const res = await server.api('POST', '/user/addresses', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) });
    });
  });

  it.each([
    [{ country: 'ZZ' }, 'country'],
    [{ phone: 'nope' }, 'phone'],
    [{ name: ' ' }, 'name'],
    [{ zipCode: '' }, 'zipCode'],
    [{ colour: 'red' }, 'colour'],
    [{}, 'at least one'],
  ])('PUT %j: 400 naming %s, writing nothing', async (body, field) => {
    const [def] = await defaults();
    await expectNoWrite(async () => {
      const res = await server.api('PUT', `/user/addresses/${def}`, { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    });
  });

  it.each([
    [{ ...home, name: 'A' }, 'name', 'name must have at least 2 characters'],
    [{ ...home, address: 'x' }, 'address', 'address must have at least 3 characters'],
    [{ ...home, city: 'Q' }, 'city', 'city must have at least 2 characters'],
    [{ ...home, country: 'DE', zipCode: 'ABCDEFGHIJKLMNOP' }, 'zipCode', 'zipCode "ABCDEFGHIJKLMNOP" is not a postcode of DE (e.g. 10115)'],
    [{ ...home, country: 'DE', zipCode: '1011' }, 'zipCode', 'zipCode "1011" is not a postcode of DE (e.g. 10115)'],
    [{ ...home, zipCode: 'SW1A 2AA' }, 'zipCode', 'zipCode "SW1A 2AA" is not a postcode of US (e.g. 94105)'],
    [{ ...home, phone: '555 010 2030' }, 'phone', 'phone "555 010 2030" needs the country code: + and 8 to 15 digits, e.g. +49 30 1234567'],
    [{ ...home, phone: '+1 23' }, 'phone', 'phone "+1 23" needs the country code: + and 8 to 15 digits, e.g. +49 30 1234567'],
  ])('POST %j breaks an address rule: 400 naming %s with code address_invalid, writing nothing', async (body, field, message) => {
    await expectNoWrite(async () => {
      const res = await server.api('POST', '/user/addresses', { body });
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message, code: 'address_invalid', field });
    });
  });

  it('accepts each served country\'s own postcode format', async () => {
    const samples: [string, string][] = [['DE', '10115'], ['GB', 'sw1a 2aa'], ['CA', 'K1A 0B1'], ['JP', '100-0001'], ['NL', '1012 AB'], ['PL', '00-001'], ['BR', '01310-100']];
    for (const [country, zipCode] of samples) {
      const res = await server.api('POST', '/user/addresses', { body: { ...office, country, zipCode, name: `Postcode ${country}` } });
      expect(res.status, `${country} ${zipCode}`).toBe(201);
      expect((await server.api('DELETE', `/user/addresses/${res.body.data.id}`)).status).toBe(200);
    }
  });

  it('PUT checks the fields it writes, the postcode against the stored country (and the reverse)', async () => {
    const [def] = await defaults();
    const current = (await list()).find((a) => a.id === def) as unknown as { country: string; zipCode: string };
    await expectNoWrite(async () => {
      const zip = await server.api('PUT', `/user/addresses/${def}`, { body: { zipCode: 'ABCDEFGHIJKLMNOP' } });
      expect(zip.body).toMatchObject({ statusCode: 400, code: 'address_invalid', field: 'zipCode' });
      expect(zip.body.message).toContain(`postcode of ${current.country}`);
      // A country whose format the stored postcode does not have: the postcode must change with it.
      const country = await server.api('PUT', `/user/addresses/${def}`, { body: { country: current.country === 'NL' ? 'DE' : 'NL' } });
      expect(country.body).toMatchObject({ statusCode: 400, code: 'address_invalid', field: 'zipCode' });
      expect((await server.api('PUT', `/user/addresses/${def}`, { body: { name: 'A' } })).body).toMatchObject({ field: 'name' });
    });
  });

  it('an address saved before the rules stays readable and can be edited field by field', async () => {
    const res = await server.api('POST', '/user/addresses', { body: { ...office, name: 'Legacy row' } });
    const id = res.body.data.id as number;
    server.running.core.ctx.db.prepare(`UPDATE addresses SET name = 'A', zip_code = 'ABCDEFGHIJKLMNOP', phone = '123' WHERE id = ?`).run(id);
    const listed = (await list()).find((a) => a.id === id);
    expect(listed).toMatchObject({ name: 'A', zipCode: 'ABCDEFGHIJKLMNOP' });
    const fixed = await server.api('PUT', `/user/addresses/${id}`, { body: { name: 'Ada Legacy' } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({ name: 'Ada Legacy', zipCode: 'ABCDEFGHIJKLMNOP' });
    expect((await server.api('DELETE', `/user/addresses/${id}`)).status).toBe(200);
  });

  it('400 for a non-numeric id; 404 for an unknown id on PUT and DELETE, writing nothing', async () => {
    await expectNoWrite(async () => {
      expect((await server.api('PUT', '/user/addresses/abc', { body: { city: 'Oakland' } })).status).toBe(400);
      expect((await server.api('DELETE', '/user/addresses/0')).status).toBe(400);
      const put = await server.api('PUT', '/user/addresses/999999', { body: { city: 'Oakland' } });
      expect(put.status).toBe(404);
      expect(put.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Address 999999 not found' });
      expect((await server.api('DELETE', '/user/addresses/999999')).status).toBe(404);
    });
  });

  it('DELETE a non-default address leaves the default alone (200 { message })', async () => {
    const before = await defaults();
    const other = (await list()).find((a) => !a.isDefault)!;
    const res = await server.api('DELETE', `/user/addresses/${other.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: expect.any(String) } });
    expect(await defaults()).toEqual(before);
    expect((await list()).some((a) => a.id === other.id)).toBe(false);
  });

  it('DELETE the default promotes the oldest remaining address', async () => {
    await clearAll();
    const a = (await server.api('POST', '/user/addresses', { body: home })).body.data;
    const b = (await server.api('POST', '/user/addresses', { body: office })).body.data;
    const c = (await server.api('POST', '/user/addresses', { body: { ...office, isDefault: true } })).body.data;
    expect(await defaults()).toEqual([c.id]);
    const res = await server.api('DELETE', `/user/addresses/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toContain(String(a.id));
    expect(await defaults()).toEqual([a.id]);
    await server.api('DELETE', `/user/addresses/${a.id}`);
    expect(await defaults()).toEqual([b.id]);
    await server.api('DELETE', `/user/addresses/${b.id}`);
    expect(await list()).toEqual([]);
    // With the book empty again, the next address is the default.
    const d = await server.api('POST', '/user/addresses', { body: office });
    expect(d.body.data.isDefault).toBe(true);
  });

  it(`422 beyond ${MAX_ADDRESSES} addresses, writing nothing`, async () => {
    await clearAll();
    for (let i = 0; i < MAX_ADDRESSES; i++) {
      expect((await server.api('POST', '/user/addresses', { body: { ...home, name: `N${i}` } })).status).toBe(201);
    }
    await expectNoWrite(async () => {
      const res = await server.api('POST', '/user/addresses', { body: home });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain(String(MAX_ADDRESSES));
    });
    expect(await defaults()).toHaveLength(1);
    await clearAll();
  });

  it('scopes: profile:read lists; writes need profile:write (403, nothing written)', async () => {
    const reader = server.makeKey(['profile:read']);
    expect((await server.api('GET', '/user/addresses', { key: reader })).status).toBe(200);
    expect((await server.api('GET', '/user/addresses', { key: server.makeKey(['profile:write']) })).status).toBe(403);
    await expectNoWrite(async () => {
      const res = await server.api('POST', '/user/addresses', { key: reader, body: home });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Insufficient scope. Required: profile:write. Your key has: profile:read');
      expect((await server.api('PUT', '/user/addresses/1', { key: reader, body: { city: 'Oakland' } })).status).toBe(403);
      expect((await server.api('DELETE', '/user/addresses/1', { key: reader })).status).toBe(403);
    });
  });
});
