import { expect, type Page } from '@playwright/test';

/** On the ship page: a new German address entered and saved as the destination. */
export async function saveGermanAddress(page: Page) {
  const newChoice = page.getByRole('radio', { name: 'Enter a new address' });
  const form = page.getByRole('form', { name: 'New address' });
  await expect(form.or(newChoice)).toBeVisible();
  if (await newChoice.isVisible()) await newChoice.click();
  await form.getByLabel('Recipient name').fill('Quote Check');
  await form.getByLabel('Phone').fill('+49 30 1234567');
  await form.getByRole('textbox', { name: 'Country', exact: true }).fill('Germany');
  await page.getByRole('option', { name: 'Germany (DE)' }).click();
  await form.getByLabel('City').fill('Berlin');
  await form.getByLabel('Postal code').fill('10117');
  await form.getByRole('textbox', { name: 'Street address', exact: true }).fill('Unter den Linden 1');
  await form.getByRole('button', { name: 'Save address' }).click();
}
