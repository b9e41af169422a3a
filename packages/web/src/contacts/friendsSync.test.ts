import { describe, expect, it, vi } from 'vitest';
import { MessageType, Timing, type Friend, type OnlineTerminals } from '@parley/protocol';
import { createStore } from '../app/createStore';
import { createMemoryListCache } from '../app/listCache';
import { EMPTY_FRIENDS, createFriendsSync, type FriendsState } from './friendsSync';
import { makeFriend } from './testFriend';

const frame = (type: number, content: string) => ({ type, sendId: 1, recvId: 1, content, sendTime: 1 });
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(initial: Friend[] = [makeFriend(2), makeFriend(3)]) {
  const cache = createMemoryListCache<Friend>();
  const store = createStore<FriendsState>(EMPTY_FRIENDS);
  let frameListener: ((data: unknown) => void) | null = null;
  let reconnect: (() => void) | null = null;
  let tick: (() => void) | null = null;
  let resolveList: (list: Friend[]) => void = () => undefined;
  const deps = {
    loadList: vi.fn(() => new Promise<Friend[]>((r) => (resolveList = r))),
    loadOnline: vi.fn(async (_ids: number[]): Promise<OnlineTerminals[]> => [{ userId: 3, terminals: [1] }]),
    touchOnlineTime: vi.fn(async () => null),
    subscribeFrames: vi.fn((fn: (data: unknown) => void) => {
      frameListener = fn;
      return () => (frameListener = null);
    }),
    subscribeReconnect: vi.fn((fn: () => void) => {
      reconnect = fn;
      return () => (reconnect = null);
    }),
    setInterval: vi.fn((fn: () => void, _ms: number) => ((tick = fn), 7)),
    clearInterval: vi.fn(),
    cache,
  };
  const sync = createFriendsSync(store, deps);
  return {
    store,
    cache,
    deps,
    sync,
    frame: (d: unknown) => frameListener?.(d),
    reconnect: () => reconnect?.(),
    tick: () => tick?.(),
    answer: async (list = initial) => {
      resolveList(list);
      await flush();
    },
  };
}

describe('friends sync', () => {
  it('loads the list on start and applies sync frames', async () => {
    const s = setup();
    s.sync.start();
    expect(s.store.get().status).toBe('loading');
    await s.answer();
    expect(s.store.get()).toMatchObject({ status: 'ready' });
    s.frame(frame(MessageType.FRIEND_NEW, JSON.stringify(makeFriend(4))));
    s.frame(frame(MessageType.FRIEND_DEL, '2'));
    expect(s.store.get().list.map((f) => f.id)).toEqual([3, 4]);
  });

  it('replays frames that arrived while the list was loading', async () => {
    const s = setup();
    s.sync.start();
    s.frame(frame(MessageType.FRIEND_NEW, JSON.stringify(makeFriend(5))));
    await s.answer();
    expect(s.store.get().list.map((f) => f.id)).toEqual([2, 3, 5]);
  });

  it('refreshes online state every ONLINE_REFRESH_MS and records the online time each time', async () => {
    const s = setup();
    s.sync.start();
    await s.answer();
    expect(s.deps.setInterval).toHaveBeenCalledWith(expect.any(Function), Timing.ONLINE_REFRESH_MS);
    s.tick();
    await flush();
    expect(s.deps.touchOnlineTime).toHaveBeenCalledTimes(1);
    expect(s.deps.loadOnline).toHaveBeenCalledWith([2, 3]);
    expect(s.store.get().list.find((f) => f.id === 3)).toMatchObject({ online: true, onlineApp: true });
    s.tick();
    await flush();
    expect(s.deps.touchOnlineTime).toHaveBeenCalledTimes(2);
  });

  it('still records the online time with no friends, without asking about nobody', async () => {
    const s = setup([]);
    s.sync.start();
    await s.answer();
    s.tick();
    await flush();
    expect(s.deps.touchOnlineTime).toHaveBeenCalledTimes(1);
    expect(s.deps.loadOnline).not.toHaveBeenCalled();
  });

  it('reloads after a reconnect', async () => {
    const s = setup();
    s.sync.start();
    await s.answer();
    s.reconnect();
    await s.answer([makeFriend(9)]);
    expect(s.store.get().list.map((f) => f.id)).toEqual([9]);
    expect(s.deps.loadList).toHaveBeenCalledTimes(2);
  });

  it('stop clears the list, unsubscribes, stops the timer and drops late answers', async () => {
    const s = setup();
    s.sync.start();
    s.sync.stop();
    await s.answer();
    expect(s.store.get()).toEqual(EMPTY_FRIENDS);
    expect(s.deps.clearInterval).toHaveBeenCalledWith(7);
    s.frame(frame(MessageType.FRIEND_NEW, JSON.stringify(makeFriend(4))));
    expect(s.store.get().list).toEqual([]);
  });

  it('keeps the list on the device without who was online (a start with no network must not show stale marks)', async () => {
    const s = setup();
    s.sync.start(1);
    await s.answer();
    s.tick();
    await flush();
    expect(s.store.get().list.find((f) => f.id === 3)).toMatchObject({ online: true });
    expect(s.cache.data.get(1)).toEqual([makeFriend(2), makeFriend(3)]);
  });
});
