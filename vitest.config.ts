import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts', 'test/property/**/*.test.ts', 'test/crash/**/*.test.ts', 'src/renderer/**/*.test.{ts,tsx}'],
    // better-sqlite3 is a native module: separate processes, not worker threads.
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, so one file at a time on these two-core machines;
    // most files wait on servers, child processes and fsyncs, so two at a time finish in about 2/3 of the time.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
