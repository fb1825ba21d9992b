import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * The README's first command, `npm start`, where there is no display (a server, CI, a container): it says
 * why in one line, serves the same UI headless on a fresh data folder it seeds, and Ctrl-C stops it. The
 * other tests start `crossbuy serve` directly, so without this one a broken launcher would pass them all.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('npm start with no display serves the UI headless, on demo data, until Ctrl-C', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-first-run-'));
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts', 'start.js'), '--port', '0', '--data', dataDir], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed no URL: ${output}`)), 25_000);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /crossbuy is serving at (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
    });
    // Linux decides from DISPLAY/WAYLAND_DISPLAY (missingDisplay, unit-tested for every platform); elsewhere
    // the fallback is for the Electron binary these machines cannot download, and says so in the same line.
    const first = output.split('\n')[0];
    if (process.platform === 'linux') expect(first).toBe('crossbuy: Electron cannot start here (no display: neither DISPLAY nor WAYLAND_DISPLAY is set); serving the UI headless instead.');
    else expect(first).toMatch(/^crossbuy: Electron cannot start here \(its binary is not installed.*\); serving the UI headless instead\.$/);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+$/);
    // `--data` reached the server: the folder given is the one it filled.
    expect(existsSync(join(dataDir, 'crossbuy.db'))).toBe(true);

    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible({ timeout: 15_000 }); // a cold first start
    // The first start seeded the demo data the README promises: 240 products, 10,000.00 CNY in the wallet.
    await expect(page.getByText(/^240 products in Local catalog/)).toBeVisible();
    await expect(page.getByText('CN¥10,000.00', { exact: true })).toBeVisible();

    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
  } finally {
    // Its own process group (detached): a failed run takes the headless server it started down with it.
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
