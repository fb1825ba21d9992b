import { adminApiOf, expect, test } from './fixtures';

/** Server & data: a backup restored from its row, after a confirmation; the wallet shows the balance back. */
test('restoring a backup from the Server & data page brings the balance back', async ({ app: page, server, openApi }) => {
  const admin = adminApiOf(page.request, server.origin);
  const balance = async () => (await openApi.get<{ balance: number }>('/user/wallet/balance')).balance;
  const backup = await admin.send<{ id: string }>('POST', '/data/backup');
  const before = await balance();
  await admin.send('POST', '/wallet/deposit', { amount: 321, note: 'after the backup' });
  expect(await balance()).toBe(before + 321);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Server & data' }).click();
  await expect(page.getByRole('heading', { name: 'Server & data', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: `Restore ${backup.id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
  await expect(dialog).toContainText(backup.id);
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await balance()).toBe(before + 321);

  await page.getByRole('button', { name: `Restore ${backup.id}` }).click();
  await dialog.getByRole('button', { name: 'Restore backup' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Backup restored')).toBeVisible();
  expect(await balance()).toBe(before);
  // The state it replaced is listed as a backup of its own.
  await expect(page.getByRole('table', { name: 'Backups' }).getByRole('row')).toHaveCount(3);
});

test('a restore under way cannot be cancelled or closed, and its result is worded in the UI language', async ({ app: page, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const backup = await admin.send<{ id: string }>('POST', '/data/backup');
  // The restore's answer is held back until the dialog has been tried while it runs.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/admin/data/restore', async (route) => {
    await released;
    await route.continue();
  });
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  try {
    await page.reload();
    await page.getByRole('navigation').getByRole('link', { name: '服务器与数据' }).click();
    await page.getByRole('button', { name: `恢复 ${backup.id}` }).click();
    const dialog = page.getByRole('dialog', { name: '恢复此备份？' });
    await dialog.getByRole('button', { name: '恢复备份' }).click();
    const cancel = dialog.getByRole('button', { name: '取消' });
    await expect(cancel).toBeDisabled();
    // Escape from inside the dialog, and a click on the overlay beside it, leave it open. (Closed, its
    // content would be gone at once, while the dialog itself fades out: so the content is what is checked.)
    await dialog.focus();
    await page.keyboard.press('Escape');
    await expect(cancel).toBeDisabled();
    await page.locator('.mantine-Modal-overlay').click({ position: { x: 5, y: 5 } });
    await expect(cancel).toBeDisabled();
    await expect(dialog.getByText(backup.id, { exact: true })).toBeVisible();

    release();
    await expect(dialog).toBeHidden();
    const toast = page.getByRole('alert').filter({ hasText: '备份已恢复' });
    await expect(toast).toContainText(`已恢复 ${backup.id}。恢复前的数据已保存为备份`);
    await expect(toast).not.toContainText('Restored');
  } finally {
    await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
  }
});

/** A world deleted since the backup is not brought back without its data, and the result says which. */
test('a restore names the worlds of the backup it did not register again', async ({ app: page, server }) => {
  const admin = adminApiOf(page.request, server.origin);
  const ui = { 'X-Crossbuy-Client': 'ui' };
  const id = `w_e2egone_${Date.now().toString(36)}`;
  await admin.send('POST', '/worlds', { id });
  const backup = await admin.send<{ id: string }>('POST', '/data/backup');
  expect((await page.request.delete(`${server.origin}/api/v1/admin/worlds/${id}`, { headers: ui })).status()).toBeLessThan(300);

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Server & data' }).click();
  await page.getByRole('button', { name: `Restore ${backup.id}` }).click();
  await page.getByRole('dialog', { name: 'Restore this backup?' }).getByRole('button', { name: 'Restore backup' }).click();
  await expect(page.getByText(`Worlds of the backup not registered again (their databases are gone): ${id}.`)).toBeVisible();
  expect((await page.request.get(`${server.origin}/api/v1/admin/worlds/${id}`, { headers: ui })).status()).toBe(404);
});
