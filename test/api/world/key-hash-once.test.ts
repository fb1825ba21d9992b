import type * as Crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * The open API's hot path (worlds.md section 5: each world's own routes keep the v1 figures): a request's
 * key is hashed once, to find its world and then to authenticate it in that world, never twice.
 */
const hashed: string[] = [];
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  const hash = ((algorithm: string, data: string, encoding?: string) => {
    if (typeof data === 'string' && data.startsWith('sk-')) hashed.push(data);
    return (crypto.hash as (a: string, d: string, e?: string) => string)(algorithm, data, encoding);
  }) as typeof crypto.hash;
  return { ...crypto, default: { ...crypto, hash }, hash };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('a request key is hashed once', () => {
  it('in a registered world, and in the default world while other worlds exist', async () => {
    const created = await server.admin('POST', '/worlds', { id: 'w_hash_once_12' });
    expect(created.status).toBe(201);
    const worldKey = created.body.data.key.secret as string;
    for (const key of [worldKey, server.key]) {
      hashed.length = 0;
      const res = await server.api('GET', '/user/wallet/balance', { key });
      expect(res.status).toBe(200);
      expect(hashed.filter((k) => k === key)).toHaveLength(1);
    }
  });
});
