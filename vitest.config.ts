import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts', 'test/property/**/*.test.ts', 'test/crash/**/*.test.ts', 'src/renderer/**/*.test.{ts,tsx}'],
    // better-sqlite3 is a native module: separate processes, not worker threads.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
