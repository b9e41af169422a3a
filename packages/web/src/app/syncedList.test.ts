import { describe, expect, it, vi } from 'vitest';
import { createStore } from './createStore';
import { createMemoryListCache } from './listCache';
import { createSyncedList, type SyncedListState } from './syncedList';

interface Item {
  id: number;
  live?: boolean;
}
const EMPTY: SyncedListState<Item> = { status: 'idle', list: [] };
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A list whose frames add `{ add: id }`; each load waits for answer() or fail(). */
function setup() {
  const store = createStore<SyncedListState<Item>>(EMPTY);
  const cache = createMemoryListCache<Item>();
  let frame: (data: unknown) => void = () => undefined;
  let pending: { resolve(list: Item[]): void; reject(err: Error): void } | null = null;
  const deps = {
    loadList: vi.fn(() => new Promise<Item[]>((resolve, reject) => (pending = { resolve, reject }))),
    subscribeFrames: (fn: (data: unknown) => void) => ((frame = fn), () => undefined),
    subscribeReconnect: () => () => undefined,
    cache,
  };
  const list = createSyncedList(store, deps, {
    empty: EMPTY,
    isFrame: (d) => typeof d === 'object' && d !== null && 'add' in d,
    applyFrame: (l, d) => [...l, { id: (d as { add: number }).add }],
    toStored: (l) => l.map((i) => ({ id: i.id })),
  });
  return {
    store,
    cache,
    deps,
    list,
    frame: (d: unknown) => frame(d),
    answer: async (items: Item[]) => {
      pending!.resolve(items);
      await flush();
    },
    fail: async () => {
      pending!.reject(new Error('offline'));
      await flush();
    },
    ids: () => store.get().list.map((i) => i.id),
  };
}

describe('synced list kept on the device', () => {
  it('shows the stored copy at once, with no network, until an answer replaces it', async () => {
    const s = setup();
    s.cache.data.set(7, [{ id: 1 }, { id: 2 }]);
    s.list.start(7);
    await flush();
    expect(s.ids()).toEqual([1, 2]);
    await s.fail();
    expect(s.store.get()).toMatchObject({ status: 'error', list: [{ id: 1 }, { id: 2 }] });
    // The network is back: the session reloads the list, and the answer replaces the copy.
    void s.list.reload();
    await s.answer([{ id: 2 }, { id: 3 }]);
    expect(s.store.get().status).toBe('ready');
    expect(s.ids()).toEqual([2, 3]);
    expect(s.cache.data.get(7)).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('lets an answer that came first win over the stored copy', async () => {
    const s = setup();
    let release: () => void = () => undefined;
    s.cache.load = (id) => new Promise((resolve) => (release = () => resolve(id === 7 ? [{ id: 1 }] : undefined)));
    s.list.start(7);
    await s.answer([{ id: 5 }]);
    release();
    await flush();
    expect(s.ids()).toEqual([5]);
  });

  it('replays frames that came before the stored copy was read', async () => {
    const s = setup();
    s.cache.data.set(7, [{ id: 1 }]);
    s.list.start(7);
    s.frame({ add: 9 });
    await flush();
    expect(s.ids()).toEqual([1, 9]);
  });

  it('stores every change after an answer, without live state, and nothing before one', async () => {
    const s = setup();
    s.list.start(7);
    s.frame({ add: 4 });
    await flush();
    expect(s.cache.data.has(7)).toBe(false);
    await s.answer([{ id: 1, live: true }]);
    s.frame({ add: 2 });
    await flush();
    // The frame that came during the load was replayed onto the answer.
    expect(s.cache.data.get(7)).toEqual([{ id: 1 }, { id: 4 }, { id: 2 }]);
  });

  it('forgets at logout: stops, writes nothing more and removes the copy', async () => {
    const s = setup();
    s.list.start(7);
    await s.answer([{ id: 1 }]);
    await flush();
    expect(s.cache.data.has(7)).toBe(true);
    await s.list.forget(7);
    expect(s.cache.data.has(7)).toBe(false);
    expect(s.store.get()).toEqual(EMPTY);
    s.frame({ add: 2 });
    await flush();
    expect(s.cache.data.has(7)).toBe(false);
  });

  it('keeps nothing without a user id', async () => {
    const s = setup();
    s.list.start();
    await s.answer([{ id: 1 }]);
    expect(s.cache.data.size).toBe(0);
  });
});
