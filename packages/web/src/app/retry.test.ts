// Spec §9: a failed user info reload is retried after 5 s until it works.
import { describe, expect, it, vi } from 'vitest';
import { Timing } from '@parley/protocol';
import { retryEvery } from './retry';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('retryEvery', () => {
  it('retries every 5 s after a failure and stops once it worked', async () => {
    const pending: { fn: () => void; ms: number }[] = [];
    const timers = { set: (fn: () => void, ms: number) => pending.push({ fn, ms }), clear: vi.fn() };
    let failures = 2;
    const attempt = vi.fn(() => (failures-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve()));
    const { first } = retryEvery(attempt, Timing.USER_RELOAD_RETRY_MS, () => true, timers);
    expect(await first).toBe(false);
    expect(pending.map((p) => p.ms)).toEqual([5_000]);
    pending.shift()!.fn();
    await flush();
    expect(attempt).toHaveBeenCalledTimes(2);
    pending.shift()!.fn();
    await flush();
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(pending).toHaveLength(0);
  });

  it('stops when no longer wanted (signed out)', async () => {
    const pending: (() => void)[] = [];
    let wanted = true;
    const attempt = vi.fn(() => Promise.reject(new Error('offline')));
    const { first } = retryEvery(attempt, 5_000, () => wanted, { set: (fn) => pending.push(fn), clear: vi.fn() });
    await first;
    wanted = false;
    pending.shift()!();
    await flush();
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(pending).toHaveLength(0);
  });

  it('with the real timers: the 5 s (user info) and 1 s (push client id) waits, under fake time', async () => {
    vi.useFakeTimers();
    try {
      for (const delay of [Timing.USER_RELOAD_RETRY_MS, Timing.PUSH_CID_RETRY_MS]) {
        let failures = 1;
        const attempt = vi.fn(() => (failures-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve()));
        const { first } = retryEvery(attempt, delay, () => true);
        expect(await first).toBe(false);
        await vi.advanceTimersByTimeAsync(delay - 1);
        expect(attempt).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(1);
        expect(attempt).toHaveBeenCalledTimes(2);
        await vi.advanceTimersByTimeAsync(delay * 3);
        expect(attempt).toHaveBeenCalledTimes(2);
      }
      expect([Timing.USER_RELOAD_RETRY_MS, Timing.PUSH_CID_RETRY_MS]).toEqual([5_000, 1_000]);
    } finally {
      vi.useRealTimers();
    }
  });
});
