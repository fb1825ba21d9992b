import AxeBuilder from '@axe-core/playwright';
import { adminApiOf, expect, test } from './fixtures';
import { arrivedPackage } from './after-sales-helpers';
import { MAIN_PAGES } from './main-pages';
import { cheapProducts, placeOrder } from './orders-helpers';

/**
 * An automated accessibility check (axe-core) over every main page, in the light and the dark theme: no
 * serious or critical violation. The pages are the navigation's (main-pages.ts), plus a product page and the
 * checkout with a line in it (pages that only show their content with data).
 */
const PAGES = [...MAIN_PAGES.slice(0, 2), 'checkout', ...MAIN_PAGES.slice(2)] as const;

/** WCAG 2.x A and AA, and axe's best practices (landmarks, one h1, region). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

for (const scheme of ['light', 'dark'] as const) {
  test(`every main page has no serious or critical accessibility violation in the ${scheme} theme`, async ({ app: page, openApi, baseURL }) => {
    test.setTimeout(240_000);
    await openApi.send('DELETE', '/cart');
    const [line] = await cheapProducts(openApi, 1);
    // A cancelled order (its gray badge: issue 28) and a package to ship (the ship page's preview).
    const cancelled = await placeOrder(openApi, line!);
    await openApi.send('POST', `/orders/${cancelled.orderNo}/cancel`, {});
    const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
    await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });

    const toggle = page.getByRole('button', { name: scheme === 'dark' ? 'Switch to dark mode' : 'Switch to light mode' });
    // The header renders in a transition after load: wait for the theme switch, whichever way it reads.
    await expect(page.getByRole('button', { name: /^Switch to (dark|light) mode$/ })).toBeVisible();
    if (await toggle.isVisible()) await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);

    const found: string[] = [];
    for (const name of [...PAGES, `product/${line!.product.id}`, `orders/${cancelled.orderNo}`, `ship?packages=${pkg.id}`]) {
      await page.goto(`/#/${name}`);
      await expect(page.getByRole('heading', { level: 2 }).first(), name).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Mantine's transitions (the theme's colours fading in) finish before the colours are read.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      for (const violation of results.violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        const targets = violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''}`);
        found.push(`${name} [${violation.impact}] ${violation.id}: ${violation.help}\n    ${targets.join('\n    ')}`);
      }
    }
    expect(found, found.join('\n')).toEqual([]);
    await openApi.send('DELETE', '/cart');
  });
}
