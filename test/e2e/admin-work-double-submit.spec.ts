import { expect, test } from './fixtures';
import { cents, type Balance } from './orders-helpers';

/** Issue 17 item 1 for the operator's money buttons: two clicks in one task credit the wallet once. */

test('a double click on "Deposit" in the back office credits the wallet once', async ({ app: page, openApi }) => {
  const before = await openApi.get<Balance>('/user/wallet/balance');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff work' }).click();
  const wallet = page.getByRole('region', { name: 'Wallet' });
  await wallet.getByLabel(/^Amount/).fill('7');
  const deposit = wallet.getByRole('button', { name: 'Deposit', exact: true });
  // Both clicks before React re-renders: isPending alone cannot lock the button in time.
  await deposit.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(wallet.getByLabel(/^Amount/)).toHaveValue('');
  await expect(deposit).toBeEnabled();
  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(cents(after.balance) - cents(before.balance)).toBe(700);
});

test('a typed "12.50" deposits 12.50, as the top-up field now takes it', async ({ app: page, openApi }) => {
  const before = await openApi.get<Balance>('/user/wallet/balance');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff work' }).click();
  const wallet = page.getByRole('region', { name: 'Wallet' });
  await wallet.getByLabel(/^Amount/).pressSequentially('12.50');
  await wallet.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(wallet.getByLabel(/^Amount/)).toHaveValue('');
  const after = await openApi.get<Balance>('/user/wallet/balance');
  expect(cents(after.balance) - cents(before.balance)).toBe(1_250);
});
