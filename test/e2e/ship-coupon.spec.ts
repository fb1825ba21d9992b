import { adminApiOf, expect, test } from './fixtures';
import { arrivedPackage } from './after-sales-helpers';
import { saveGermanAddress } from './ship-helpers';

/**
 * Shipping coupons at the ship step (extensions.md section 11): claimed in place, sent to the preview (the
 * summary shows its discount) and to the create (the shipping order holds the freight less it).
 */
const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY' }).format(amount);
const ECONOMY = ['economy-air', 'economy-line'];

test('a shipping coupon claimed at the ship step comes off the freight in the summary and on the shipping order', async ({ app: page, openApi, baseURL }) => {
  test.setTimeout(60_000);
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
  const quotes = await openApi.send<{ channels: { channelId: string; name: string }[] }>('POST', '/logistics/calculate-freight-batch', { country: 'DE', weight: pkg.weight });
  const economy = quotes.channels.find((c) => ECONOMY.includes(c.channelId))!;
  expect(economy, 'an economy channel serves Germany').toBeDefined();

  await page.goto(`/#/ship?packages=${pkg.id}`);
  await expect(page.getByRole('heading', { name: 'Ship packages', level: 2 })).toBeVisible();
  await saveGermanAddress(page);
  await page.getByRole('radio', { name: `Choose ${economy.name}` }).check();

  const coupons = page.getByRole('region', { name: 'Shipping coupon' });
  // A coupon's fee floor says its currency, as the Coupons page does.
  await expect(coupons.getByRole('region', { name: 'Shipping coupons to claim' })).toContainText(`on a shipping fee of ${money(100)} or more`);
  await coupons.getByRole('button', { name: 'Claim 20% off economy shipping' }).click();
  await expect(coupons.getByRole('radio', { name: '20% off economy shipping' })).toBeChecked();
  const summary = page.getByRole('region', { name: 'Summary' });
  const discountRow = summary.getByRole('group', { name: 'Shipping coupon' });
  await expect(discountRow).toContainText('−');
  const quotedDiscount = await discountRow.innerText();

  await summary.getByRole('button', { name: 'Create shipping order' }).click();
  await expect(page).toHaveURL(/#\/shipping\/SO[A-Z0-9]+\?created=1$/);
  const shippingNo = /#\/shipping\/(SO[A-Z0-9]+)/.exec(page.url())![1]!;
  const detail = await openApi.get<{ couponId: number | null; couponDiscount: number; channelId: string }>(`/shipping/orders/${shippingNo}`);
  expect(detail.channelId).toBe(economy.channelId);
  expect(detail.couponId).not.toBeNull();
  expect(detail.couponDiscount).toBeGreaterThan(0);
  // The summary said what the order then took off.
  expect(quotedDiscount).toContain(`−${money(detail.couponDiscount)}`);
  await expect(page.getByRole('region', { name: 'Quoted and packed' })).toContainText(`Shipping coupon: −${money(detail.couponDiscount)}`);
  // The Charges box lists the coupon too, so its lines add up to its total.
  const charges = page.getByRole('region', { name: 'Charges' });
  await expect(charges.getByRole('group', { name: 'Shipping coupon' })).toHaveText(`Shipping coupon−${money(detail.couponDiscount)}`);

  // Dispatched, the Wallet box says what was charged, the coupon taken off (not "freight, insurance and
  // storage", which added up to more than the sum it named).
  await adminApiOf(page.request, baseURL!).send('POST', `/shipping/orders/${shippingNo}/dispatch`, {});
  await page.reload();
  const total = (await openApi.get<{ totalCharge: number }>(`/shipping/orders/${shippingNo}`)).totalCharge;
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText(`The fee ${money(total)} was charged at dispatch (freight less the coupon, insurance and storage).`);
});

test('the coupon picker shows that it is loading, and words a coupon list it cannot load (the claimable ones too)', async ({ app: page, openApi, baseURL }) => {
  test.setTimeout(60_000);
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const refuse = { statusCode: 503, error: 'Service Unavailable', message: 'coupons are resting' };
  await page.route('**/api/v1/open/user/coupons/my**', async (route) => {
    await answered;
    await route.fulfill({ status: 503, json: refuse });
  });
  await page.route('**/api/v1/open/user/coupons/available**', (route) => route.fulfill({ status: 503, json: refuse }));

  await page.goto(`/#/ship?packages=${pkg.id}`);
  const coupons = page.getByRole('region', { name: 'Shipping coupon' });
  await expect(coupons.getByRole('progressbar', { name: 'Loading your shipping coupons' })).toBeVisible();
  answer();
  await expect(coupons.getByRole('progressbar')).toHaveCount(0);
  await expect(coupons.getByRole('alert').filter({ hasText: 'Cannot load your shipping coupons' })).toContainText('coupons are resting');
  await expect(coupons.getByRole('alert').filter({ hasText: 'Cannot load the shipping coupons to claim' })).toContainText('coupons are resting');
});
