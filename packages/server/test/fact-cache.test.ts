/** FactCache (services/facts/fact-cache.ts): hits, one load per burst, and no stale fill after a change. */
import { describe, expect, it } from 'vitest';
import { FactCache } from '../src/services/facts/fact-cache.js';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('FactCache', () => {
  it('loads once for a burst of misses, then answers from memory', async () => {
    const cache = new FactCache<number, { v: number }>(10, 60_000);
    let loads = 0;
    const load = async () => ({ v: ++loads });
    const [x, y] = await Promise.all([cache.get(1, load), cache.get(1, load)]);
    expect([x.v, y.v, loads]).toEqual([1, 1, 1]);
    expect((await cache.get(1, load)).v).toBe(1);
    cache.delete(1);
    expect((await cache.get(1, load)).v).toBe(2);
  });

  it('a value read before a change is never kept after it (the fill race)', async () => {
    const cache = new FactCache<number, { v: string }>(10, 60_000);
    const slow = deferred<{ v: string }>();
    const reading = cache.get(1, () => slow.promise); // started before the change committed
    cache.delete(1); // the change's news arrives while the read is out
    slow.resolve({ v: 'old' });
    expect((await reading).v).toBe('old'); // that caller got what it read…
    expect((await cache.get(1, async () => ({ v: 'new' }))).v).toBe('new'); // …but nobody after it
  });

  it('clear forgets everything, and a load racing it is not kept', async () => {
    const cache = new FactCache<string, { v: number }>(10, 60_000);
    await cache.get('a', async () => ({ v: 1 }));
    const slow = deferred<{ v: number }>();
    const reading = cache.get('b', () => slow.promise);
    cache.clear();
    slow.resolve({ v: 2 });
    await reading;
    expect(cache.size).toBe(0);
  });

  it('entries expire after the time to live (outside writes)', async () => {
    const cache = new FactCache<number, { v: number }>(10, 30);
    await cache.get(1, async () => ({ v: 1 }));
    await new Promise((r) => setTimeout(r, 60));
    expect((await cache.get(1, async () => ({ v: 2 }))).v).toBe(2);
  });
});
