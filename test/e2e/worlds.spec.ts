import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApiOf, expect, test } from './fixtures';
import { money, type Balance, type Order } from './orders-helpers';

/**
 * Worlds in the UI (issue 22 item 6): a world made from a shipped file in "New world", selected at once,
 * every page then showing that world; snapshot, reset, fork and delete on the Server & data page; a lost
 * world falling back to the default one. The machine running these is slow: waits are generous.
 */
const SLOW = { timeout: 30_000 };

interface WorldRow {
  id: string;
  name: string;
  seed: number;
}

/** An API read in one world, as the UI session (the header selects the world). */
async function inWorld<T>(request: APIRequestContext, origin: string, world: string, path: string): Promise<T> {
  const response = await request.get(`${origin}/api/v1${path}`, { headers: { 'X-Crossbuy-Client': 'ui', 'Crossbuy-World': world } });
  const body = (await response.json()) as { data: T };
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data;
}

async function worldNamed(page: Page, origin: string, name: string): Promise<WorldRow> {
  const list = await adminApiOf(page.request, origin).get<{ items: WorldRow[] }>('/worlds?limit=100');
  const world = list.items.find((w) => w.name === name);
  expect(world, `a world named ${name}`).toBeDefined();
  return world!;
}

const switcher = (page: Page) => page.getByRole('banner').getByRole('textbox', { name: 'World' });

