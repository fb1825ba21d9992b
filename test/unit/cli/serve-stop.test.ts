import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServing } from '../../../src/main/cli/serve.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('stopping crossbuy serve', () => {
  it('ends while a client has left a compressed answer unread (the stop waited for it forever)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crossbuy-stop-'));
    dirs.push(dir);
    const running = await startServing({ data: dir, empty: true, port: '0' });
    // fetch asks for br/gzip; the OpenAPI document is large, and its body is never read.
    const answer = await fetch(`${running.origin}/api/v1/open/openapi.json`);
    expect(answer.headers.get('content-encoding')).toMatch(/br|gzip/);
    const stopped = await Promise.race([running.stop().then(() => 'stopped'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 20_000))]);
    expect(stopped).toBe('stopped');
  }, 40_000);
});
