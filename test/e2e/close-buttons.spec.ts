import { expect, test } from './fixtures';

/**
 * A dialog's close button is an icon: it carries a name in the UI's language (the theme gives every
 * modal, drawer and notification one), so a screen reader says what it does, not only "button".
 */
const language = (code: 'en' | 'zh-CN') => JSON.stringify({ state: { language: code, chosen: true }, version: 0 });

test('a dialog\'s close button is named Close, 关闭 in Chinese, and closes it', async ({ app: page }) => {
  await page.goto('/#/addresses');
  await page.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'New address' });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language('zh-CN'));
  try {
    await page.reload();
    await page.getByRole('button', { name: '添加地址' }).click();
    const zhDialog = page.getByRole('dialog', { name: '新地址' });
    await zhDialog.getByRole('button', { name: '关闭', exact: true }).click();
    await expect(zhDialog).toHaveCount(0);
  } finally {
    await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language('en'));
  }
});
