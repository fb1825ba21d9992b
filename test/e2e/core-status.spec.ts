import { expect, test } from './fixtures';
import { bridgeRequests, emitCoreStatus, installFakeBridge } from './fake-bridge';

/**
 * The desktop window when the core process crashes (issue 14): main tells the page over the bridge's
 * onStatus (src/main/index.ts) and the page says what is happening. The bridge is a faithful stand-in
 * (fake-bridge.ts): the real one needs Electron.
 */
test.beforeEach(async ({ page }) => {
  await installFakeBridge(page);
});

test('a crash shows "restarting", the recovery "back" (and the page refetches), then it goes away', async ({ app: page }) => {
  const status = page.getByRole('status', { name: 'Service status' });
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(status).toBeEmpty();

  await emitCoreStatus(page, { state: 'restarting', message: 'The service stopped unexpectedly (code 9)' });
  await expect(status).toContainText('The service stopped unexpectedly; restarting…');
  await expect(status).toContainText('Your data is safe: nothing acknowledged is lost.');
  await expect(status).toContainText('Details: The service stopped unexpectedly (code 9)');

  const before = await bridgeRequests(page);
  await emitCoreStatus(page, { state: 'running', message: 'The service restarted; nothing acknowledged was lost' });
  await expect(status).toContainText('Back: the service is running again.');
  // What the page showed may predate the crash: its queries are fetched again.
  await expect.poll(() => bridgeRequests(page)).toBeGreaterThan(before);
  await expect(status).toBeEmpty({ timeout: 10_000 });
  await expect(page.getByRole('alert', { name: 'crossbuy stopped working' })).toHaveCount(0);
});

test('giving up after repeated crashes is a lasting alert that says what to do', async ({ app: page }) => {
  await emitCoreStatus(page, { state: 'restarting', message: 'The service stopped unexpectedly (code 1)' });
  await emitCoreStatus(page, { state: 'failed', message: 'The service stopped unexpectedly (code 1)' });
  // Named by its title.
  const alert = page.getByRole('alert', { name: 'crossbuy stopped working' });
  await expect(alert).toContainText('Quit crossbuy and open it again.');
  await expect(alert).toContainText('Your data is safe: nothing acknowledged is lost.');
  await expect(alert).toContainText('"crossbuy data-dir" shows where it is');
  await expect(page.getByRole('status', { name: 'Service status' })).toBeEmpty();

  // Still there on another page, whose requests now fail with the service's 503.
  await page.getByRole('navigation').getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByText('The service could not be started')).toBeVisible();
  await expect(alert).toBeVisible();
});

test('a window reloaded after the core gave up still shows the alert (main is asked, not only heard)', async ({ app: page }) => {
  await emitCoreStatus(page, { state: 'restarting', message: 'The service stopped unexpectedly (code 1)' });
  await emitCoreStatus(page, { state: 'failed', message: 'The service stopped unexpectedly (code 1)' });
  const alert = page.getByRole('alert', { name: 'crossbuy stopped working' });
  await expect(alert).toBeVisible();

  // View > Reload: a new page, which heard none of main's pushes.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible();
  await expect(alert).toContainText('Quit crossbuy and open it again.');
  await expect(alert).toContainText('Details: The service stopped unexpectedly (code 1)');
});

test('a window reloaded while the core restarts shows "restarting", then "back"', async ({ app: page }) => {
  await emitCoreStatus(page, { state: 'restarting', message: 'The service stopped unexpectedly (code 9)' });
  await page.reload();
  const status = page.getByRole('status', { name: 'Service status' });
  await expect(status).toContainText('The service stopped unexpectedly; restarting…');
  await emitCoreStatus(page, { state: 'running', message: 'The service restarted; nothing acknowledged was lost' });
  await expect(status).toContainText('Back: the service is running again.');
  // The requests the page made while the core restarted were answered once it was back.
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(status).toBeEmpty({ timeout: 10_000 });
});

test('a window reloaded while all is well shows no banner', async ({ app: page }) => {
  await page.reload();
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Service status' })).toBeEmpty();
  await expect(page.getByRole('alert', { name: 'crossbuy stopped working' })).toHaveCount(0);
});

test('in Chinese', async ({ app: page }) => {
  await page.evaluate(() => localStorage.setItem('crossbuy-language', JSON.stringify({ state: { language: 'zh-CN', chosen: true }, version: 0 })));
  await page.reload();
  await emitCoreStatus(page, { state: 'restarting', message: 'The service stopped unexpectedly (code 9)' });
  await expect(page.getByRole('status', { name: '服务状态' })).toContainText('服务意外停止，正在重新启动…');
  await emitCoreStatus(page, { state: 'failed', message: 'The service stopped unexpectedly (code 9)' });
  await expect(page.getByRole('alert', { name: 'crossbuy 已停止工作' })).toContainText('请退出 crossbuy 后重新打开。');
});
