import type { APIRequestContext } from '@playwright/test';
import { adminApiOf, expect, test, type OpenApi } from './fixtures';
import { arrivedPackage } from './after-sales-helpers';

/**
 * The after-sales decision window is judged on the world's service clock, not the browser's wall time (UI
 * walk 2026-11-27, item 4): a world whose clock is ahead of today closes the window on its own clock, and a
 * frozen world whose clock stands months before today keeps it open. This file moves its server's clock.
 */

/** A small API client for one world, as the UI session (the header selects the world). */
function worldApi(request: APIRequestContext, origin: string, world: string, prefix: '/api/v1/open' | '/api/v1/admin'): OpenApi {
  const headers = { 'X-Crossbuy-Client': 'ui', 'Crossbuy-World': world };
  const unwrap = async <T,>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    const body = (await response.json()) as { data: T };
    if (!response.ok()) throw new Error(`${response.status()} ${JSON.stringify(body)}`);
    return body.data;
  };
  return {
    get: async (path) => unwrap(await request.get(`${origin}${prefix}${path}`, { headers })),
    send: async (method, path, body) => unwrap(await request.fetch(`${origin}${prefix}${path}`, { method, headers, ...(body === undefined ? {} : { data: body }) })),
  };
}

test('a frozen world whose clock stands before today offers the after-sales choices within its window', async ({ app: page, server }) => {
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, server.origin);
  const created = await admin.send<{ id: string }>('POST', '/worlds', { name: 'e2e frozen past', seed: 7, clockStart: '2026-03-02T09:00:00.000Z', frozen: true });
  const worldAdmin = worldApi(page.request, server.origin, created.id, '/api/v1/admin');
  const worldOpen = worldApi(page.request, server.origin, created.id, '/api/v1/open');
  await worldAdmin.send('PUT', '/autopilot', { pace: 'off' });
  await worldAdmin.send('POST', '/wallet/deposit', { amount: 5000 });
  const pkg = await arrivedPackage(worldOpen, worldAdmin);
  const detail = await worldOpen.get<{ inspection: { decisionDeadline: string } }>(`/orders/${pkg.orderId}`);
  // The window ends five days after arrival on the world's clock: months before today's wall time.
  expect(Date.parse(detail.inspection.decisionDeadline)).toBeLessThan(Date.now());

  await page.evaluate((id) => localStorage.setItem('crossbuy-world', JSON.stringify({ state: { selected: id }, version: 0 })), created.id);
  await page.goto(`/#/orders/${pkg.orderId}`);
  await page.reload();
  const panel = page.getByTestId('after-sales');
  await expect(panel).toContainText('you can request more photos', { timeout: 15_000 });
  await expect(panel.getByRole('button', { name: 'Request photos' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Return / })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Exchange / })).toBeVisible();

  // Past the deadline on the world's clock (a frozen clock moves only when told) the window closes.
  await worldAdmin.send('POST', '/clock/advance', { by: '6d' });
  await expect(panel).toContainText('The decision window closed on', { timeout: 15_000 });
  await expect(panel.getByRole('button', { name: 'Request photos' })).toHaveCount(0);
  await page.evaluate(() => localStorage.removeItem('crossbuy-world'));
});

test('a world whose clock has passed the deadline, though today has not, shows the window closed', async ({ app: page, openApi, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  await admin.send('PUT', '/autopilot', { pace: 'off' });
  const pkg = await arrivedPackage(openApi, admin);
  await page.goto(`/#/orders/${pkg.orderId}`);
  const panel = page.getByTestId('after-sales');
  await expect(panel.getByRole('button', { name: 'Request photos' })).toBeVisible();

  await admin.send('POST', '/clock/advance', { by: '6d' });
  const detail = await openApi.get<{ status: string; inspection: { decisionDeadline: string } }>(`/orders/${pkg.orderId}`);
  expect(detail.status).toBe('in_warehouse');
  // Today's wall time is still inside the window; the service clock is past it.
  expect(Date.parse(detail.inspection.decisionDeadline)).toBeGreaterThan(Date.now());
  await page.reload();
  await expect(panel).toContainText('The decision window closed on');
  await expect(panel.getByRole('button', { name: 'Request photos' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Return / })).toHaveCount(0);
});
