/**
 * Runs before every web unit-test file. The files share a worker's module cache (vitest.config.ts:
 * `isolate: false`, a third of the stage's time otherwise goes to importing React and the
 * locales again for each file), so whatever one file switches on for itself is switched off
 * before the next one starts: fake timers, stubbed globals and environment variables, mocks.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
