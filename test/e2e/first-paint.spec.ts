import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

/**
 * First contentful paint of the shop page, cold (a new browser context: nothing cached), as the browser
 * itself reports it through PerformanceObserver. Written to reports/first-paint.json for
 * docs/PERFORMANCE.md; the test asserts only that it was measured and what was sent (timings are for the
 * bench, not for assertions), plus how the assets travelled: compressed, hashed ones cached for good.
 */
test('records the first contentful paint of the shop page and the size of what it loaded', async ({ browser, server }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: { url: string; encoding: string | undefined; cacheControl: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      const headers = response.headers();
      scripts.push({ url: response.url(), encoding: headers['content-encoding'], cacheControl: headers['cache-control'] });
    }
  });
  await page.goto(server.url);
  await expect(page.getByRole('heading', { name: 'Shop', level: 2 })).toBeVisible();

  const measured = await page.evaluate(
    () =>
      new Promise<{ fcp: number; transferred: number; decoded: number; scripts: number; documentMs: number; scriptsLoadedMs: number; domContentLoadedMs: number }>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (!entry) return;
          observer.disconnect();
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const js = resources.filter((r) => r.name.endsWith('.js'));
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          resolve({
            fcp: entry.startTime,
            documentMs: navigation.responseEnd,
            scriptsLoadedMs: Math.max(0, ...js.map((r) => r.responseEnd)),
            domContentLoadedMs: navigation.domContentLoadedEventEnd,
            transferred: resources.reduce((sum, r) => sum + r.transferSize, 0),
            decoded: js.reduce((sum, r) => sum + r.decodedBodySize, 0),
            scripts: js.length,
          });
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  await context.close();

  expect(measured.fcp).toBeGreaterThan(0);
  // Code-split: the shop loads its own chunk, not every page's code.
  expect(scripts.some((s) => /ShopPage-[\w-]+\.js$/.test(s.url))).toBe(true);
  expect(scripts.some((s) => /AdminWorkPage-[\w-]+\.js$/.test(s.url))).toBe(false);
  // The entry chunk travels as brotli (files under 1 kB are not worth compressing and go as they are).
  const entry = scripts.find((s) => /\/index-[\w-]+\.js$/.test(s.url));
  expect(entry?.encoding).toBe('br');
  for (const script of scripts) expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');

  mkdirSync('reports', { recursive: true });
  writeFileSync(
    join('reports', 'first-paint.json'),
    `${JSON.stringify({ page: 'shop', firstContentfulPaintMs: Math.round(measured.fcp), documentMs: Math.round(measured.documentMs), domContentLoadedMs: Math.round(measured.domContentLoadedMs), lastScriptLoadedMs: Math.round(measured.scriptsLoadedMs), scripts: measured.scripts, scriptBytesDecoded: measured.decoded, bytesTransferred: measured.transferred, measuredAt: new Date().toISOString() }, null, 2)}\n`,
  );
  test.info().annotations.push({ type: 'first-contentful-paint', description: `${Math.round(measured.fcp)} ms` });
});
