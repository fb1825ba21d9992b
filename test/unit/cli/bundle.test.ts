import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * bin/crossbuy.js runs the built bundle (out/cli), rebuilding it when a source is newer, so a checkout
 * never runs stale code; the server is a chunk of its own that --help does not load.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const bundle = join(root, 'out', 'cli', 'crossbuy.mjs');

function crossbuy(args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync(process.execPath, [join(root, 'bin', 'crossbuy.js'), ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
}

describe('the CLI bundle', () => {
  it('is rebuilt when a source is newer, then used as is', () => {
    expect(crossbuy(['--help'])).toContain('Usage: crossbuy');
    const built = statSync(bundle).mtimeMs;
    // Touch a source: the next run rebuilds first.
    const source = join(root, 'src', 'main', 'cli', 'progress.ts');
    const later = new Date(built + 5_000);
    utimesSync(source, later, later);
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

  it('runs the sources through tsx when asked', () => {
    expect(crossbuy(['--help'], { CROSSBUY_TSX: '1' })).toContain('Usage: crossbuy');
  });
});
