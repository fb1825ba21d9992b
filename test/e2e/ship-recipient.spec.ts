import { adminApiOf, expect, test } from './fixtures';
import { arrivedPackage } from './after-sales-helpers';

/**
 * A shipping order refused for its recipient (400 `address_invalid`, `field: recipientZipCode`): the ship
 * page marks that field of the chosen address with the reason, instead of a general alert, and once the
 * address is corrected and saved the order goes through. The refusal is the service's, for a rule this
 * build does not know (the service answers it through the route; a saved address breaking this build's
 * rules cannot be made through the API).
 */
test('a refused recipient postcode is marked on its field, corrected, saved, and the order then created', async ({ app: page, openApi, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const pkg = await arrivedPackage(openApi, admin);
  const saved = await openApi.send<{ id: number }>('POST', '/user/addresses', {
    name: 'Refused Zip',
    phone: '+1 212 555 0100',
    country: 'US',
    city: 'New York',
    address: '350 Fifth Ave',
    zipCode: '10118',
  });
  const reason = 'recipientZipCode: 10118 is not served by this carrier';
  let refusals = 0;
  await page.route('**/api/v1/open/shipping/create', async (route) => {
    const sent = route.request().postDataJSON() as { recipientZipCode: string };
    if (sent.recipientZipCode !== '10118') return route.continue();
    refusals++;
    await route.fulfill({ status: 400, json: { statusCode: 400, error: 'Bad Request', message: reason, code: 'address_invalid', field: 'recipientZipCode' } });
  });

  await page.goto(`${baseURL}/#/ship?packages=${pkg.id}`);
  await page.getByRole('radio', { name: /^Refused Zip, 350 Fifth Ave, New York, 10118/ }).click();
  await expect(page.getByRole('table', { name: 'Freight quotes' })).toBeVisible();
  await page.getByRole('button', { name: 'Create shipping order' }).click();

  const recipient = page.getByRole('form', { name: 'Recipient' });
  const zip = recipient.getByRole('textbox', { name: 'Postal code' });
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toHaveAccessibleDescription(reason);
  await expect(zip).toHaveValue('10118');
  await expect(recipient.getByRole('textbox', { name: 'City' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Shipping order not created', { exact: true })).toHaveCount(0);
  expect(refusals).toBe(1);

  await zip.fill('10001');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  await recipient.getByRole('button', { name: 'Save address' }).click();
  await expect(recipient).toHaveCount(0);
  const addresses = await openApi.get<{ id: number; zipCode: string }[]>('/user/addresses');
  expect(addresses.find((a) => a.id === saved.id)?.zipCode).toBe('10001');

  await page.getByRole('radio', { name: /^Refused Zip, 350 Fifth Ave, New York, 10001/ }).waitFor();
  await page.getByRole('button', { name: 'Create shipping order' }).click();
  await expect(page).toHaveURL(/#\/shipping\/SO\w+\?created=1$/);
  expect(refusals).toBe(1);
});

test('the refusal is worded in Chinese on the same field', async ({ app: page, openApi, baseURL }) => {
  const admin = adminApiOf(page.request, baseURL!);
  const pkg = await arrivedPackage(openApi, admin);
  await openApi.send('POST', '/user/addresses', { name: 'Refused Zip Zh', phone: '+1 212 555 0100', country: 'US', city: 'New York', address: '350 Fifth Ave', zipCode: '10118' });
  await page.route('**/api/v1/open/shipping/create', (route) =>
    route.fulfill({ status: 400, json: { statusCode: 400, error: 'Bad Request', message: 'recipientZipCode: refused', code: 'address_invalid', field: 'recipientZipCode' } }),
  );
  await page.goto(`${baseURL}/#/ship?packages=${pkg.id}`);
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.reload();
  await page.getByRole('radio', { name: /^Refused Zip Zh,/ }).click();
  await page.getByRole('button', { name: '创建运单' }).click();
  const recipient = page.getByRole('form', { name: '收件人' });
  await expect(recipient).toContainText('运单未创建：服务拒绝将此地址用作收件地址');
  await expect(recipient.getByRole('textbox', { name: '邮政编码' })).toHaveAttribute('aria-invalid', 'true');
});
