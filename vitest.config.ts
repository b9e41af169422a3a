import { defineConfig } from 'vitest/config';
import { LongestFirst } from './scripts/test-order';

// One config, four projects; scripts/test.mjs runs them in stages (server twice: SQLite, PostgreSQL).
export default defineConfig({
  test: {
    // Longest files first (scripts/test-order.ts): a stage runs one project at a time.
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'protocol', include: ['packages/protocol/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // On PostgreSQL: one migrated template database per run, cloned for each server.
          globalSetup: ['packages/server/test/support/pg-template.ts'],
          // Files share a worker's module cache (the server's modules are imported once per
          // worker, not once per file); each file still starts its own servers and databases.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.ts'],
          // One module cache per worker (the stage took 40 s, two thirds of it importing);
          // testSetup.ts undoes what a file switched on (timers, globals, mocks) before the next.
          isolate: false,
          setupFiles: ['packages/web/src/testSetup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A worker runs its files one after another with one module cache and one Chromium
          // (support/browser.ts); each file still starts its own server and opens its own
          // contexts. npm test runs three workers (scripts/test.mjs): a browser file waits on
          // its server and timers much of the time, so three keep both cores busy.
          isolate: false,
        },
      },
    ],
  },
});
