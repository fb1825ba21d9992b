import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MAIN_PAGES } from './main-pages';
import { cheapProducts, type Order } from './orders-helpers';
import { ALLOWED_LATIN } from '../helpers/allowed-latin';
import { rawEnumValues, visibleTexts } from './raw-enums';
import { arrivedPackage, pendingShippingOrder, shippedOrder } from './after-sales-helpers';

/**
 * Every main page, in English and Chinese, light and dark, saved as screenshot artifacts
 * (test-results/screenshots, or SCREENSHOT_DIR). Each page must render its heading with no error alert,
 * and in Chinese the visible text must hold no English words (issue 17: "no English string in the
 * Chinese UI") beyond brands, codes (<code>), units and numbers, and content the user or the shop wrote, which the
 * UI marks translate="no" (product titles, shop names, coupon names, addresses).
 */
const PAGES = [...MAIN_PAGES.slice(0, 3), 'order', ...MAIN_PAGES.slice(3, 5), 'ship', 'shipping-order', ...MAIN_PAGES.slice(5)] as const;


/** The visible text of the page in Latin words, skipping translate="no" content, addresses and codes. */
async function englishWords(page: Page): Promise<string[]> {
  const text = (await visibleTexts(page)).join(' \n ');
  const prose = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/(^|\s)\/[\w/.:?=&-]+/g, ' ') // API paths (/api/v1/open/orders), written as they are
    .replace(/“[^”]*”/g, ' ') // commands and a dialog's button quoted as they are typed or read (“npx”), as the catalog test allows
    .replace(/[\w-]+(\.[\w-]+)+\S*/g, ' ') // host names, file names
    .replace(/\b(?=[A-Za-z0-9-]*\d)[A-Za-z0-9-]{3,}\b/g, ' '); // order numbers, tracking numbers, key prefixes
  return [...new Set((prose.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !ALLOWED_LATIN.has(w.toLowerCase())))];
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = process.env.SCREENSHOT_DIR ?? join(root, 'test-results', 'screenshots');
/** The README's picture (an order and its timeline, English, light), rewritten by `npm run docs:screenshot`. */
const docsScreenshot = process.env.CROSSBUY_DOCS_SCREENSHOT === '1' ? join(root, 'docs', 'screenshot.png') : null;

async function setLanguage(page: Page, language: 'en' | 'zh-CN') {
  await page.evaluate((lang) => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: lang, chosen: true }, version: 0 })), language);
}

let orderNo = '';
let shipPackageId = 0;
let shippingNo = '';
test.beforeAll(async ({ browser, server }) => {
  // One order so the orders, order and dashboard pages have content to word.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  const open = {
    get: async <T>(path: string) => ((await (await page.request.get(`${server.origin}/api/v1/open${path}`, { headers: { 'X-Crossbuy-Client': 'ui' } })).json()) as { data: T }).data,
    send: async <T>(method: 'POST', path: string, body?: unknown) =>
      ((await (await page.request.fetch(`${server.origin}/api/v1/open${path}`, { method, headers: { 'X-Crossbuy-Client': 'ui' }, data: body })).json()) as { data: T }).data,
  };
  const [line] = await cheapProducts(open as never, 1);
  const order = await open.send<Order>('POST', '/orders', { items: [{ productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 }] });
  orderNo = order.orderNo;
  // After-sales and shipping data, so the pages show services, scenarios and exceptions (issue 26 item 13).
  const admin = {
    get: async <T>(path: string) => ((await (await page.request.get(`${server.origin}/api/v1/admin${path}`, { headers: { 'X-Crossbuy-Client': 'ui' } })).json()) as { data: T }).data,
    send: async <T>(method: 'POST', path: string, body?: unknown) =>
      ((await (await page.request.fetch(`${server.origin}/api/v1/admin${path}`, { method, headers: { 'X-Crossbuy-Client': 'ui' }, data: body })).json()) as { data: T }).data,
  };
  const pkg = await arrivedPackage(open as never, admin as never);
  await open.send('POST', `/warehouse/packages/${pkg.id}/services`, { serviceIds: ['reinforce', 'moisture_barrier'] });
  shipPackageId = pkg.id;
  shippingNo = await shippedOrder(open as never, admin as never);
  await admin.send('POST', `/shipping/${shippingNo}/simulate`, { scenario: 'customs_hold' });
  // v1.2: a shipment waiting for its extra postage (the shipping list) and a top-up's deposit (the wallet).
  const overweight = await pendingShippingOrder(open as never, admin as never);
  await admin.send('POST', `/shipping/${overweight}/simulate`, { scenario: 'overweight' });
  await open.send('POST', '/user/wallet/top-ups', { method: 'bank_transfer', amount: 100 });
  await open.send('POST', '/user/wallet/top-ups', { method: 'paypal', amount: 100 });
  await context.close();
});

for (const language of ['en', 'zh-CN'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`every main page renders in ${language}, ${scheme}${language === 'zh-CN' ? ', with no English words' : ''}`, async ({ app: page }) => {
      test.setTimeout(120_000);
      mkdirSync(dir, { recursive: true });
      await setLanguage(page, 'en');
      await page.reload();
      const toggle = page.getByRole('button', { name: scheme === 'dark' ? 'Switch to dark mode' : 'Switch to light mode' });
      // The header renders in a transition after load: wait for the theme switch, whichever way it reads.
      await expect(page.getByRole('button', { name: /^Switch to (dark|light) mode$/ })).toBeVisible();
      if (await toggle.isVisible()) await toggle.click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await setLanguage(page, language);
      const found: string[] = [];
      const rawFound: string[] = [];
      for (const name of PAGES) {
        const hash =
          name === 'order' ? `orders/${orderNo}` : name === 'ship' ? `ship?packages=${shipPackageId}` : name === 'shipping-order' ? `shipping/${shippingNo}` : name;
        await page.goto(`/#/${hash}`);
        if (name === PAGES[0]) await page.reload();
        await expect(page.getByRole('heading', { level: 2 }).first(), name).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.getByText(/could not be reached|Internal server error/i), name).toHaveCount(0);
        await page.screenshot({ path: join(dir, `${name}-${language}-${scheme}.png`), fullPage: false });
        const raw = await rawEnumValues(page);
        if (raw.length > 0) rawFound.push(`${name}: ${raw.join(', ')}`);
        if (docsScreenshot && name === 'order' && language === 'en' && scheme === 'light') await page.screenshot({ path: docsScreenshot, fullPage: false });
        if (language === 'zh-CN') {
          const words = await englishWords(page);
          if (words.length > 0) found.push(`${name}: ${words.join(', ')}`);
        }
      }
      await setLanguage(page, 'en');
      expect(rawFound, 'internal names shown as they are').toEqual([]);
      expect(found, 'English words in the Chinese UI').toEqual([]);
    });
  }
}
