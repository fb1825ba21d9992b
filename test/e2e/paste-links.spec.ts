import { expect, test } from './fixtures';

/**
 * "Paste links" in the cart (extensions.md section 13): a spreadsheet's rows and another agent's link go in,
 * every line comes back with its result in words (both languages), and only the resolved line is in the cart.
 */
interface Found {
  id: number;
  platformItemId: string;
  skus: { skuId: string; name: string }[];
}
const wd = (id: string) => `https://weidian.com/item.html?itemID=${id}`;

test('Paste links: each line says added, duplicate, choose a variant, not supported or not found', async ({ app: page, openApi }) => {
  await openApi.send('DELETE', '/cart');
  const items = (await openApi.get<{ items: Found[] }>('/products/platform/weidian/search?q=hoodie&limit=20')).items;
  const multi = items.find((p) => p.skus.length > 2 && new Set(p.skus.map((s) => s.name)).size === p.skus.length)!;
  const sku = multi.skus[1]!;
  const [colour, size] = sku.name.split(' / ');
  const text = [
    `Name\tLink\tQty\tColour\tSize`,
    `Hoodie\t${wd(multi.platformItemId)}\t2\t${colour}\t${size ?? ''}`,
    `https://www.kakobuy.com/item/details?url=${encodeURIComponent(wd(multi.platformItemId))} x3 ${colour} ${size ?? ''}`,
    wd(multi.platformItemId),
    `https://example.com/not-a-product`,
    `https://item.taobao.com/item.htm?id=12345678`,
  ].join('\n');

  await page.goto('/#/cart');
  await page.getByRole('button', { name: 'Paste links' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste links' });
  await dialog.getByRole('textbox', { name: 'Links' }).fill(text);
  await dialog.getByRole('button', { name: 'Add to cart' }).dblclick();
  await expect(dialog.getByTestId('import-summary')).toHaveText('1 line added of 6');
  const rows = dialog.getByRole('table', { name: 'Result per line' }).locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toContainText('Not supported');
  await expect(rows.nth(1)).toContainText('AddedIn the cart, quantity 2.');
  await expect(rows.nth(2)).toContainText('Duplicate');
  await expect(rows.nth(3)).toContainText('Choose a variant');
  await expect(rows.nth(3).getByRole('link', { name: 'choose it on the product page' })).toHaveAttribute('href', `#/product/${multi.id}`);
  await expect(rows.nth(4)).toContainText('Not supported');
  await expect(rows.nth(5)).toContainText('Not found');
  for (const raw of ['needs_sku', 'not_found', 'unsupported']) await expect(dialog).not.toContainText(raw);

  // One line in the cart, once, though the button was clicked twice.
  const cart = await openApi.get<{ items: { skuId: string; quantity: number }[] }>('/cart');
  expect(cart.items).toEqual([expect.objectContaining({ skuId: sku.skuId, quantity: 2 })]);
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(page.getByRole('group', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(1);

  // In Chinese: the same result in Chinese words.
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.reload();
  await page.getByRole('button', { name: '粘贴链接' }).click();
  const zh = page.getByRole('dialog', { name: '粘贴链接' });
  await zh.getByRole('textbox', { name: '链接' }).fill(`https://example.com/x\n${wd(multi.platformItemId)}`);
  await zh.getByRole('button', { name: '加入购物车' }).click();
  await expect(zh.getByTestId('import-summary')).toHaveText('共 2 行，已加入 0 行');
  await expect(zh).toContainText('不支持');
  await expect(zh).toContainText('需选择规格');
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
  await openApi.send('DELETE', '/cart');
});
