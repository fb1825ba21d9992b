import { expect, test } from './fixtures';

/**
 * Wallet fixes (UI walk 2026-11-27, items 1, 7, 8): the top-up Amount takes a typed decimal point and refuses
 * a minus or a zero; the statement shows the service's description (why the money moved, and its figures);
 * pending and declined top-ups stay on the Wallet page after the dialog closes.
 */
interface TopUp {
  id: number;
  status: string;
  failureReason: string | null;
}
interface Tx {
  reference: string;
  description: string;
}
const language = (code: 'en' | 'zh-CN') => JSON.stringify({ state: { language: code, chosen: true }, version: 0 });

test('the top-up Amount keeps a typed decimal point, stops at two decimals, and refuses a minus or zero', async ({ app: page, openApi }) => {
  await page.goto('/#/wallet');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up the wallet' });
  await dialog.getByRole('radio', { name: 'Card' }).check();
  const amount = dialog.getByRole('textbox', { name: 'Amount' });

  await amount.pressSequentially('12.');
  await expect(amount).toHaveValue('12.');
  await amount.pressSequentially('50');
  await expect(amount).toHaveValue('12.50');
  await expect(dialog.getByRole('button', { name: /^Top up .*12\.50$/ })).toBeEnabled();

  await amount.clear();
  await amount.pressSequentially('12.345');
  await expect(amount).toHaveValue('12.34');
  await expect(dialog.getByRole('button', { name: /^Top up .*12\.34$/ })).toBeEnabled();

  await amount.clear();
  await amount.pressSequentially('0.5');
  await expect(amount).toHaveValue('0.5');
  await expect(dialog.getByRole('button', { name: /^Top up .*0\.50$/ })).toBeEnabled();

  // 0.001 is not one yuan: at two decimals it is 0.00, refused.
  await amount.clear();
  await amount.pressSequentially('0.001');
  await expect(amount).not.toHaveValue('1');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Top up', exact: true })).toBeDisabled();

  // A minus is kept and refused, never flipped into a positive top-up.
  await amount.clear();
  await amount.pressSequentially('-5');
  await expect(amount).toHaveValue('-5');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Top up', exact: true })).toBeDisabled();

  // The typed 12.50 is what is charged, by Enter in the field as by the button (the dialog is a form).
  await amount.clear();
  await amount.pressSequentially('12.50');
  await expect(dialog.getByRole('button', { name: /^Top up .*12\.50$/ })).toBeEnabled();
  await amount.press('Enter');
  await expect(dialog.getByTestId('top-up-result')).toContainText('Credited to the wallet');
  const [made] = (await openApi.get<{ items: { amount: number }[] }>('/user/wallet/top-ups?limit=1')).items;
  expect(made!.amount).toBe(12.5);
});

test('the statement shows the service’s description under its own label, on the Wallet and the Dashboard, in both languages', async ({ app: page, openApi }) => {
  await page.goto('/#/wallet');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up the wallet' });
  await dialog.getByRole('radio', { name: 'Card' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('100');
  await dialog.getByRole('button', { name: /^Top up .*100\.00$/ }).click();
  await expect(dialog.getByTestId('top-up-result')).toContainText('Credited to the wallet');
  const [topUp] = (await openApi.get<{ items: TopUp[] }>('/user/wallet/top-ups?limit=1')).items;
  const tx = (await openApi.get<{ items: Tx[] }>('/user/wallet/transactions?limit=100')).items.find((t) => t.reference === `top-up ${topUp!.id}`)!;
  expect(tx.description).toContain('fee');
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();

  const table = page.getByRole('region', { name: 'Transactions' });
  await expect(table).toContainText(`Top-up #${topUp!.id}`);
  await expect(table).toContainText(tx.description);
  await page.goto('/#/dashboard');
  await expect(page.getByRole('region', { name: 'Latest wallet activity' })).toContainText(tx.description);

  await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language('zh-CN'));
  try {
    await page.goto('/#/wallet');
    await page.reload();
    await expect(page.getByRole('region', { name: '交易记录' })).toContainText(tx.description);
  } finally {
    await page.evaluate((value) => localStorage.setItem('crossbuy-language', value), language('en'));
  }
});

test('pending and declined top-ups stay on the Wallet page after the dialog closes', async ({ app: page, openApi, server }) => {
  await page.goto('/#/wallet');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top up the wallet' });
  await dialog.getByRole('radio', { name: 'Bank transfer' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('50');
  await dialog.getByRole('button', { name: /^Top up .*50\.00$/ }).click();
  await expect(dialog.getByTestId('top-up-result')).toContainText('Pending');
  const [pending] = (await openApi.get<{ items: TopUp[] }>('/user/wallet/top-ups?limit=1')).items;
  expect(pending!.status).toBe('pending');
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('region', { name: 'Top-ups on their way or declined' });
  await expect(list.getByTestId(`top-up-${pending!.id}`)).toContainText('Pending: nothing is credited until it arrives');
  await expect(list.getByTestId(`top-up-${pending!.id}`)).toContainText('Expected');

  // A declined top-up (the `declined` scenario), made elsewhere: shown with its reason.
  const answer = await page.request.post(`${server.origin}/api/v1/open/user/wallet/top-ups`, {
    headers: { 'X-Crossbuy-Client': 'ui', 'Idempotency-Key': `declined-${Date.now()}`, 'Crossbuy-Scenario': 'declined' },
    data: { method: 'card', amount: 20 },
  });
  expect(answer.status()).toBe(201);
  const declined = ((await answer.json()) as { data: TopUp }).data;
  expect(declined.status).toBe('failed');
  await page.reload();
  await expect(list.getByTestId(`top-up-${declined.id}`)).toContainText('Declined: nothing was credited');
  if (declined.failureReason) await expect(list.getByTestId(`top-up-${declined.id}`)).toContainText(declined.failureReason);
  await expect(list.getByTestId(`top-up-${pending!.id}`)).toBeVisible();

  // Before paying, the dialog shows the service's preview: a 3% card top-up of 200.00 is a 6.00 fee, 194.00 arriving.
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await dialog.getByRole('radio', { name: 'Card' }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('200');
  await expect(dialog.getByTestId('top-up-preview')).toContainText('6.00');
  await expect(dialog.getByTestId('top-up-preview')).toContainText('194.00 arrives in the wallet');
});
