import type { Page } from '@playwright/test';

/** "CN¥1,374.30" -> 1374.3 */
function amountIn(text: string): number {
  const match = /([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The product page's option pickers: one radio group per dimension ("Colour", "Size") or one of whole SKUs. */
function pickers(page: Page) {
  return page.getByRole('form', { name: 'Add to cart' }).getByRole('radiogroup');
}

/** Chooses a SKU by its name: each " / " part in its own picker when the page splits them, else its card. */
export async function chooseSku(page: Page, name: string): Promise<void> {
  const groups = pickers(page);
  await groups.first().waitFor();
  const parts = name.split(' / ');
  if ((await groups.count()) > 1) {
    for (const [i, part] of parts.entries()) await groups.nth(i).getByRole('radio', { name: part, exact: true }).click();
  } else {
    await groups.getByRole('radio', { name: new RegExp(`^${escape(name)}`) }).click();
  }
}

/**
 * Chooses the first variant in stock (each picker's first value that can be chosen, in turn) and answers
 * its name and the price the page then shows as the headline.
 */
export async function chooseFirstInStock(page: Page): Promise<{ name: string; price: number }> {
  const groups = pickers(page);
  await groups.first().waitFor();
  const count = await groups.count();
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const radio = groups.nth(i).getByRole('radio', { disabled: false }).first();
    const text = count > 1 ? ((await radio.getAttribute('aria-label')) ?? '') : (await radio.innerText()).split('\n')[0]!.trim();
    names.push(text);
    await radio.click();
  }
  const price = amountIn(await page.getByTestId('product-price').innerText());
  return { name: names.join(' / '), price };
}
