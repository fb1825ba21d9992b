import type { Page } from '@playwright/test';
import { adminApiOf, expect, test } from './fixtures';

/**
 * Fixes from the UI walk (items 3, 9, 11, 12): a lost world takes its open dialogs with it, the worlds
 * table keeps short words whole at 900 px, keyboard use of "New world" and the skip link, and the reason
 * "Save as world file" is disabled.
 */
const SLOW = { timeout: 30_000 };
const UI = { 'X-Crossbuy-Client': 'ui' };
const switcher = (page: Page) => page.getByRole('banner').getByRole('textbox', { name: 'World' });

interface Balance {
  availableBalance: number;
}

test.describe.configure({ mode: 'serial' });

test('a world deleted elsewhere while a money dialog is open: the dialog closes, nothing lands in the default world, the notice names the world', async ({ app: page, server, openApi }) => {
  test.setTimeout(120_000);
  const admin = adminApiOf(page.request, server.origin);
  const world = await admin.send<{ id: string }>('POST', '/worlds', { name: 'Doomed' });
  const before = await openApi.get<Balance>('/user/wallet/balance');
  // Every call of the dialog, by the world it went to: the top-up itself and its previews.
  const topUps: string[] = [];
  const previews: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const world = request.headers()['crossbuy-world'] ?? 'default';
    const path = new URL(request.url()).pathname;
    if (path.endsWith('/user/wallet/top-ups')) topUps.push(world);
    if (path.endsWith('/user/wallet/top-ups/preview')) previews.push(world);
  });

  await page.evaluate((id) => localStorage.setItem('crossbuy-world', JSON.stringify({ state: { selected: id }, version: 0 })), world.id);
  await page.goto('/#/wallet');
  await page.reload();
  await expect(switcher(page)).toHaveValue('Doomed', SLOW);
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up the wallet' });
  await dialog.getByRole('radio', { name: 'Alipay' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('3');
  // The preview of what was typed comes first (asked once typing pauses), in the world still there.
  await expect(dialog.getByTestId('top-up-preview')).toContainText('3.00', SLOW);

  // Another tab deletes the world; this tab then submits.
  const deleted = await page.request.delete(`${server.origin}/api/v1/admin/worlds/${world.id}`, { headers: UI });
  expect(deleted.ok()).toBe(true);
  await dialog.getByRole('button', { name: /^Top up .*3\.00/ }).click();

  await expect(page.getByText('World "Doomed" is gone')).toBeVisible(SLOW);
  await expect(page.getByText(`The world ${world.id} no longer exists: back to the default world.`)).toBeVisible();
  await expect(switcher(page)).toHaveValue('Default world');
  // Nothing of the lost world stays on screen: the dialog is gone, its button cannot be pressed again.
  await expect(dialog).toBeHidden(SLOW);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 2 })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(topUps).toEqual([world.id]);
  expect(previews.filter((to) => to !== world.id)).toEqual([]);
  expect((await openApi.get<Balance>('/user/wallet/balance')).availableBalance).toBe(before.availableBalance);
});

test('at 900 px the worlds table keeps "Default world" whole and a long name within its column', async ({ app: page, server }) => {
  test.setTimeout(90_000);
  const long = 'L'.repeat(90);
  const admin = adminApiOf(page.request, server.origin);
  // A second world with every action (as in the walk): the actions column takes its share of 900 px.
  await admin.send('POST', '/worlds', { name: 'AS demo' });
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/#/settings');
  await page.reload();
  const table = page.getByTestId('worlds-table');
  const defaultName = table.locator('tr[data-world="default"]').getByText('Default world', { exact: true });
  await expect(defaultName).toHaveText('Default world', SLOW);
  // Each word on one line: "Default" is never split across lines.
  const wordLines = await defaultName.evaluate((el) => {
    const text = el.firstChild as Text;
    const lines: number[] = [];
    let start = 0;
    for (const word of (text.data ?? '').split(' ')) {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + word.length);
      lines.push(new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size);
      start += word.length + 1;
    }
    return lines;
  });
  expect(wordLines).toEqual([1, 1]);
  // The long unbroken name wraps inside a capped column: the row's actions stay on screen.
  await admin.send('POST', '/worlds', { name: long });
  await page.reload();
  const longRow = table.locator('tr').filter({ hasText: long.slice(0, 20) });
  const nameBox = (await longRow.getByText(long, { exact: true }).boundingBox())!;
  expect(nameBox.width).toBeLessThanOrEqual(230);
  const deleteBox = (await longRow.getByRole('button', { name: 'Delete' }).boundingBox())!;
  expect(deleteBox.x + deleteBox.width).toBeLessThanOrEqual(900);
});

