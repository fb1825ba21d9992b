import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

/**
 * Every main page, in a light and a dark run, saved as screenshot artifacts (test-results/screenshots,
 * or SCREENSHOT_DIR). Each page must render its heading with no error alert: a page that breaks fails here.
 */
const PAGES = [
  'shop',
  'cart',
  'orders',
  'warehouse',
  'shipping',
  'dashboard',
  'wallet',
  'coupons',
  'favorites',
  'addresses',
  'profile',
  'back-office',
  'api-keys',
  'webhooks',
  'settings',
] as const;

const dir = process.env.SCREENSHOT_DIR ?? join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results', 'screenshots');

for (const scheme of ['light', 'dark'] as const) {
  test(`every main page renders in the ${scheme} theme`, async ({ app: page }) => {
    test.setTimeout(90_000);
    mkdirSync(dir, { recursive: true });
    const toggle = page.getByRole('button', { name: scheme === 'dark' ? 'Switch to dark mode' : 'Switch to light mode' });
    if (await toggle.isVisible()) await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    for (const name of PAGES) {
      await page.goto(`/#/${name}`);
      await expect(page.getByRole('heading', { level: 2 }).first(), name).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(/could not be reached|Internal server error/i), name).toHaveCount(0);
      await page.screenshot({ path: join(dir, `${name}-${scheme}.png`), fullPage: false });
    }
  });
}
