import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `electron-vite build` must produce the three bundles without the Electron binary: main (ESM, with the
 * native module left external), the preload as CommonJS (sandboxed preloads cannot be ESM) and the renderer.
 */
const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'crossbuy-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('electron-vite build', () => {
  it('produces main, preload and renderer bundles', async () => {
    await run(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--outDir', outDir, '--logLevel', 'error'], {
      cwd: root,
      timeout: 240_000,
    });
    const main = readFileSync(join(outDir, 'main', 'index.js'), 'utf8');
    expect(main).toMatch(/from ["']electron["']/);
    expect(main).toMatch(/better-sqlite3/);
    expect(main).not.toMatch(/class Database\b[\s\S]{0,200}prepare\(/); // the native binding stays external
    const preload = readFileSync(join(outDir, 'preload', 'index.cjs'), 'utf8');
    expect(preload).toMatch(/require\(["']electron["']\)/);
    expect(preload).toContain('exposeInMainWorld');
    expect(preload).not.toMatch(/^\s*import /m);
    const html = readFileSync(join(outDir, 'renderer', 'index.html'), 'utf8');
    expect(html).toContain('Content-Security-Policy');
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(existsSync(join(outDir, 'renderer', script!))).toBe(true);
  }, 300_000);
});
