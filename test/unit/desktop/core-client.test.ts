import { describe, expect, it } from 'vitest';
import type { FromHost, ToHost } from '../../../src/main/core-host/protocol.js';
import { CoreClient, type HostProcess } from '../../../src/main/desktop/core-client.js';

/** A host that does what the test says: the supervisor's rules without processes or timing. */
class FakeHost implements HostProcess {
  readonly posted: ToHost[] = [];
  private message: (m: FromHost) => void = () => {};
  private exit: (code: number | null) => void = () => {};
  killed = false;
  post(message: ToHost) {
    this.posted.push(message);
  }
  onMessage(listener: (m: FromHost) => void) {
    this.message = listener;
  }
  onExit(listener: (code: number | null) => void) {
    this.exit = listener;
  }
  kill() {
    this.killed = true;
  }
  say(message: FromHost) {
    this.message(message);
  }
  die(code: number | null) {
    this.exit(code);
  }
}

const options = { dataDir: '/data', port: 4680, portFallback: true, uiDir: null };
const info = (port: number) => ({ origin: `http://127.0.0.1:${port}`, port, dataDir: '/data' });
const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const hosts: FakeHost[] = [];
  const seen: string[] = [];
  const client = new CoreClient(
    () => {
      const host = new FakeHost();
      hosts.push(host);
      return host;
    },
    options,
    {
      event: (e) => seen.push(`event ${e.type}`),
      crashed: (c) => seen.push(`crashed ${c.code} ${c.restarting}`),
      restarted: (i) => seen.push(`restarted ${i.port}`),
      status: (s) => seen.push(`status ${s.state}`),
    },
  );
  return { client, hosts, seen };
}

describe('the core client', () => {
  it('starts the host with the options and forwards requests and events', async () => {
    const { client, hosts, seen } = setup();
    const started = client.start();
    expect(hosts[0]!.posted).toEqual([{ type: 'start', options }]);
    hosts[0]!.say({ type: 'ready', info: info(4681) });
    expect(await started).toEqual(info(4681));
    const answer = client.request({ method: 'GET', path: '/api/v1/open/cart' });
    await flush();
    expect(hosts[0]!.posted[1]).toEqual({ type: 'request', id: 1, request: { method: 'GET', path: '/api/v1/open/cart' } });
    hosts[0]!.say({ type: 'response', id: 1, response: { status: 200, headers: {}, body: { data: 1 } } });
    expect(await answer).toEqual({ status: 200, headers: {}, body: { data: 1 } });
    hosts[0]!.say({ type: 'event', event: { type: 'order.created', data: {} } as never });
    expect(seen).toEqual(['event order.created']);
  });

  it('answers 503 for requests in flight at a crash, restarts on the same folder and port, and queues requests meanwhile', async () => {
    const { client, hosts, seen } = setup();
    const started = client.start();
    hosts[0]!.say({ type: 'ready', info: info(4681) });
    await started;
    const inFlight = client.request({ method: 'POST', path: '/api/v1/open/orders', body: {} });
    await flush();
    hosts[0]!.die(null);
    expect(await inFlight).toMatchObject({ status: 503, body: { statusCode: 503, error: 'Service Unavailable' } });
    expect(seen).toEqual(['crashed null true', 'status restarting']);
    expect(client.status).toEqual({ state: 'restarting', message: 'The service stopped unexpectedly (code null)' });
    expect(hosts).toHaveLength(2);
    expect(hosts[1]!.posted[0]).toEqual({ type: 'start', options: { ...options, port: 4681, portFallback: true } });
    const waiting = client.request({ method: 'GET', path: '/api/v1/open/cart' });
    await flush();
    expect(hosts[1]!.posted).toHaveLength(1); // held until the new host is ready
    hosts[1]!.say({ type: 'ready', info: info(4681) });
    await flush();
    expect(seen).toEqual(['crashed null true', 'status restarting', 'restarted 4681', 'status running']);
    expect(client.status).toEqual({ state: 'running', message: 'The service restarted; nothing acknowledged was lost' });
    const sent = hosts[1]!.posted[1] as Extract<ToHost, { type: 'request' }>;
    hosts[1]!.say({ type: 'response', id: sent.id, response: { status: 200, headers: {}, body: {} } });
    expect((await waiting).status).toBe(200);
  });

  it('gives up after repeated crashes instead of looping', async () => {
    const { client, hosts, seen } = setup();
    const started = client.start();
    hosts[0]!.say({ type: 'ready', info: info(4681) });
    await started;
    for (let i = 0; i < 6; i++) {
      const host = hosts.at(-1)!;
      host.say({ type: 'ready', info: info(4681) });
      await flush();
      host.die(1);
      await flush();
    }
    expect(seen.filter((s) => s.startsWith('crashed')).at(-1)).toBe('crashed 1 false');
    expect((await client.request({ method: 'GET', path: '/api/v1/open/cart' })).status).toBe(503);
  });

  it('keeps the state a window shows, for a window that loads after it changed', async () => {
    const { client, hosts } = setup();
    const started = client.start();
    hosts[0]!.say({ type: 'ready', info: info(4681) });
    await started;
    expect(client.status.state).toBe('running');
    for (let i = 0; i < 6; i++) {
      const host = hosts.at(-1)!;
      host.say({ type: 'ready', info: info(4681) });
      await flush();
      host.die(1);
      await flush();
    }
    // Long after the last push, the state is still there to be asked for.
    expect(client.status).toEqual({ state: 'failed', message: 'The service stopped unexpectedly (code 1)' });
  });

  it('rejects a start that fails, and rejects requests the host refuses', async () => {
    const { client, hosts } = setup();
    const started = client.start();
    hosts[0]!.say({ type: 'start-failed', message: 'EADDRINUSE' });
    await expect(started).rejects.toThrow('EADDRINUSE');
    const again = setup();
    const ok = again.client.start();
    again.hosts[0]!.say({ type: 'ready', info: info(1) });
    await ok;
    const refused = again.client.request({ method: 'GET', path: '/nope' } as never);
    await flush();
    again.hosts[0]!.say({ type: 'request-failed', id: 1, message: 'request.path must be an /api/v1/open/ or /api/v1/admin/ path' });
    await expect(refused).rejects.toThrow(/request.path/);
  });

  it('stops the host cleanly and is not restarted by that exit', async () => {
    const { client, hosts, seen } = setup();
    const started = client.start();
    hosts[0]!.say({ type: 'ready', info: info(1) });
    await started;
    const stopping = client.stop();
    expect(hosts[0]!.posted.at(-1)).toEqual({ type: 'stop' });
    hosts[0]!.say({ type: 'stopped' });
    hosts[0]!.die(0);
    await stopping;
    expect(hosts).toHaveLength(1);
    expect(seen).toEqual([]);
    expect((await client.request({ method: 'GET', path: '/api/v1/open/cart' })).status).toBe(503);
  });
});
