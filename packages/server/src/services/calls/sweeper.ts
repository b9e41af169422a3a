/**
 * Runs the call timers (ring timeout, heartbeat expiry) on every node once a second
 * (CALL_SWEEP_INTERVAL_MS). Nodes may sweep the same call at once: the store's
 * compare-and-set lets one win, and the other finds nothing due on re-reading.
 */
import type { CallStore, StoredCall } from './call-store.js';

/** Calls looked at per sweep: the rest wait a second. */
const SWEEP_BATCH = 100;

/** One sweep: every call whose deadline passed goes to the service of its kind. Returns how many ended or changed. */
export async function sweepCalls(
  store: CallStore,
  now: () => number,
  expire: (kind: StoredCall['kind'], callId: string) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (const id of await store.due(now(), SWEEP_BATCH)) {
    const v = await store.get(id);
    if (v && (await expire(v.call.kind, id))) done++;
  }
  return done;
}

export class CallSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly sweep: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      // One sweep at a time: a slow store must not pile them up.
      if (this.running) return;
      this.running = this.sweep()
        .catch(this.onError)
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
