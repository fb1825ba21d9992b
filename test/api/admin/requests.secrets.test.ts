import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LOG_FILE } from '../../../src/main/core/requests/request-log.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/** Every secret the app issues is masked in the request log when it is written: shown nowhere, stored nowhere. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const entryOf = async (requestId: string) => {
  for (let i = 0; i < 50; i++) {
    const item = (await server.admin('GET', `/requests?requestId=${requestId}`)).body.data.items[0];
    if (item) return (await server.admin('GET', `/requests/${item.id}`)).body.data;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${requestId} was not logged`);
};

describe('the request log masks every secret the app issues', () => {
  it('the admin token, the UI token, API keys and webhook secrets, in query strings and bodies', async () => {
    const adminToken = server.running.core.adminToken;
    const uiToken = server.running.sessionToken;
    const apiKey = server.makeKey(['cart:read']);
    const whsec = 'whsec_0123456789abcdefghijklmnop';
    const secrets = { adminToken, uiToken, apiKey, whsec };
    const remark = `admin ${adminToken} ui ${uiToken} key ${apiKey} hook ${whsec}`;
    await server.api('POST', '/cart/items', { body: { productId: '1', skuId: 'x', quantity: 1, remark }, headers: { 'x-request-id': 'secret-body' } });
    await server.api('GET', `/products/search?q=${adminToken}&token=${uiToken}&k=${apiKey}&w=${whsec}`, { headers: { 'x-request-id': 'secret-query' } });

    const body = await entryOf('secret-body');
    const query = await entryOf('secret-query');
    for (const [name, value] of Object.entries(secrets)) {
      expect(JSON.stringify(body), `${name} in a logged body`).not.toContain(value);
      expect(JSON.stringify(query), `${name} in a logged query`).not.toContain(value);
    }
    expect(body.requestBody.text).toContain('adm-****');
    expect(query.query).toContain('token=****');

    // Nor in the log's files (masked before they are written).
    await server.running.app.close();
    for (const suffix of ['', '-wal']) {
      const file = join(server.dataDir, REQUEST_LOG_FILE + suffix);
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file).toString('latin1');
      for (const [name, value] of Object.entries(secrets)) expect(bytes.includes(value), `${name} in ${REQUEST_LOG_FILE}${suffix}`).toBe(false);
    }
  });
});
