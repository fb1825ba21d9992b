import { defineConfig } from 'vitest/config';

/** Runs examples/*.test.ts against a crossbuy that is already serving (CROSSBUY_URL, CROSSBUY_ADMIN_TOKEN). */
export default defineConfig({
  test: {
    include: ['examples/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