async function createFromShipped(page: Page, file: string, name: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'New world' }).click();
  const dialog = page.getByRole('dialog', { name: 'New world' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'World file' }).click();
  await page.getByRole('option', { name: file, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create world' }).click();
  await expect(dialog).toBeHidden(SLOW);
  await expect(switcher(page)).toHaveValue(name, SLOW);
}

test.describe.configure({ mode: 'serial' });

test('a world from a shipped file is made in "New world", selected, and every page shows it', async ({ app: page, server, openApi }) => {
  test.setTimeout(120_000);
  await expect(switcher(page)).toHaveValue('Default world', SLOW);
  const defaultOrders = (await openApi.get<{ items: Order[] }>('/orders?limit=100')).items.map((o) => o.orderNo);

  await createFromShipped(page, 'orders-every-status', 'e2e orders');
  const world = await worldNamed(page, server.origin, 'e2e orders');
  expect(world.seed).toBe(2);
  const worldOrders = (await inWorld<{ items: Order[] }>(page.request, server.origin, world.id, '/open/orders?limit=100')).items.map((o) => o.orderNo);
  expect(worldOrders.length).toBeGreaterThanOrEqual(9);
  expect(worldOrders.filter((no) => defaultOrders.includes(no))).toEqual([]);

  // The shopping pages read the selected world: its orders, none of the default world's.
  await page.goto('/#/orders');
  const main = page.getByRole('main');
  await expect(main.getByText(worldOrders[0]!, { exact: true }).first()).toBeVisible(SLOW);
  for (const orderNo of defaultOrders.slice(0, 3)) await expect(main.getByText(orderNo, { exact: true })).toHaveCount(0);
  // The header's balance is the world's wallet.
  const balance = await inWorld<Balance>(page.request, server.origin, world.id, '/open/user/wallet/balance');
  await expect(page.getByTestId('header-balance')).toContainText(money(balance.availableBalance), SLOW);

  // The choice survives a reload; the switcher offers the default world first, with ids and seeds.
  await page.reload();
  await expect(switcher(page)).toHaveValue('e2e orders', SLOW);
  await switcher(page).click();
  const options = page.getByRole('option');
  await expect(options.first()).toContainText('Default world');
  await expect(page.getByRole('option', { name: /e2e orders/ })).toContainText(`${world.id} · Seed 2`);
  await page.getByRole('option', { name: /Default world/ }).click();
  await expect(switcher(page)).toHaveValue('Default world');
  await expect(main.getByText(worldOrders[0]!, { exact: true })).toHaveCount(0, SLOW);
});

test('snapshot, reset, fork and delete on the Server & data page', async ({ app: page, server }) => {
  test.setTimeout(150_000);
  const world = await worldNamed(page, server.origin, 'e2e orders');
  await page.goto('/#/settings');
  const table = page.getByTestId('worlds-table');
  const row = (id: string) => table.locator(`tr[data-world="${id}"]`);
  await expect(row(world.id)).toBeVisible(SLOW);
  // The default world is the data folder itself: it cannot be deleted here.
  await expect(row('default').getByRole('button', { name: 'Delete' })).toBeDisabled();
  await row(world.id).getByRole('button', { name: 'Select' }).click();
  await expect(switcher(page)).toHaveValue('e2e orders');

  // Snapshot, then change the world (a deposit), then reset to the snapshot: the deposit is gone.
  await row(world.id).getByRole('button', { name: 'Snapshot' }).click();
  const snapDialog = page.getByRole('dialog', { name: 'Take snapshot' });
  await snapDialog.getByRole('textbox', { name: 'Snapshot name' }).fill('before deposit');
  await snapDialog.getByRole('button', { name: 'Take snapshot' }).click();
  await expect(page.getByText('Snapshot "before deposit" kept.')).toBeVisible(SLOW);
  const before = await inWorld<Balance>(page.request, server.origin, world.id, '/open/user/wallet/balance');
  const deposit = await page.request.post(`${server.origin}/api/v1/admin/wallet/deposit`, {
    headers: { 'X-Crossbuy-Client': 'ui', 'Crossbuy-World': world.id },
    data: { amount: 77, note: 'e2e: worlds' },
  });
  expect(deposit.ok()).toBe(true);
  expect((await inWorld<Balance>(page.request, server.origin, world.id, '/open/user/wallet/balance')).balance).toBe(before.balance + 77);

  await row(world.id).getByRole('button', { name: 'Reset' }).click();
  const resetDialog = page.getByRole('dialog', { name: 'Reset e2e orders' });
  await expect(resetDialog).toContainText('keys included');
  await resetDialog.getByRole('textbox', { name: 'Reset to' }).click();
  // Named, and told apart by the world's clock when it was taken.
  await page.getByRole('option', { name: /^before deposit \(clock .+\)$/ }).click();
  await resetDialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('World "e2e orders" reset.')).toBeVisible(SLOW);
  expect((await inWorld<Balance>(page.request, server.origin, world.id, '/open/user/wallet/balance')).balance).toBe(before.balance);

  // Fork: a copy, selected at once, listed.
  await row(world.id).getByRole('button', { name: 'Fork' }).click();
  const forkDialog = page.getByRole('dialog', { name: 'Fork' });
  await forkDialog.getByRole('textbox', { name: 'Name of the copy' }).fill('e2e fork');
  await forkDialog.getByRole('button', { name: 'Fork' }).click();
  await expect(switcher(page)).toHaveValue('e2e fork', SLOW);
  // The switch is said, not only seen in the header.
  await expect(page.getByText('World "e2e orders" forked: now working in its copy "e2e fork".')).toBeVisible();
  const fork = await worldNamed(page, server.origin, 'e2e fork');
  await expect(row(fork.id)).toBeVisible(SLOW);
  expect((await inWorld<Balance>(page.request, server.origin, fork.id, '/open/user/wallet/balance')).balance).toBe(before.balance);

  // Delete the selected fork: the page goes back to the default world; then the first world too.
  for (const [id, name] of [[fork.id, 'e2e fork'], [world.id, 'e2e orders']] as const) {
    await row(id).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`World "${name}" deleted.`)).toBeVisible(SLOW);
    await expect(row(id)).toHaveCount(0, SLOW);
  }
  await expect(switcher(page)).toHaveValue('Default world');
  const left = await adminApiOf(page.request, server.origin).get<{ items: WorldRow[] }>('/worlds');
  expect(left.items.map((w) => w.id)).not.toContain(world.id);
});

