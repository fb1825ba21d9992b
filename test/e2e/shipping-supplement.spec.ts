import { adminApiOf, expect, test } from './fixtures';
import { ledgerEntries, pendingShippingOrder } from './after-sales-helpers';

/**
 * Packed weight (extensions.md section 10) in the UI: a parcel packed heavier than its quote waits in
 * awaiting_payment; the list marks the amount due, the detail shows quoted beside billed, and the shopper
 * pays the extra postage: first with an empty wallet (402, worded with the way to the wallet), then for real.
 */
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY' }).format(amount);
const formatWeight = (grams: number) => (grams < 1000 ? `${grams} g` : `${(grams / 1000).toFixed(2)} kg`);

interface Detail {
  status: string;
  chargeWeight: number;
  billedWeight: number | null;
  shippingFee: number;
  billedShippingFee: number | null;
  volumetricWeight: number | null;
  packedDimensions: { l: number; w: number; h: number } | null;
  supplements: { id: number; amount: number; status: string }[];
  amountDue: number;
  totalCharge: number;
}
interface Balance {
  availableBalance: number;
}

test('a parcel packed heavier than quoted: the amount due, quoted beside billed, and Pay (short, then paid)', async ({ app: page, openApi, baseURL }) => {
  test.setTimeout(60_000);
  const admin = adminApiOf(page.request, baseURL!);
  const orderNo = await pendingShippingOrder(openApi, admin);
  await admin.send('POST', `/shipping/${orderNo}/simulate`, { scenario: 'overweight' });
  const detail = await openApi.get<Detail>(`/shipping/orders/${orderNo}`);
  expect(detail.status).toBe('awaiting_payment');
  const supplement = detail.supplements.find((s) => s.status === 'pending')!;

  // The list: the status in words and a marker that money is due.
  await page.goto(`${baseURL}/#/shipping`);
  const row = page.getByRole('row', { name: orderNo });
  await expect(row).toContainText('Extra postage due');
  await expect(row.getByTestId('shipping-amount-due-marker')).toHaveText('Amount due');
  await expect(page.getByRole('main')).not.toContainText('awaiting_payment');

  // The detail: quoted beside billed, as the service reports them.
  await row.getByRole('link', { name: orderNo }).click();
  await expect(page.getByRole('heading', { name: orderNo, level: 2 })).toBeVisible();
  const settlement = page.getByTestId('shipping-settlement');
  await expect(settlement.getByTestId('quoted-weight')).toHaveText(formatWeight(detail.chargeWeight));
  await expect(settlement.getByTestId('billed-weight')).toHaveText(formatWeight(detail.billedWeight!));
  await expect(settlement.getByTestId('quoted-fee')).toHaveText(money(detail.shippingFee));
  await expect(settlement.getByTestId('billed-fee')).toHaveText(money(detail.billedShippingFee!));
  const dims = detail.packedDimensions!;
  await expect(page.getByRole('region', { name: 'Quoted and packed' })).toContainText(`${dims.l} × ${dims.w} × ${dims.h} cm`);
  // The weighing table stays inside its card at 1280 px (four cards across cut its "Packed (billed)").
  const spill = await page.getByRole('region', { name: 'Quoted and packed' }).evaluate((card) => {
    const table = card.querySelector('table')!;
    return table.getBoundingClientRect().right - card.getBoundingClientRect().right;
  });
  expect(spill).toBeLessThanOrEqual(0);
  const due = page.getByTestId('shipping-amount-due');
  await expect(due).toContainText(`Extra postage due: ${money(detail.amountDue)}`);
  await expect(page.getByRole('main')).not.toContainText('awaiting_payment');
  // Awaiting the extra postage, the fee is still only held (dispatch captures it).
  const charges = page.getByRole('region', { name: 'Charges' });
  await expect(charges.getByRole('group', { name: 'Total held now' })).toContainText(money(detail.totalCharge));
  await expect(charges.getByRole('group', { name: 'Total charged' })).toHaveCount(0);

  // An empty wallet: the Pay is refused (402), worded with the way to top up; nothing is charged.
  const before = await openApi.get<Balance>('/user/wallet/balance');
  const drained = before.availableBalance;
  await admin.send('POST', '/wallet/adjust', { amount: -drained, note: 'e2e: drain the wallet' });
  try {
    await due.getByRole('button', { name: `Pay ${money(supplement.amount)}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: `Pay ${money(supplement.amount)}` }).click();
    await expect(due.getByRole('alert').filter({ hasText: 'The extra postage was not paid' })).toContainText(
      `The wallet does not hold enough for this: it needs ${money(supplement.amount)}, and ${money(0)} is available.`,
    );
    await expect(due.getByRole('link', { name: 'Go to the wallet' })).toHaveAttribute('href', '#/wallet');
    expect(await ledgerEntries(openApi, 'shipping_supplement', orderNo)).toHaveLength(0);
  } finally {
    const now = await openApi.get<Balance>('/user/wallet/balance');
    const refill = Math.round(drained * 100) - Math.round(now.availableBalance * 100);
    if (refill > 0) await admin.send('POST', '/wallet/deposit', { amount: refill / 100, note: 'e2e: refill after the drain' });
  }

  // Paid: one ledger entry of the supplement, and the parcel leaves.
  await due.getByRole('button', { name: `Pay ${money(supplement.amount)}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: `Pay ${money(supplement.amount)}` }).click();
  await expect(page.getByText(`Extra postage paid: ${money(supplement.amount)}`)).toBeVisible();
  await expect(page.getByTestId('shipping-amount-due')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: orderNo, level: 2 }).locator('..')).toContainText('Shipped');
  const entries = await ledgerEntries(openApi, 'shipping_supplement', orderNo);
  expect(entries).toHaveLength(1);
  expect(Math.abs(entries[0]!.amount)).toBe(supplement.amount);
  // What the Charges box and the Wallet box say was charged is what the wallet paid: the hold and the extra postage.
  const paidInAll = money((Math.round(detail.totalCharge * 100) + Math.round(supplement.amount * 100)) / 100);
  await expect(charges.getByRole('group', { name: 'Extra postage paid' })).toContainText(money(supplement.amount));
  await expect(charges.getByRole('group', { name: 'Total charged' })).toContainText(paidInAll);
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText(`Extra postage of ${money(supplement.amount)} was paid from the wallet as well: ${paidInAll} in all for this order.`);
});
