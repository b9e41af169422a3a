/**
 * Spec §9: a failed user info reload is tried again after 5 s, and again, until it
 * works or no longer matters (signed out, another user). Timers are injected for tests.
 */
export interface RetryTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: RetryTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Run `attempt` now; on failure run it again every `delayMs` while `wanted()` holds.
 * Resolves with the first outcome (true: it worked); later attempts run behind it.
 * Returns also a cancel for the pending retry.
 */
export function retryEvery(
  attempt: () => Promise<void>,
  delayMs: number,
  wanted: () => boolean,
  timers: RetryTimers = realTimers,
): { first: Promise<boolean>; cancel(): void } {
  let handle: unknown = null;
  let cancelled = false;
  const run = async (): Promise<boolean> => {
    try {
      await attempt();
      return true;
    } catch {
      if (!cancelled && wanted()) {
        handle = timers.set(() => {
          handle = null;
          if (!cancelled && wanted()) void run();
        }, delayMs);
      }
      return false;
    }
  };
  return {
    first: run(),
    cancel() {
      cancelled = true;
      if (handle !== null) timers.clear(handle);
      handle = null;
    },
  };
}
