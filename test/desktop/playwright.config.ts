import { defineConfig } from '@playwright/test';

/** `npm run test:desktop`: the real Electron app (scripts/test-desktop.js decides whether it can run). */
export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 120_000,
  expect: { timeout: 15_000 },
});
