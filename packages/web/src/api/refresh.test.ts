import { describe, expect, it } from 'vitest';
import { REFRESH_LOCK, createRefresher, type LockManagerLike, type RefreshOutcome } from './refresh';

/** One lock manager per browser: callbacks of the same name run one after another. */
function fakeLocks(): LockManagerLike & { names: string[] } {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      names.push(name);
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** Shared local storage and a server that rotates a token once (the old one then fails). */
function browser(initial: string | null = 'r0') {
  const storage = { token: initial };
  const calls: string[] = [];
  let next = 1;
  const server = async (token: string): Promise<RefreshOutcome> => {
    calls.push(token);
    await new Promise((r) => setTimeout(r, 5));
    if (token !== storage.token) return 'rejected';
    storage.token = `r${next++}`;
    return 'ok';
  };
  return { storage, calls, server };
}

const tab = (b: ReturnType<typeof browser>, locks: LockManagerLike | undefined) =>
  createRefresher({ locks, stored: () => b.storage.token, rotate: b.server });

describe('refresh across tabs', () => {
  it('two tabs refreshing at once ask the server once and both keep the session', async () => {
    const b = browser();
    const locks = fakeLocks();
    const [one, two] = [tab(b, locks), tab(b, locks)];
    expect(await Promise.all([one.refresh(), two.refresh()])).toEqual(['ok', 'ok']);
    expect(b.calls).toEqual(['r0']);
    expect(b.storage.token).toBe('r1');
    expect(locks.names).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
  });

  it('keeps one refresh in flight within a tab', async () => {
    const b = browser();
    const one = tab(b, fakeLocks());
    const [x, y] = [one.refresh(), one.refresh()];
    expect(x).toBe(y);
    expect(await x).toBe('ok');
    await one.settled();
    expect(b.calls).toEqual(['r0']);
    // A later refresh is a new one.
    expect(await one.refresh()).toBe('ok');
    expect(b.calls).toEqual(['r0', 'r1']);
  });

  it('without Web Locks each tab asks the server itself (the server grace window covers the repeat)', async () => {
    const b = browser();
    const [one, two] = [tab(b, undefined), tab(b, undefined)];
    await Promise.all([one.refresh(), two.refresh()]);
    expect(b.calls).toEqual(['r0', 'r0']);
  });

  it('is rejected when another tab logged out before this one got the lock', async () => {
    const b = browser();
    const locks = fakeLocks();
    let release!: () => void;
    void locks.request(REFRESH_LOCK, () => new Promise<void>((r) => (release = r)));
    const pending = tab(b, locks).refresh();
    b.storage.token = null;
    await Promise.resolve(); // the holder's callback has started
    release();
    expect(await pending).toBe('rejected');
    expect(b.calls).toEqual([]);
  });

  it('counts a newer token stored during a rejected refresh as success', async () => {
    const storage = { token: 'r0' as string | null };
    const one = createRefresher({
      locks: fakeLocks(),
      stored: () => storage.token,
      rotate: () => {
        storage.token = 'r9'; // written by another process while ours was refused
        return Promise.resolve('rejected');
      },
    });
    expect(await one.refresh()).toBe('ok');
  });

  it('without a stored token there is nothing to refresh', async () => {
    const b = browser(null);
    expect(await tab(b, fakeLocks()).refresh()).toBe('rejected');
    expect(b.calls).toEqual([]);
  });
});
