import type { Page, Request } from '@playwright/test';
import { arrivedPackage } from './after-sales-helpers';
import { adminApiOf, expect, test } from './fixtures';
import { cheapProducts } from './orders-helpers';
import { saveGermanAddress } from './ship-helpers';

/**
 * Once the order is placed (the cart emptied) or the shipping order created (the packages taken), a preview
 * of the same body can only be refused (422, 409): the checkout and the ship page send none after the click.
 */

/** The POST requests to `path` the page sends from now on. */
function recordPosts(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(path)) seen.push(request);
  });
  return seen;
}

test('placing an order sends no order preview after the click', async ({ app: page, openApi }) => {
  await openApi.send('DELETE', '/cart');
  const [line] = await cheapProducts(openApi, 1);
  await openApi.send('POST', '/cart/items', { productId: String(line!.product.id), skuId: line!.sku.skuId, quantity: 1 });
  await page.goto('/#/checkout');
  const place = page.getByRole('button', { name: 'Place order' });
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  await expect(place).toBeEnabled();

  const previews = recordPosts(page, '/orders/preview');
  await place.click();
  await expect(page).toHaveURL(/#\/orders\/PO[0-9A-Z]+$/);
  // The placement's refreshes (cart, wallet, the live events of the new order) have had time to run.
  await page.waitForTimeout(1500);
  expect(previews.map((r) => r.url())).toEqual([]);
});

test('creating a shipping order sends no shipping preview after the click', async ({ app: page, openApi, baseURL }) => {
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
  await page.goto(`/#/ship?packages=${pkg.id}`);
  await expect(page.getByRole('heading', { name: 'Ship packages', level: 2 })).toBeVisible();
  await saveGermanAddress(page);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('group', { name: 'Total held now' })).toBeVisible();
  const create = summary.getByRole('button', { name: 'Create shipping order' });
  await expect(create).toBeEnabled();

  const previews = recordPosts(page, '/shipping/preview');
  await create.click();
  await expect(page).toHaveURL(/#\/shipping\/SO[A-Z0-9]+\?created=1$/);
  await page.waitForTimeout(1500);
  expect(previews.map((r) => r.url())).toEqual([]);
});
