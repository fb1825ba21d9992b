import { adminApiOf, expect, test } from './fixtures';
import { arrivedPackage } from './after-sales-helpers';
import { saveGermanAddress } from './ship-helpers';

/**
 * The ship page's addresses in Chinese: countries named in Chinese in the saved addresses and the new
 * address's country list (found by their Chinese name), and a postcode refused for 日本, not for "JP";
 * the form's labels are the Addresses page's.
 */
const language = (code: 'en' | 'zh-CN') => JSON.stringify({ state: { language: code, chosen: true }, version: 0 });

test('in Chinese the ship page names countries in Chinese, finds them by that name, and says which country a postcode is not of', async ({ app: page, openApi, baseURL }) => {
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
  await page.goto(`/#/ship?packages=${pkg.id}`);
  await saveGermanAddress(page);
  await expect(page.getByRole('radio', { name: /^Quote Check, Unter den Linden 1, Berlin, 10117, Germany$/ })).toBeChecked();
  await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language('zh-CN'));
  try {
    await page.reload();
    await expect(page.getByRole('radio', { name: /^Quote Check, Unter den Linden 1, Berlin, 10117, 德国$/ })).toBeVisible();
    await page.getByRole('radio', { name: '填写新地址' }).click();
    const form = page.getByRole('form', { name: '新地址' });
    await form.getByRole('textbox', { name: '国家/地区', exact: true }).fill('日本');
    await page.getByRole('option', { name: '日本 (JP)' }).click();
    await form.getByLabel('收件人').fill('Postcode Check');
    await form.getByLabel('电话').fill('+81 3 1234 5678');
    await form.getByLabel('城市').fill('Tokyo');
    await form.getByLabel('邮政编码').fill('ABCDEFGHIJKLMNOP');
    await form.getByRole('textbox', { name: '街道地址', exact: true }).fill('1-1 Chiyoda');
    await form.getByRole('button', { name: '保存地址' }).click();
    await expect(form.getByLabel('邮政编码')).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('不是 日本 的邮政编码，格式如 100-0001');
  } finally {
    await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language('en'));
  }
});
