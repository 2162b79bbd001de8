import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      { test: { name: 'unit', include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // on PostgreSQL each worker has a database of its own (src/server/testing/test-database.ts)
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          // a busy CI machine answers slower than a laptop: polls wait up to 10 s
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