test('keyboard: Escape returns focus to "New world", Enter creates the world, and a skip link comes first', async ({ app: page }) => {
  test.setTimeout(90_000);
  const plus = page.getByRole('banner').getByRole('button', { name: 'New world' });
  await plus.click();
  const dialog = page.getByRole('dialog', { name: 'New world' });
  await expect(dialog).toBeVisible(SLOW);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(plus).toBeFocused();

  // Enter in the name submits the form.
  await plus.click();
  await expect(dialog).toBeVisible(SLOW);
  await dialog.getByText('Demo data', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('e2e by enter');
  await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(dialog).toBeHidden(SLOW);
  await expect(switcher(page)).toHaveValue('e2e by enter', SLOW);

  // The first tab stop skips the header and the navigation.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible(SLOW);
  const hash = await page.evaluate(() => location.hash);
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  // The page stays where it was (the hash is the route).
  expect(await page.evaluate(() => location.hash)).toBe(hash);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main-content')))).toBe(true);
});

test('"Save as world file" says why it is disabled', async ({ app: page }) => {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Requests' }).click();
  const save = page.getByRole('button', { name: 'Save as world file' });
  await expect(save).toBeDisabled(SLOW);
  await expect(page.getByTestId('save-world-file-reason')).toBeVisible();
  await expect(save).toHaveAccessibleDescription(/Choose an API key/);
});

test('a world shows its clock, frozen state and expiry, and New world takes a ttl', async ({ app: page, server }) => {
  test.setTimeout(90_000);
  const admin = adminApiOf(page.request, server.origin);
  const frozen = await admin.send<{ id: string }>('POST', '/worlds', { name: 'e2e frozen', seed: 7, clockStart: '2026-03-02T09:00:00.000Z', frozen: true });
  await page.goto('/#/settings');
  await page.reload();
  const table = page.getByTestId('worlds-table');
  const frozenRow = table.locator(`tr[data-world="${frozen.id}"]`);
  // Every row says frozen and expiry from the list; the clock is read for the selected world only (describing opens a world).
  await expect(frozenRow.getByTestId('world-clock')).toHaveText('frozen', SLOW);
  await frozenRow.getByRole('button', { name: 'Select' }).click();
  await expect(frozenRow.getByTestId('world-clock')).toContainText(/Clock Mar 2, 2026.*frozen/, SLOW);
  // The header's switcher says which worlds are frozen too.
  await switcher(page).click();
  await expect(page.getByRole('option', { name: /e2e frozen/ })).toContainText(`${frozen.id} · Seed 7 · frozen`);
  await page.keyboard.press('Escape');

  await page.getByRole('banner').getByRole('button', { name: 'New world' }).click();
  const dialog = page.getByRole('dialog', { name: 'New world' });
  await dialog.getByText('Demo data', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('e2e ttl');
  const ttl = dialog.getByRole('textbox', { name: 'Expires after' });
  await ttl.fill('2 hours');
  await dialog.getByRole('button', { name: 'Create world' }).click();
  await expect(dialog).toContainText('A number and a unit');
  await ttl.fill('2h');
  await dialog.getByRole('button', { name: 'Create world' }).click();
  await expect(dialog).toBeHidden(SLOW);
  const list = await admin.get<{ items: { id: string; name: string; expiresAt: string | null }[] }>('/worlds?limit=100');
  const made = list.items.find((w) => w.name === 'e2e ttl');
  expect(made?.expiresAt).toBeTruthy();
  await expect(table.locator(`tr[data-world="${made!.id}"]`).getByTestId('world-clock')).toContainText('expires', SLOW);
});

test('New world sets where the clock starts and whether it is frozen, and refuses a start without its offset', async ({ app: page, server }) => {
  test.setTimeout(90_000);
  const admin = adminApiOf(page.request, server.origin);
  await page.goto('/#/settings');
  await page.getByRole('banner').getByRole('button', { name: 'New world' }).click();
  const dialog = page.getByRole('dialog', { name: 'New world' });
  await dialog.getByText('Demo data', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('e2e clock');
  const start = dialog.getByRole('textbox', { name: 'Clock starts at' });
  await start.fill('2026-03-02T09:00:00');
  await dialog.getByRole('button', { name: 'Create world' }).click();
  await expect(dialog).toContainText('A date and time with its offset');
  await start.fill('2026-03-02T17:00:00+08:00');
  // Demo data without a seed would run on wall time; frozen is chosen here.
  await dialog.getByRole('textbox', { name: 'Clock', exact: true }).click();
  await page.getByRole('option', { name: 'Frozen', exact: true }).click();
  await dialog.getByRole('button', { name: 'Create world' }).click();
  await expect(dialog).toBeHidden(SLOW);
  const list = await admin.get<{ items: { id: string; name: string; frozen: boolean }[] }>('/worlds?limit=100');
  const made = list.items.find((w) => w.name === 'e2e clock');
  expect(made?.frozen).toBe(true);
  const described = await admin.get<{ clock: string; frozen: boolean }>(`/worlds/${made!.id}`);
  expect(described.clock).toBe('2026-03-02T09:00:00.000Z');
  await expect(page.getByTestId('worlds-table').locator(`tr[data-world="${made!.id}"]`).getByTestId('world-clock')).toContainText(/Clock Mar 2, 2026.*frozen/, SLOW);
});

test('a page left alone in a world: a reset elsewhere puts its money back on screen, a clock advance reaches the worlds table, a deletion brings it home within seconds', async ({ app: page, server }) => {
  test.setTimeout(120_000);
  const admin = adminApiOf(page.request, server.origin);
  const world = await admin.send<{ id: string; key: { secret: string } }>('POST', '/worlds', { name: 'e2e idle', seed: 5, clockStart: '2026-03-02T09:00:00.000Z', frozen: true });
  const inWorld = { ...UI, 'Crossbuy-World': world.id, 'Content-Type': 'application/json' };
  const balanceText = async () => (await page.getByTestId('header-balance').innerText()).trim();
  await page.evaluate((id) => localStorage.setItem('crossbuy-world', JSON.stringify({ state: { selected: id }, version: 0 })), world.id);
  await page.goto('/#/settings');
  await page.reload();
  await expect(switcher(page)).toHaveValue('e2e idle', SLOW);
  const before = await balanceText();
  const deposit = await page.request.post(`${server.origin}/api/v1/admin/wallet/deposit`, { headers: inWorld, data: { amount: 55 } });
  expect(deposit.ok()).toBe(true);
  await expect.poll(balanceText, SLOW).not.toBe(before);

  // The clock moved by a script: the worlds table's line for the selected world follows.
  const row = page.getByTestId('worlds-table').locator(`tr[data-world="${world.id}"]`);
  await expect(row.getByTestId('world-clock')).toContainText('Mar 2, 2026', SLOW);
  const advanced = await page.request.post(`${server.origin}/api/v1/admin/clock/advance`, { headers: inWorld, data: { by: '10d' } });
  expect(advanced.ok()).toBe(true);
  await expect(row.getByTestId('world-clock')).toContainText('Mar 12, 2026', { timeout: 15_000 });

  // Reset by a script: no event says so; the stream it ends reopens, and the page reads again.
  const reset = await page.request.post(`${server.origin}/api/v1/admin/worlds/${world.id}/reset`, { headers: inWorld, data: {} });
  expect(reset.ok()).toBe(true);
  await expect.poll(balanceText, { timeout: 15_000 }).toBe(before);

  // Events still reach the page after the reset (its stream reopened on the world put back).
  const again = await page.request.post(`${server.origin}/api/v1/admin/clock/advance`, { headers: inWorld, data: { by: '5d' } });
  expect(again.ok()).toBe(true);
  await expect(row.getByTestId('world-clock')).toContainText('Mar 7, 2026', { timeout: 15_000 });

  // Deleted by a script while the page sits idle: its stream's 404 brings it home, not the 15 s poll.
  const deleted = await page.request.delete(`${server.origin}/api/v1/admin/worlds/${world.id}`, { headers: UI });
  expect(deleted.ok()).toBe(true);
  await expect(page.getByText(`The world ${world.id} no longer exists: back to the default world.`)).toBeVisible({ timeout: 12_000 });
});

test('New world: the service\'s refusal goes once a field changes, and the hint says the ttl\'s range', async ({ app: page }) => {
  test.setTimeout(60_000);
  await page.goto('/#/settings');
  await page.getByRole('banner').getByRole('button', { name: 'New world' }).click();
  const dialog = page.getByRole('dialog', { name: 'New world' });
  await dialog.getByText('Demo data', { exact: true }).click();
  const ttl = dialog.getByRole('textbox', { name: 'Expires after' });
  await expect(ttl).toHaveAccessibleDescription(/1 second to 366 days/);
  await ttl.fill('1000d');
  await dialog.getByRole('button', { name: 'Create world' }).click();
  await expect(dialog.getByText('The world could not be made')).toBeVisible({ timeout: 15_000 });
  await ttl.fill('2h');
  await expect(dialog.getByText('The world could not be made')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('in a frozen world the autopilot\'s pace says steps wait for the clock, not that orders move by themselves', async ({ app: page, server }) => {
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, server.origin);
  const world = await admin.send<{ id: string }>('POST', '/worlds', { name: 'e2e frozen pace', seed: 3, frozen: true });
  const inWorld = { ...UI, 'Crossbuy-World': world.id, 'Content-Type': 'application/json' };
  expect((await page.request.put(`${server.origin}/api/v1/admin/autopilot`, { headers: inWorld, data: { pace: 'demo' } })).ok()).toBe(true);
  await page.evaluate((id) => localStorage.setItem('crossbuy-world', JSON.stringify({ state: { selected: id }, version: 0 })), world.id);
  await page.goto('/#/work');
  await page.reload();
  const panel = page.getByRole('region', { name: 'Autopilot' });
  await expect(panel).toContainText('This world\'s clock is frozen: steps fall due only as you advance the clock', SLOW);
  await expect(panel).not.toContainText('watch orders move');
  expect((await page.request.delete(`${server.origin}/api/v1/admin/worlds/${world.id}`, { headers: UI })).ok()).toBe(true);
});

test('keyboard: closing a world action\'s dialog gives focus back to its button, and to the table once the row is gone', async ({ app: page, server }) => {
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, server.origin);
  const world = await admin.send<{ id: string }>('POST', '/worlds', { name: 'e2e focus' });
  await page.goto('/#/settings');
  await page.reload();
  const row = page.getByTestId('worlds-table').locator(`tr[data-world="${world.id}"]`);
  const snapshot = row.getByRole('button', { name: 'Snapshot' });
  await expect(snapshot).toBeVisible(SLOW);
  await snapshot.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Take snapshot' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(snapshot).toBeFocused();
  const remove = row.getByRole('button', { name: 'Delete' });
  await remove.focus();
  await page.keyboard.press('Enter');
  // Dismissed, the world stays: focus goes back to its Delete button.
  await expect(page.getByRole('dialog', { name: 'Delete e2e focus' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Delete e2e focus' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0, SLOW);
  await expect(page.getByTestId('worlds-table')).toBeFocused();
});
