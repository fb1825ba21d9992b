import { expect, test } from './fixtures';

test.describe('headless UI session', () => {
  test('without the token the locked page answers 401', async ({ page, server }) => {
    const response = await page.goto(`${server.origin}/`);
    expect(response?.status()).toBe(401);
    await expect(page.getByRole('heading', { name: 'crossbuy is running' })).toBeVisible();
    await expect(page.getByText('needs the token')).toBeVisible();

    const wrong = await page.goto(`${server.origin}/?token=not-the-token`);
    expect(wrong?.status()).toBe(401);
    await expect(page.getByRole('heading', { name: 'crossbuy is running' })).toBeVisible();

    // The API does not answer the page without the session either.
    const api = await page.request.get(`${server.origin}/api/v1/open/cart`, { headers: { 'X-Crossbuy-Client': 'ui' } });
    expect(api.status()).toBe(401);
  });

  test('with the token the app loads on a clean URL', async ({ page, server }) => {
    await page.goto(server.url);
    await expect(page).toHaveURL(`${server.origin}/`);
    await expect(page.getByRole('heading', { name: 'crossbuy', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
    // The catalog came through the API with the session cookie.
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(24);

    // A reload keeps the session (HttpOnly cookie), and the hash route survives it.
    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await expect(page).toHaveURL(/#\/cart$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Cart', level: 2 })).toBeVisible();
  });
});
