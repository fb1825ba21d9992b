import { adminApiOf, expect, test } from './fixtures';
import { cheapProducts, money, type Balance } from './orders-helpers';

test('the header shows the available balance and the cart count, live', async ({ app: page, openApi, server }) => {
  await openApi.send('DELETE', '/cart');
  const header = page.getByRole('banner');
  const before = await openApi.get<Balance>('/user/wallet/balance');
  const balance = header.getByRole('link', { name: `Available ${money(before.availableBalance)}` });
  await expect(balance).toBeVisible();
  await expect(header.getByRole('link', { name: '0 items in the cart' })).toBeVisible();

  // Added on the product page: the count follows.
  const [line] = await cheapProducts(openApi, 1);
  await page.goto(`/#/product/${line!.product.id}`);
  await page.getByRole('main').getByRole('radio', { name: new RegExp(line!.sku.name) }).first().click();
  await page.getByLabel('Quantity').fill('3');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(header.getByRole('link', { name: '3 items in the cart' })).toBeVisible();

  // A deposit by someone else (a script on the back office, not this page): the live updates bring it.
  const admin = adminApiOf(page.request, server.origin);
  await admin.send('POST', '/wallet/deposit', { amount: 12.34, note: 'e2e: header' });
  await expect(header.getByRole('link', { name: `Available ${money(before.availableBalance + 12.34)}` })).toBeVisible();

  await header.getByRole('link', { name: '3 items in the cart' }).click();
  await expect(page).toHaveURL(/#\/cart$/);
  await header.getByRole('link', { name: /^Available / }).click();
  await expect(page).toHaveURL(/#\/wallet$/);
  await openApi.send('DELETE', '/cart');
});

test("what changed before the page's event stream opened is shown once it opens", async ({ app: page, openApi, server }) => {
  // The stream is held back while the page makes its first reads; a deposit lands in that gap, so no
  // event of it ever reaches this page: only reading again when the stream opens shows it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/events(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  const header = page.getByRole('banner');
  const before = await openApi.get<Balance>('/user/wallet/balance');
  await expect(header.getByRole('link', { name: `Available ${money(before.availableBalance)}` })).toBeVisible();
  await adminApiOf(page.request, server.origin).send('POST', '/wallet/deposit', { amount: 7.89, note: 'e2e: before the stream' });
  release();
  await expect(header.getByRole('link', { name: `Available ${money(before.availableBalance + 7.89)}` })).toBeVisible({ timeout: 10_000 });
  await page.unroute(/\/events(\?|$)/);
});

test('the header switches the language with two buttons, the pressed one the language shown', async ({ app: page }) => {
  const header = page.getByRole('banner');
  const group = header.getByRole('group', { name: 'Language' });
  await expect(group.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
  // Each label is marked in its own language (WCAG 3.1.2), so a screen reader in English says 中文 in Chinese.
  await expect(group.getByRole('button', { name: '中文' }).locator('[lang]')).toHaveAttribute('lang', 'zh-CN');
  await expect(group.getByRole('button', { name: 'EN' }).locator('[lang]')).toHaveAttribute('lang', 'en');
  await group.getByRole('button', { name: '中文' }).click();
  const zhGroup = header.getByRole('group', { name: '语言' });
  await expect(zhGroup.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
  await expect(zhGroup.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('navigation').getByText('购物', { exact: true }).first()).toBeVisible();
  await zhGroup.getByRole('button', { name: 'EN' }).click();
  await expect(group.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('navigation').getByText('Shopping', { exact: true }).first()).toBeVisible();
});

test('a page opened from the navigation shows at once: no loader between two pages already loaded', async ({ app: page }) => {
  // Every page's chunk loaded first; only the first page of a load mounts in a transition behind a loader.
  const pages = [
    { link: 'Orders', url: /#\/orders$/ },
    { link: 'Cart', url: /#\/cart$/ },
    { link: 'Shop', url: /#\/shop$/ },
  ];
  const nav = page.getByRole('navigation');
  const heading = page.getByRole('main').getByRole('heading', { level: 2 }).first();
  for (const target of pages) {
    await nav.getByRole('link', { name: target.link, exact: true }).click();
    await expect(page).toHaveURL(target.url);
    await expect(heading).toBeVisible();
  }
  await page.evaluate(() => {
    const seen = window as unknown as { loaderSeen: boolean };
    seen.loaderSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[aria-label="Loading the page"]')) seen.loaderSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  for (const target of pages) {
    await nav.getByRole('link', { name: target.link, exact: true }).click();
    await expect(page).toHaveURL(target.url);
    await expect(heading).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { loaderSeen: boolean }).loaderSeen)).toBe(false);
});

test('the header never covers the page: one row down to 768 px, a second row below it, in both languages', async ({ app: page }) => {
  await page.goto('/#/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByTestId('header-balance')).toBeVisible();
  for (const language of ['en', 'zh-CN'] as const) {
    await page.evaluate((l) => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: l, chosen: true }, version: 0 })), language);
    await page.reload();
    await expect(header.getByRole('button', { name: language === 'en' ? 'EN' : '中文', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // One row from 768 px up (900 is the desktop window's least width), two below. Before, the one row
    // wrapped inside the 56 px header over the page's title from ~840 px down (in English).
    for (const width of [1280, 1000, 900, 840, 768, 700, 600, 480]) {
      await page.setViewportSize({ width, height: 760 });
      const layout = () =>
        page.evaluate(() => {
          const bar = document.querySelector('header')!;
          const bottom = bar.getBoundingClientRect().bottom;
          let contentBottom = 0;
          for (const el of Array.from(bar.querySelectorAll('*'))) {
            const box = el.getBoundingClientRect();
            if (box.width > 0 && box.height > 0) contentBottom = Math.max(contentBottom, box.bottom);
          }
          const titleTop = document.querySelector('main h2')!.getBoundingClientRect().top;
          return { contentBelowHeader: contentBottom - bottom, titleUnderHeader: bottom - titleTop, overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth };
        });
      // Polled: Mantine's AppShell eases the page's top padding to the new header height.
      await expect.poll(() => page.evaluate(() => Math.round(document.querySelector('header')!.getBoundingClientRect().height)), { message: `${language} at ${width} px: rows` }).toBe(width >= 768 ? 56 : 100);
      await expect.poll(async () => (await layout()).overflowX, { message: `${language} at ${width} px: no sideways scroll` }).toBeLessThanOrEqual(0);
      await expect.poll(async () => (await layout()).contentBelowHeader, { message: `${language} at ${width} px: the header's content inside the header` }).toBeLessThanOrEqual(0);
      await expect.poll(async () => (await layout()).titleUnderHeader, { message: `${language} at ${width} px: the title below the header` }).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
});
