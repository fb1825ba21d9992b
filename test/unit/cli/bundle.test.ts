import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * bin/crossbuy.js runs the built bundle (out/cli), rebuilding it when a source is newer, so a checkout
 * never runs stale code; the server is a chunk of its own that --help does not load.
 */
const checkout = join(import.meta.dirname, '..', '..', '..');
// A checkout of its own (sources copied, node_modules linked): other test files run bin/crossbuy.js in
// parallel workers, and one of them seeing the backdated shared bundle would rebuild it under this test.
let root = '';
let bundle = '';
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'crossbuy-bundle-'));
  for (const path of ['bin', 'scripts', 'src', 'package.json', 'tsconfig.json']) cpSync(join(checkout, path), join(root, path), { recursive: true });
  symlinkSync(join(checkout, 'node_modules'), join(root, 'node_modules'), 'dir');
  bundle = join(root, 'out', 'cli', 'crossbuy.mjs');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function crossbuy(args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync(process.execPath, [join(root, 'bin', 'crossbuy.js'), ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
}

describe('the CLI bundle', () => {
  it('is rebuilt when a source is newer, then used as is', () => {
    expect(crossbuy(['--help'])).toContain('Usage: crossbuy');
    // A source newer than the bundle (both in the past, so the rebuilt bundle is newer than every source).
    const now = Date.now();
    const source = join(root, 'src', 'main', 'cli', 'progress.ts');
    utimesSync(source, new Date(now - 10_000), new Date(now - 10_000));
    utimesSync(bundle, new Date(now - 20_000), new Date(now - 20_000));
    const built = statSync(bundle).mtimeMs;
    expect(crossbuy(['--help'])).toContain('Usage: crossbuy');
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(built);
    const rebuilt = statSync(bundle).mtimeMs;
    crossbuy(['--help']);
    expect(statSync(bundle).mtimeMs).toBe(rebuilt);
  });

  it('keeps the server out of the entry chunk: --help loads no fastify', () => {
    crossbuy(['--help']);
    const entry = readFileSync(bundle, 'utf8');
    expect(entry).not.toMatch(/from ["']fastify["']/);
    expect(entry).toMatch(/import\(["']\.\/serve-[\w-]+\.mjs["']\)/);
  });

  it('bundles TypeBox in (no chunk loads its 709 modules from node_modules) and loads the MCP SDK only on demand', () => {
    crossbuy(['--help']);
    const dir = join(root, 'out', 'cli');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
      const code = readFileSync(join(dir, file), 'utf8');
      expect(code, file).not.toMatch(/from ["']typebox["']/);
      // The SDK is imported by import() only (mcp/http.ts: the first /mcp request; the stdio command).
      expect(code, file).not.toMatch(/^import [^;]*from ["']@modelcontextprotocol\/sdk\/server\/webStandardStreamableHttp\.js["']/m);
    }
  });

  it('runs the sources through tsx when asked', () => {
    expect(crossbuy(['--help'], { CROSSBUY_TSX: '1' })).toContain('Usage: crossbuy');
  });
});
