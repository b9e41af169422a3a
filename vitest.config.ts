import { defineConfig } from 'vitest/config';

// One config, four projects; scripts/test.mjs runs them in stages (server twice: SQLite, PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'protocol', include: ['packages/protocol/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.ts', 'packages/web/test/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
