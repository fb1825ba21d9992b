import { adminApiOf, expect, test, type OpenApi } from './fixtures';
import { arrivedPackage, type Package } from './after-sales-helpers';
import { saveGermanAddress } from './ship-helpers';
import type { Page } from '@playwright/test';

/**
 * Issue 26, the ship page: a second warehouse service no longer blanks the app (defect 1); the summary is
 * the service's preview, so the total quoted is the hold the shipping order then places (defect 2); a
 * rehearsal survives a reload and can be cancelled there (defect 3); the duties estimate says why it is
 * nothing (de minimis), in English and in Chinese (defect 14).
 */
const money = (amount: number, locale = 'en-US') => new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY' }).format(amount);

interface Wallet {
  frozenBalance: number;
}

async function openShipPage(page: Page, pkg: Package) {
  await page.goto(`/#/ship?packages=${pkg.id}`);
  await expect(page.getByRole('heading', { name: 'Ship packages', level: 2 })).toBeVisible();
}

test('two warehouse services ticked one after the other keep the page (defect 1)', async ({ app: page, openApi, baseURL }) => {
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openShipPage(page, pkg);
  const services = page.getByRole('group', { name: `Services for ${pkg.productName}` });
  await services.getByRole('checkbox', { name: /^Reinforcement/ }).check();
  await services.getByRole('checkbox', { name: /^Moisture barrier/ }).check();
  await expect(services.getByRole('checkbox', { name: /^Reinforcement/ })).toBeChecked();
  await expect(services.getByRole('checkbox', { name: /^Moisture barrier/ })).toBeChecked();
  await services.getByRole('checkbox', { name: /^Reinforcement/ }).uncheck();
  await expect(page.getByRole('heading', { name: 'Ship packages', level: 2 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('insured with the declared value left empty: the quoted total is the hold (defect 2), and duties say why they are nothing', async ({ app: page, openApi, baseURL }) => {
  // Dear enough that 3% of the price is above the 5.00 minimum the page used to quote.
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!), { minPrice: 300 });
  await openShipPage(page, pkg);
  await saveGermanAddress(page);
  await page.getByRole('switch', { name: 'Insure the declared value' }).check();
  const summary = page.getByRole('region', { name: 'Summary' });
  const premiumRow = summary.getByRole('group', { name: 'Insurance premium' });
  await expect(premiumRow).toBeVisible();
  await expect(premiumRow).not.toContainText(money(5));
  const totalRow = summary.getByRole('group', { name: 'Total held now' });
  const amountIn = async (row: typeof totalRow) => /CN¥[\d,]+\.\d\d/.exec(await row.innerText())?.[0];
  const quotedTotal = await amountIn(totalRow);
  const quotedPremium = await amountIn(premiumRow);
  await expect(summary.getByRole('group', { name: /Estimated import duties/ })).toContainText(/Nothing due: the declared value .* is at or below Germany’s duty-free limit of CN¥1,170\.00/);

  const before = await openApi.get<Wallet>('/user/wallet/balance');
  await summary.getByRole('button', { name: 'Create shipping order' }).click();
  await expect(page).toHaveURL(/#\/shipping\/SO[A-Z0-9]+\?created=1$/);
  const shippingNo = /#\/shipping\/(SO[A-Z0-9]+)/.exec(page.url())![1]!;
  const detail = await openApi.get<{ totalCharge: number; insurancePremium: number }>(`/shipping/orders/${shippingNo}`);
  const after = await openApi.get<Wallet>('/user/wallet/balance');
  expect(quotedTotal).toBe(money(detail.totalCharge));
  expect(quotedPremium).toBe(money(detail.insurancePremium));
  expect(Math.round((after.frozenBalance - before.frozenBalance) * 100)).toBe(Math.round(detail.totalCharge * 100));
  // The shipping order words the whole hold, not the freight alone (defect 5).
  await expect(page.getByRole('alert').filter({ hasText: 'Shipping order created' })).toContainText(`${money(detail.totalCharge)} is frozen in your wallet until the parcel is dispatched (freight, insurance and storage)`);
});

test('in Chinese the duties reason and the hold read Chinese', async ({ app: page, openApi, baseURL }) => {
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
  await openShipPage(page, pkg);
  await saveGermanAddress(page);
  await expect(page.getByRole('region', { name: 'Summary' }).getByRole('group', { name: 'Total held now' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.reload();
  const summary = page.getByRole('region', { name: '汇总' });
  await expect(summary.getByRole('group', { name: '现冻结合计' })).toBeVisible();
  await expect(summary.getByRole('group', { name: /预估进口关税/ })).toContainText(/无需缴税：申报价值 .* 未超过德国的免税额/);
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
});

async function rehearsalOf(openApi: OpenApi, pkg: Package) {
  const list = await openApi.get<{ id: string; status: string; inventoryIds: number[] }[]>('/shipping/rehearsals?limit=100');
  return list.find((r) => r.inventoryIds.includes(pkg.id))!;
}

test('a rehearsal asked for, then the page reloaded: it is shown again and can be cancelled there (defect 3)', async ({ app: page, openApi, baseURL }) => {
  const pkg = await arrivedPackage(openApi, adminApiOf(page.request, baseURL!));
  await openShipPage(page, pkg);
  await page.getByRole('button', { name: 'Request rehearsal packing' }).click();
  await expect(page.getByText(/Rehearsal RH\w+ requested/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Rehearsal RH\w+ requested/)).toBeVisible();
  await expect(page.getByText(/cannot be shipped now: remove it/)).toHaveCount(0);
  await expect(page.getByText('The warehouse is still packing the rehearsal: wait for it, or cancel it above.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel rehearsal' }).click();
  await expect(page.getByRole('button', { name: 'Request rehearsal packing' })).toBeVisible();
  expect((await rehearsalOf(openApi, pkg)).status).toBe('cancelled');
  expect((await openApi.get<{ status: string }>(`/warehouse/packages/${pkg.id}`)).status).toBe('in_warehouse');

  // The wallet words both entries by what they paid for (defect 8), as the CSV does.
  const rehearsalId = (await rehearsalOf(openApi, pkg)).id;
  await page.goto('/#/wallet');
  await expect(page.getByText(`Rehearsal ${rehearsalId} cancelled before packing: fee refunded`)).toBeVisible();
  await expect(page.getByText(`Rehearsal packing ${rehearsalId}`, { exact: true })).toBeVisible();
});
