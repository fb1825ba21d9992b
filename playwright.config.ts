import { defineConfig } from '@playwright/test';

/** Debian's Chromium (Playwright's own browsers cannot be downloaded here); CHROMIUM_PATH overrides it. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  // Builds out/renderer when it is stale, so `npx playwright test` works on its own.
  globalSetup: './test/e2e/global-setup.ts',
  // Two cores: one file per worker, two files at a time. Each worker starts its own server per file on a
  // fresh data folder (fixtures.ts), so files never share state; tests inside a file run in order.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    // No transitions (the theme honours reduced motion): an action never lands on a dialog mid-animation.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