test('a selected world that no longer exists falls back to the default one, with a notice', async ({ app: page }) => {
  await page.evaluate(() => localStorage.setItem('crossbuy-world', JSON.stringify({ state: { selected: 'w_gone_for_good_1' }, version: 0 })));
  await page.reload();
  await expect(page.getByText('The world w_gone_for_good_1 no longer exists: back to the default world.')).toBeVisible(SLOW);
  await expect(switcher(page)).toHaveValue('Default world');
  await expect(page.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible();
});

test('a world deleted elsewhere: the next call answered 404 puts the page on the default world at once, with a notice', async ({ app: page, server }) => {
  test.setTimeout(90_000);
  const admin = adminApiOf(page.request, server.origin);
  const world = await admin.send<{ id: string }>('POST', '/worlds', { name: 'e2e deleted elsewhere' });
  await page.evaluate((id) => localStorage.setItem('crossbuy-world', JSON.stringify({ state: { selected: id }, version: 0 })), world.id);
  await page.goto('/#/orders');
  await page.reload();
  await expect(switcher(page)).toHaveValue('e2e deleted elsewhere', SLOW);
  await expect(page.getByRole('heading', { name: 'Orders', level: 2 })).toBeVisible(SLOW);
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes('/api/v1/')) notFound.push(response.url());
  });

  // Another tab (here: the API) deletes the world; this page then reads on, in the world it still has selected.
  const deleted = await page.request.delete(`${server.origin}/api/v1/admin/worlds/${world.id}`, { headers: { 'X-Crossbuy-Client': 'ui' } });
  expect(deleted.ok()).toBe(true);
  await page.goto('/#/wallet');
  // At once: not when the switcher's own check or the event stream's fallback poll next runs (15-30 s).
  await expect(page.getByText(`The world ${world.id} no longer exists: back to the default world.`)).toBeVisible({ timeout: 5_000 });
  await expect(switcher(page)).toHaveValue('Default world');
  await expect(page.getByRole('heading', { name: 'Wallet', level: 2 })).toBeVisible();
  // The calls already under way were refused; none after the switch.
  await page.waitForTimeout(1_000);
  const refused = notFound.length;
  await page.waitForTimeout(3_000);
  expect(notFound.length).toBe(refused);
});

test('"New world" in Chinese: axe-clean, and a failing file names its step', async ({ app: page, server }) => {
  test.setTimeout(90_000);
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  try {
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: '新建世界' }).click();
    const dialog = page.getByRole('dialog', { name: '新建世界' });
    await expect(dialog.getByRole('textbox', { name: '世界文件' })).toHaveValue(/\S/, SLOW);
    await page.waitForLoadState('networkidle');
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, serious.join('\n')).toEqual([]);

    // A file of one's own whose step fails: 422, the step named, no world left behind.
    await dialog.getByText('我的文件', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: '我的文件' })).toBeChecked();
    const file = { crossbuyWorld: 1, name: 'broken', steps: [{ name: 'missingOrder', call: 'GET /open/orders/PO-NOPE' }] };
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await dialog.getByRole('button', { name: '创建世界' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('无法创建该世界', SLOW);
    await expect(alert).toContainText('missingOrder');
    const worlds = await adminApiOf(page.request, server.origin).get<{ items: WorldRow[] }>('/worlds');
    expect(worlds.items.map((w) => w.name)).not.toContain('broken');
  } finally {
    await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
  }
});

test('Reset shows the snapshots loading, words a list it cannot load, and stays open while the reset runs', async ({ app: page, server }) => {
  test.setTimeout(90_000);
  const world = await adminApiOf(page.request, server.origin).send<WorldRow>('POST', '/worlds', { name: 'e2e reset dialog' });
  let answerList: () => void = () => undefined;
  const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
  const refuse = { status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'snapshots are resting' } };
  await page.route(`**/api/v1/admin/worlds/${world.id}/snapshots`, async (route) => {
    await listAnswered;
    await route.fulfill(refuse);
  });
  let answerReset: () => void = () => undefined;
  const resetAnswered = new Promise<void>((resolve) => (answerReset = resolve));
  await page.route(`**/api/v1/admin/worlds/${world.id}/reset`, async (route) => {
    await resetAnswered;
    await route.fulfill(refuse);
  });
  // A fresh page: the world list the app loaded before the world was made is not the one to read.
  await page.goto('/#/settings');
  await page.reload();
  const row = page.getByTestId('worlds-table').locator(`tr[data-world="${world.id}"]`);
  await row.getByRole('button', { name: 'Reset' }).click(SLOW);
  const dialog = page.getByRole('dialog', { name: 'Reset e2e reset dialog' });
  await expect(dialog.getByRole('progressbar', { name: 'Loading the snapshots' })).toBeVisible();
  answerList();
  await expect(dialog.getByRole('alert').filter({ hasText: 'The snapshots could not be loaded' })).toContainText('snapshots are resting');

  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  answerReset();
  await expect(dialog.getByRole('alert').filter({ hasText: 'This could not be done' })).toContainText('snapshots are resting');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
});
