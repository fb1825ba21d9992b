import { expect, test } from './fixtures';

/**
 * The API reference at /docs (swagger-ui, opened from Settings in a new window): both documents render, an
 * operation opens, and the page breaks none of its own Content-Security-Policy rules. A tester saw a CSP
 * error in its console on every load (swagger-ui's runtime styles against the hashed style-src).
 */
test('the API docs render both documents without a CSP violation or a console error', async ({ app: page, server }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`));
  });

  await page.goto(`${server.origin}/docs`);
  await expect(page.getByRole('heading', { name: /Cross-Border Purchasing Service API/ })).toBeVisible();
  // An operation opened: swagger-ui writes its styles as it expands it.
  await page.getByRole('button', { name: /^GET \/cart The cart/ }).click();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();

  // The back office's document, read with the operator's session.
  await page.locator('select#select').selectOption({ label: 'Admin API (/api/v1/admin)' });
  await expect(page.getByRole('heading', { name: /crossbuy admin API/ })).toBeVisible();

  expect(problems).toEqual([]);
});
