import { expect, test } from './fixtures';

/**
 * Server & data, "Connect an assistant": the MCP endpoint and stdio command of this server, a key of the
 * chosen scopes made by a button, and each client's configuration with that key, which /mcp accepts.
 */
test('connecting an assistant: a key of chosen scopes, filled into each client\'s configuration, that /mcp accepts', async ({ app: page, server }) => {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Server & data' }).click();
  const section = page.getByRole('region', { name: 'Connect an assistant' });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('mcp-http-url')).toHaveText(`${server.origin}/mcp`);
  await expect(section.getByTestId('mcp-stdio-command')).toContainText('CROSSBUY_API_KEY=sk-... npx --no crossbuy mcp --data');
  await expect(section.getByTestId('mcp-config-claude')).toContainText('"CROSSBUY_API_KEY": "sk-..."');

  // Read-only: only what the assistant may look at.
  await section.getByRole('button', { name: 'Read-only' }).click();
  await section.getByRole('button', { name: 'Create a key for the assistant' }).click();
  await expect(section.getByTestId('mcp-key-created')).toBeVisible();
  const command = (await section.getByTestId('mcp-stdio-command').textContent())!;
  const key = /CROSSBUY_API_KEY=(sk-\S+)/.exec(command)![1]!;
  expect(key).not.toBe('sk-...');
  await expect(section.getByTestId('mcp-config-claude')).toContainText(`"CROSSBUY_API_KEY": "${key}"`);
  await section.getByRole('tab', { name: 'Cursor' }).click();
  await expect(section.getByTestId('mcp-config-cursor')).toContainText(`"Authorization": "Bearer ${key}"`);
  await expect(section.getByTestId('mcp-config-cursor')).toContainText(`"url": "${server.origin}/mcp"`);

  // The key works on /mcp and lists read tools only.
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const list = await page.request.post(`${server.origin}/mcp`, { headers, data: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  expect(list.status()).toBe(200);
  const tools = ((await list.json()) as { result: { tools: { name: string; annotations: { readOnlyHint: boolean } }[] } }).result.tools;
  expect(tools.length).toBeGreaterThan(5);
  expect(tools.every((t) => t.annotations.readOnlyHint)).toBe(true);
});

test('the section reads in Chinese too', async ({ app: page }) => {
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.goto('/#/settings');
  await page.reload();
  await expect(page.getByRole('region', { name: '连接 AI 助手' })).toBeVisible();
  await expect(page.getByRole('button', { name: '为助手创建密钥' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'en', chosen: true }, version: 0 })));
});

test('a refused key (the desktop confirmation answered Cancel: 403) says so, and the configuration keeps the placeholder', async ({ app: page }) => {
  await page.route('**/api/v1/admin/keys', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ statusCode: 403, message: 'Declined in the confirmation dialog', error: 'Forbidden' }) })
      : route.fallback(),
  );
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Server & data' }).click();
  const section = page.getByRole('region', { name: 'Connect an assistant' });
  await section.getByRole('button', { name: 'Create a key for the assistant' }).click();
  const failed = section.getByTestId('mcp-key-failed');
  await expect(failed.getByRole('alert')).toContainText('Could not create the key');
  await expect(failed.getByRole('alert')).toContainText('Declined in the confirmation dialog');
  await expect(failed).toContainText('No key was made and nothing changed');
  await expect(section.getByTestId('mcp-key-created')).toHaveCount(0);
  await expect(section.getByTestId('mcp-stdio-command')).toContainText('CROSSBUY_API_KEY=sk-... ');
  await page.unroute('**/api/v1/admin/keys');
});
