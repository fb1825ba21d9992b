import { createServer, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenAddress, guardedFetcher } from '../../../src/main/core/webhooks/destination.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * Webhooks never reach link-local, unique-local or cloud metadata targets, even with remote webhooks
 * allowed: refused when saved, refused when sent (a target saved before, or a name that resolves there),
 * and the test route never learns such a target's status.
 */
let server: TestServer;
let receiver: Server;
let receiverPort = 0;
let hits = 0;
beforeAll(async () => {
  server = await startTestServer();
  expect((await server.admin('PUT', '/settings', { webhooksAllowRemote: true })).status).toBe(200);
  receiver = createServer((_req, res) => {
    hits++;
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverPort = (receiver.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
  await server.close();
});

const FORBIDDEN_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[fe80::1]/hook',
  'http://[fc00::1]/hook',
  'http://[::ffff:169.254.169.254]/hook',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata/computeMetadata/v1/',
  'http://instance-data/latest/',
  'http://METADATA.google.internal./x',
];

describe('webhook targets', () => {
  it('refuses link-local, unique-local and metadata URLs when saved (400), remote webhooks allowed', async () => {
    for (const url of FORBIDDEN_URLS) {
      const created = await server.admin('POST', '/webhooks', { url, events: ['*'] });
      expect(created.status, url).toBe(400);
      expect(created.body.message, url).toMatch(/not allowed/);
    }
    // A remote public address is still fine.
    expect((await server.admin('POST', '/webhooks', { url: 'https://hooks.example.com/x', events: ['*'] })).status).toBe(201);
  });

  it('refuses to send to such a target saved earlier, and the test route does not learn its status', async () => {
    const created = (await server.admin('POST', '/webhooks', { url: 'https://hooks.example.com/y', events: ['*'] })).body.data;
    // Saved by an older build (or by hand): the send is refused all the same.
    server.running.core.ctx.db.prepare('UPDATE webhook_endpoints SET url = ? WHERE id = ?').run('http://169.254.169.254/latest/', created.id);
    const tested = await server.admin('POST', `/webhooks/${created.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body.data).toMatchObject({ succeeded: false, statusCode: null });
    expect(tested.body.data.error).toMatch(/refused/);
  });

  it('judges every address a name resolves to, at connect time (a rebinding name cannot slip through)', async () => {
    const answers: LookupAddress[][] = [[{ address: '127.0.0.1', family: 4 }], [{ address: '169.254.169.254', family: 4 }]];
    const lookups: string[] = [];
    const fetcher = guardedFetcher((hostname, _options, callback) => {
      lookups.push(hostname);
      callback(null, answers[Math.min(lookups.length - 1, answers.length - 1)]!);
    });
    const post = () =>
      fetcher(`http://rebinding.test:${receiverPort}/hook`, { method: 'POST', headers: {}, body: '{}', signal: AbortSignal.timeout(5000), redirect: 'manual' });
    // First resolution: loopback, delivered. Second: the metadata address, refused before connecting.
    expect((await post()).status).toBe(204);
    await expect(post()).rejects.toThrow(/169\.254\.169\.254/);
    expect(lookups).toEqual(['rebinding.test', 'rebinding.test']);
    expect(hits).toBe(1);
  });

  it('classifies addresses', () => {
    for (const a of ['169.254.169.254', '169.254.0.1', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:169.254.169.254', '100.100.100.200', '0.0.0.0', '::', '::ffff:a9fe:a9fe', '64:ff9b::169.254.169.254', '64:ff9b::a9fe:a9fe', '64:ff9b:1::a9fe:a9fe', '2002:a9fe:a9fe::1', '64:ff9b::6464:64c8']) {
      expect(forbiddenAddress(a), a).not.toBeNull();
    }
    for (const a of ['127.0.0.1', '::1', '10.0.0.5', '192.168.1.10', '93.184.216.34', '2606:4700::1111', '64:ff9b::5db8:d822', '2002:5db8:d822::1', '::ffff:10.0.0.5']) expect(forbiddenAddress(a), a).toBeNull();
  });
});
