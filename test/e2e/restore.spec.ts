import { adminApiOf, expect, test } from './fixtures';

/** Server & data: a backup restored from its row, after a confirmation; the wallet shows the balance back. */
test('restoring a backup from the Server & data page brings the balance back', async ({ app: page, server, openApi }) => {
  const admin = adminApiOf(page.request, server.origin);
  const balance = async () => (await openApi.get<{ balance: number }>('/user/wallet/balance')).balance;
  const backup = await admin.send<{ id: string }>('POST', '/data/backup');
  const before = await balance();
  await admin.send('POST', '/wallet/deposit', { amount: 321, note: 'after the backup' });
  expect(await balance()).toBe(before + 321);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Server & data' }).click();
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
