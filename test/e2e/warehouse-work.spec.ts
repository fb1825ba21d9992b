import { adminApiOf, expect, test } from './fixtures';
import { arrivedPackage } from './after-sales-helpers';

/** The staff work page's warehouse list: its tables say what each column is, and "Pack" packs a rehearsal once. */
test('a rehearsal waiting to be packed is listed under headed columns and a double click on Pack packs it once', async ({ app: page, openApi, baseURL }) => {
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
  const rehearsal = await openApi.send<{ id: string }>('POST', '/shipping/rehearsals', { inventoryIds: [pkg.id] });
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff work' }).click();
  const table = page.getByRole('table', { name: 'Rehearsals to pack' });
  await expect(table.getByRole('columnheader')).toHaveText(['Rehearsal', 'Packages', 'Action']);
  const row = table.getByRole('row').filter({ hasText: rehearsal.id });
  await expect(row).toContainText(`#${pkg.id}`);
  // Two clicks in one task: both land before React re-renders the button as pending.
  await row.getByRole('button', { name: 'Pack' }).evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByText(`Rehearsal ${rehearsal.id} packed`)).toBeVisible();
  // One request: the second click of the pair found the row locked, so no "changed in the meantime" beside the success.
  await expect(page.getByText('It changed in the meantime', { exact: false })).toHaveCount(0);
  const packed = await openApi.get<{ id: string; status: string }[]>('/shipping/rehearsals?limit=100');
  expect(packed.find((r) => r.id === rehearsal.id)?.status).toBe('packed');
});
