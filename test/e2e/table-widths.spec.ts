import type { Locator, Page } from '@playwright/test';
import { arrivedPackage, pendingShippingOrder } from './after-sales-helpers';
import { adminApiOf, expect, test } from './fixtures';
import { cheapProducts, placeOrder } from './orders-helpers';

/**
 * Tables at the desktop window's common (1280 px) and least (900 px) widths: every column and action button
 * in view without sideways scrolling, nothing cut, badges whole (a tester found the wallet's Balance after,
 * the warehouse's Storage and Status, Revoke, Approve/Reject and the work tables' last columns off the edge).
 */

const language = (code: 'en' | 'zh-CN') => JSON.stringify({ state: { language: code, chosen: true }, version: 0 });

async function open(page: Page, hash: string, width: number, lang: 'en' | 'zh-CN' = 'en') {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language(lang));
  await page.goto(`/${hash}`);
  await page.reload();
}

/** How far a table sticks out of its scroll box (0 when it fits), as admin.spec measures the orders table. */
function overflowOf(table: Locator): Promise<number> {
  return table.evaluate((element) => {
    let box = element.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    return box ? box.scrollWidth - box.clientWidth : 0;
  });
}

/** An element's box lies inside its table's scroll box (nothing clipped at either edge). */
async function expectInside(element: Locator, table: Locator) {
  const [inner, outer] = await Promise.all([
    element.boundingBox(),
    table.evaluate((t) => {
      let box = t.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      const r = (box ?? t).getBoundingClientRect();
      return { x: r.x, right: r.right };
    }),
  ]);
  expect(inner).not.toBeNull();
  expect(inner!.x).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer.right + 0.5);
}

/** Header cells whose text runs over more than one line ("数" / "量"). */
function wrappedHeaders(table: Locator): Promise<string[]> {
  return table.evaluate((t) =>
    Array.from(t.querySelectorAll('thead th'))
      .filter((th) => {
        const first = th.firstChild;
        if (!first || first.nodeType !== Node.TEXT_NODE) return false;
        const range = document.createRange();
        range.selectNodeContents(first);
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size > 1;
      })
      .map((th) => th.textContent ?? ''),
  );
}

test.beforeEach(async ({ app: page, server }) => {
  await adminApiOf(page.request, server.origin).send('PUT', '/autopilot', { pace: 'off' });
});

// One test per language: both in one ran twelve page loads, near the 30 s limit on a busy machine.
for (const lang of ['en', 'zh-CN'] as const) {
  test(`the wallet, warehouse and work tables fit 1280 and 900 px windows (${lang})`, async ({ app: page, openApi, server }) => {
    const admin = adminApiOf(page.request, server.origin);
    await admin.send('POST', '/wallet/deposit', { amount: 20000, note: 'back-office' });
    const pkg = await arrivedPackage(openApi, admin);
    await pendingShippingOrder(openApi, admin);
    const [line] = await cheapProducts(openApi, 1);
    await placeOrder(openApi, line!);
    const placed = await openApi.get<{ items: { itemId: number }[] }>(`/orders/${pkg.orderId}`);
    await openApi.send('POST', `/orders/${pkg.orderId}/returns`, { itemId: placed.items[0]!.itemId, type: 'return', reason: 'arrived scratched and the box was crushed' });

    for (const width of [1280, 900]) {
      await open(page, '#/wallet', width, lang);
      const transactions = page.getByRole('region', { name: lang === 'en' ? 'Transactions' : '交易记录' }).getByRole('table');
      await expect(transactions.getByRole('row').nth(2)).toBeVisible();
      expect(await overflowOf(transactions), `wallet ${lang} ${width}`).toBeLessThanOrEqual(0);
      await expectInside(transactions.getByRole('columnheader').last(), transactions);

      await open(page, '#/warehouse', width, lang);
      const packages = page.getByRole('table', { name: lang === 'en' ? 'Packages' : '包裹' });
      await expect(packages.getByRole('row').nth(1)).toBeVisible();
      expect(await overflowOf(packages), `warehouse ${lang} ${width}`).toBeLessThanOrEqual(0);
      await expectInside(packages.getByRole('columnheader').last(), packages);
      await expectInside(packages.getByRole('link', { name: pkg.orderId }), packages);
      expect(await wrappedHeaders(packages)).toEqual([]);

      await open(page, '#/work', width, lang);
      for (const name of lang === 'en' ? ['Purchase orders in progress', 'Shipping orders', 'Returns awaiting a decision'] : ['进行中的采购订单', '国际运单', '待处理的退换货']) {
        const table = page.getByRole('table', { name, exact: true });
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        expect(await overflowOf(table), `${name} ${width}`).toBeLessThanOrEqual(0);
        await expectInside(table.getByRole('columnheader').last(), table);
        for (const button of await table.getByRole('button').all()) await expectInside(button, table);
      }
    }
  });
}

