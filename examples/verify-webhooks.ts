/**
 * A webhook receiver that checks every delivery's Crossbuy-Signature before trusting it. It registers
 * itself with the back office (admin token), prints each verified event, answers 400 to anything whose
 * signature does not match, and removes its endpoint when it stops.
 *
 *   CROSSBUY_ADMIN_TOKEN=... npx tsx examples/verify-webhooks.ts [stop-after-N-events]
 *
 * The signature, as Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminClient, unwrap } from 'crossbuy/client';

const baseUrl = process.env.CROSSBUY_URL ?? 'http://127.0.0.1:4680';
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (README.md, "Scripting")`);
  return value;
}

const TOLERANCE_S = 300;
const stopAfter = Number(process.argv[2] ?? Infinity);

/** True when the header is a fresh signature of exactly these bytes. */
export function verify(secret: string, header: string | undefined, rawBody: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  const parts = new Map((header ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowS - t) > TOLERANCE_S || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

const admin = createAdminClient({ baseUrl, adminToken: required('CROSSBUY_ADMIN_TOKEN') });
let secret = '';
let verified = 0;

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8'); // verify the raw bytes, never a re-serialized object
    if (!verify(secret, request.headers['crossbuy-signature'] as string | undefined, raw)) {
      console.log('rejected: bad signature');
      response.writeHead(400).end();
      return;
    }
    const event = JSON.parse(raw) as { id: number; type: string };
    console.log(`verified ${event.type} #${event.id}`);
    response.writeHead(204).end();
    if (++verified >= stopAfter) void stop();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/crossbuy`;
const endpoint = await unwrap(admin.POST('/webhooks', { body: { url, events: ['*'], description: 'examples/verify-webhooks.ts' } }));
secret = endpoint.secret;
console.log(`listening on ${url} (endpoint ${endpoint.id})`);

async function stop(): Promise<void> {
  await unwrap(admin.DELETE('/webhooks/{id}', { params: { path: { id: endpoint.id } } }));
  server.close();
  server.closeAllConnections();
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
