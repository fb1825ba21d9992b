import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

/**
 * The real desktop app, launched by Playwright's `_electron` (scripts/test-desktop.js runs it under Xvfb
 * where there is no display, and skips it with the reason where no Electron binary exists): the window
 * opens on the shop, an order is placed through the window's own UI, and the app quits cleanly.
 */
const root = join(import.meta.dirname, '..', '..');

test('places an order through the window and quits', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-desktop-'));
  const executablePath = process.env.CROSSBUY_ELECTRON_BINARY;
  if (!executablePath) throw new Error('run through `npm run test:desktop`, which finds the Electron binary');
  const app = await electron.launch({
    executablePath,
    args: [root, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
    env: { ...process.env, CROSSBUY_DATA: dataDir, CROSSBUY_PORT: '0', XDG_CURRENT_DESKTOP: 'KDE' } as Record<string, string>,
  });
  try {
    const window = await app.firstWindow();
    expect(window.url()).toMatch(/^file:\/\/.*\/out\/renderer\/index\.html/);
    expect(await window.evaluate(() => typeof (window as unknown as { crossbuy?: unknown }).crossbuy)).toBe('object');

    await window.getByLabel('Search products').fill('mug');
    await window.getByRole('button', { name: 'Search' }).click();
    await window.getByRole('list', { name: 'Search results' }).getByRole('listitem').first().getByRole('link').click();
    await window.getByRole('main').getByRole('radio', { disabled: false }).first().click();
    await window.getByRole('button', { name: 'Add to cart' }).click();
    await expect(window.getByRole('alert').filter({ hasText: 'Added to cart' })).toBeVisible();
    await window.getByRole('link', { name: /^Cart/ }).click();
    await window.getByRole('button', { name: 'Checkout' }).click();
    await window.getByRole('button', { name: 'Place order' }).click();
    await expect(window).toHaveURL(/#\/orders\/PO[0-9A-Z]+$/);
    await expect(window.getByRole('alert').filter({ hasText: 'Order placed' })).toBeVisible();
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