test('API keys, worlds and requests: long names wrap, Revoke and the world actions stay in view, status badges whole', async ({ app: page, server }) => {
  // Three pages at two widths in two languages: 27 s once beside another browser, so room above the 30 s default.
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, server.origin);
  const longName = 'Nightly price tracker for the entire catalog of Taobao and 1688 sellers with extremely long name ZZZ';
  const created = await admin.send<{ key: string }>('POST', '/keys', { name: longName, scopes: ['orders:read'], expiresInDays: 30 });
  for (const path of ['/orders?limit=2', '/nothing-here']) await page.request.get(`${server.origin}/api/v1/open${path}`, { headers: { Authorization: `Bearer ${created.key}` } });
  const worldName = `Long ${'W'.repeat(80)}`;
  await admin.send('POST', '/worlds', { name: worldName });

  for (const lang of ['en', 'zh-CN'] as const) {
    for (const width of [1280, 900]) {
      await open(page, '#/api-keys', width, lang);
      const keys = page.getByRole('table', { name: lang === 'en' ? 'Keys' : '密钥' });
      const row = keys.locator('tr', { hasText: longName });
      const revoke = row.getByRole('button');
      await expect(revoke).toBeVisible();
      // Every column fits, at the desktop window's least width (900 px) too: before, the details scrolled
      // ~180 px sideways there, behind a scrollbar.
      await expectInside(revoke, keys);
      expect(await overflowOf(keys), `keys ${lang} ${width}`).toBeLessThanOrEqual(0);
      await expectInside(keys.getByRole('columnheader').last(), keys);
      // The name wraps over a few lines, not twelve.
      expect((await row.getByRole('cell').first().boundingBox())!.height).toBeLessThan(width === 1280 ? 120 : 160);
      // A key's expiry is real time, whatever the service clock says; the page says so under the table.
      await expect(row).toContainText(lang === 'en' ? /Expires .*2\d{3}/ : /过期/);
      await expect(page.getByText(lang === 'en' ? /Keys expire by this computer’s clock/ : /密钥按本机时钟过期/)).toBeVisible();

      await open(page, '#/settings', width, lang);
      const worlds = page.getByTestId('worlds-table');
      const world = worlds.locator('tr', { hasText: worldName });
      await expect(world).toBeVisible();
      expect(await overflowOf(worlds), `worlds ${lang} ${width}`).toBeLessThanOrEqual(0);
      for (const button of await world.getByRole('button').all()) await expectInside(button, worlds);

      await open(page, '#/requests', width, lang);
      const requests = page.getByRole('table', { name: lang === 'en' ? 'Logged requests' : '已记录的请求' });
      await expect(requests.getByTestId('request-row').first()).toBeVisible();
      expect(await overflowOf(requests), `requests ${lang} ${width}`).toBeLessThanOrEqual(0);
      const cut = await requests.evaluate((t) => Array.from(t.querySelectorAll('.mantine-Badge-label')).filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent));
      expect(cut).toEqual([]);
      expect(await wrappedHeaders(requests)).toEqual([]);
    }
  }
});

test('a long recipient name on an address card can be read whole', async ({ app: page, openApi }) => {
  const name = 'Maximiliana Alexandrovna Konstantinopolskaya-Wolfeschlegelsteinhausen';
  await openApi.send('POST', '/user/addresses', { name, phone: '+81 3 1234 5678', country: 'JP', city: 'Tokyo', address: '1-1 Chiyoda', zipCode: '100-0001' });
  for (const width of [1280, 900]) {
    await open(page, '#/addresses', width);
    const card = page.getByRole('listitem', { name });
    const shown = card.getByText(name, { exact: true });
    await expect(shown).toBeVisible();
    // Not ended in an ellipsis: the whole name is laid out (wrapped), and its title says it too.
    expect(await shown.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1 }))).toEqual({ cut: false });
    await expect(shown).toHaveAttribute('title', name);
  }
});
