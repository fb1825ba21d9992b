import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Issue 24: with the preferred port taken, `crossbuy serve` (and so `npm start`'s headless fallback) died
 * with a bare `listen EADDRINUSE`. The preferred port now moves to the next free one, as in the desktop
 * app; a port the person chose stays put and the start fails in one line that says what to do.
 */
const busy = vi.hoisted(() => ({ port: 0 }));
vi.mock('../../../src/main/headless/port.js', () => ({
  get DEFAULT_PORT() {
    return busy.port;
  },
}));
const { busyPortMessage, resolvePort } = await import('../../../src/main/cli/args.js');
const { startServing } = await import('../../../src/main/cli/serve.js');

const root = join(import.meta.dirname, '..', '..', '..');
let holder: Server;
let dir: string;

beforeAll(async () => {
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  busy.port = (holder.address() as { port: number }).port;
  dir = mkdtempSync(join(tmpdir(), 'crossbuy-port-'));
});
afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the port crossbuy serve listens on', () => {
  it('is the preferred one unless chosen; an empty CROSSBUY_PORT counts as unset', () => {
    expect(resolvePort(undefined, {})).toEqual({ port: busy.port, explicit: false });
    expect(resolvePort(undefined, { CROSSBUY_PORT: '' })).toEqual({ port: busy.port, explicit: false });
    expect(resolvePort(undefined, { CROSSBUY_PORT: '5000' })).toEqual({ port: 5000, explicit: true });
    expect(resolvePort('0', { CROSSBUY_PORT: '5000' })).toEqual({ port: 0, explicit: true });
    expect(() => resolvePort('http', {})).toThrow(/invalid port "http"/);
  });

  it('moves off a busy preferred port to the next free one', async () => {
    const running = await startServing({ data: dir, empty: true });
    try {
      expect(running.port).toBeGreaterThan(busy.port);
      const answer = await fetch(`${running.origin}/api/v1/open/openapi.json`);
      expect(answer.status).toBe(200);
    } finally {
      await running.stop();
    }
  });

  it('keeps a chosen busy port and fails in one line naming --port 0', () => {
    const run = spawnSync(process.execPath, [join(root, 'bin', 'crossbuy.js'), 'serve', '--port', String(busy.port), '--data', dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`crossbuy: ${busyPortMessage(busy.port)}\n`);
    expect(run.stderr).toContain('--port 0');
    expect(run.stderr).not.toContain('EADDRINUSE');
  });
});
