import { adminApiOf, expect, test } from './fixtures';

/**
 * The wallet's Top up dialog (extensions.md section 12): each method with the operator's figures, then the
 * service's answer shown as it is (fee, what arrives); a bank transfer is pending and credits nothing yet.
 */
interface TopUp {
  id: number;
  method: string;
  status: string;
  fee: number;
  credited: number;
}
interface Balance {
  availableBalance: number;
}
const cents = (amount: number) => Math.round(amount * 100);
const decimals = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('Top up: PayPal shows its fee and credits what arrives; a bank transfer stays pending', async ({ app: page, openApi }) => {
  const before = await openApi.get<Balance>('/user/wallet/balance');
  await page.goto('/#/wallet');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up the wallet' });
  const paypal = dialog.getByRole('radio', { name: 'PayPal' });
  await expect(paypal).toBeVisible();
  await expect(dialog).toContainText('Fee 4.4% + $0.30 · arrives at once');
  await expect(dialog).toContainText('Bank transfer');
  await expect(dialog).toContainText('arrives after 1 business day');
  await expect(dialog).not.toContainText('bank_transfer');

  await paypal.check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('100');
  // Before paying: the service's preview of the fee and what arrives (extensions.md section 12).
  const preview = dialog.getByTestId('top-up-preview');
  await expect(preview).toContainText('arrives in the wallet');
  const previewed = await preview.innerText();
  await dialog.getByRole('button', { name: /^Top up .*100\.00/ }).dblclick();
  const result = dialog.getByTestId('top-up-result');
  await expect(result).toContainText('Credited to the wallet');
  const [paid] = (await openApi.get<{ items: TopUp[] }>('/user/wallet/top-ups?limit=1')).items;
  expect(paid!.method).toBe('paypal');
  expect(paid!.fee).toBeGreaterThan(0);
  await expect(result.getByTestId('top-up-fee')).toContainText(decimals(paid!.fee));
  await expect(result.getByTestId('top-up-credited')).toContainText(decimals(paid!.credited));
  // The preview said what the top-up then charged and credited.
  expect(previewed).toContain(decimals(paid!.fee));
  expect(previewed).toContain(decimals(paid!.credited));
  const after = await openApi.get<Balance>('/user/wallet/balance');
  // One top-up for the double click: exactly what the answer said arrives.
  expect(cents(after.availableBalance) - cents(before.availableBalance)).toBe(cents(paid!.credited));

  // A bank transfer: pending, nothing credited yet.
  await dialog.getByRole('button', { name: 'Another top-up' }).click();
  await dialog.getByRole('radio', { name: 'Bank transfer' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('50');
  await dialog.getByRole('button', { name: /^Top up .*50\.00/ }).click();
  await expect(dialog.getByTestId('top-up-result')).toContainText('Pending: nothing is credited until it arrives');
  await expect(dialog.getByTestId('top-up-result')).toContainText('Expected');
  expect(cents((await openApi.get<Balance>('/user/wallet/balance')).availableBalance)).toBe(cents(after.availableBalance));

  // The deposit in the transactions, worded ours.
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(page.getByRole('main')).toContainText(`Top-up #${paid!.id}`);
});

test('Top up shows that it is loading, words methods it cannot load, and sends nothing without the wallet’s currency', async ({ app: page }) => {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v1/admin/wallet/top-up-methods', async (route) => {
    await answered;
    await route.fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'methods are resting' } });
  });
  await page.route('**/api/v1/admin/settings', (route) => route.fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'settings are resting' } }));
  // A fresh page: the settings are not already in the page's cache.
  await page.goto('/#/wallet');
  await page.reload();
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up the wallet' });
  await expect(dialog.getByRole('progressbar', { name: 'Loading the top-up methods' })).toBeVisible();
  answer();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Cannot load the top-up methods' })).toContainText('methods are resting');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Cannot load the wallet’s currency' })).toContainText('settings are resting');
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Top up', exact: true })).toBeDisabled();
});

test('Top up says so when the operator has every method off', async ({ app: page }) => {
  await page.route('**/api/v1/admin/wallet/top-up-methods', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { enabled: boolean }[] };
    await route.fulfill({ response: answer, json: { ...body, data: body.data.map((m) => ({ ...m, enabled: false })) } });
  });
  await page.goto('/#/wallet');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up the wallet' });
  await expect(dialog).toContainText('No top-up method is open: the operator has turned them all off.');
  await expect(dialog.getByRole('radio')).toHaveCount(0);
});

test('Top up can program a sandbox outcome: declined credits nothing, held for review stays pending; none offered once the operator turns scenarios off', async ({ app: page, server, openApi }) => {
  test.setTimeout(90_000);
  const admin = adminApiOf(page.request, server.origin);
  const before = await openApi.get<Balance>('/user/wallet/balance');
  await page.goto('/#/wallet');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up the wallet' });
  await dialog.getByRole('radio', { name: 'Alipay' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('20');
  await dialog.getByRole('textbox', { name: 'Sandbox outcome' }).click();
  await page.getByRole('option', { name: 'Declined at once (nothing credited)' }).click();
  // The method's preview would say what arrives: the outcome chosen says nothing will.
  await expect(dialog.getByTestId('top-up-preview')).toHaveText('Declined at once: nothing is taken and nothing arrives in the wallet');
  await dialog.getByRole('button', { name: /^Top up .*20\.00/ }).click();
  const result = dialog.getByTestId('top-up-result');
  await expect(result).toContainText('Declined: nothing was credited');
  await expect(result).toContainText('Reason:');
  await expect(result.getByRole('rowheader', { name: 'Asked' })).toBeVisible();
  await expect(result.getByRole('rowheader', { name: 'Paid' })).toHaveCount(0);
  const [declined] = (await openApi.get<{ items: TopUp[] }>('/user/wallet/top-ups?limit=1')).items;
  expect(declined).toMatchObject({ method: 'alipay', status: 'failed', credited: 0 });

  // The same amount again, held for review: a new intent (not a replay of the declined one), pending.
  await dialog.getByRole('button', { name: 'Another top-up' }).click();
  await dialog.getByRole('radio', { name: 'Alipay' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('20');
  await dialog.getByRole('textbox', { name: 'Sandbox outcome' }).click();
  await page.getByRole('option', { name: 'Held for review a day, then credited' }).click();
  // The service's preview, asked with the outcome: when the held top-up arrives.
  await expect(dialog.getByTestId('top-up-preview')).toContainText('Expected');
  await dialog.getByRole('button', { name: /^Top up .*20\.00/ }).click();
  await expect(dialog.getByTestId('top-up-result')).toContainText('Pending: nothing is credited until it arrives');
  const [held] = (await openApi.get<{ items: TopUp[] }>('/user/wallet/top-ups?limit=1')).items;
  expect(held).toMatchObject({ method: 'alipay', status: 'pending' });
  expect(held!.id).not.toBe(declined!.id);
  expect(cents((await openApi.get<Balance>('/user/wallet/balance')).availableBalance)).toBe(cents(before.availableBalance));
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();

  // The operator turns the header off: the dialog offers no outcome (it would be a 400).
  await admin.send('PUT', '/warehouse/figures', { scenarioHeaderEnabled: 0 });
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Alipay' })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Sandbox outcome' })).toHaveCount(0);
  } finally {
    await admin.send('PUT', '/warehouse/figures', { scenarioHeaderEnabled: 1 });
  }
});
