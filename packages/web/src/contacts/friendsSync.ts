/**
 * Keeps the friend list of the signed-in user current: loads it at start, applies
 * the sync frames 80-82 as they arrive, reloads after a reconnect (frames sent while
 * offline are not replayed), and every Timing.ONLINE_REFRESH_MS asks which friends
 * are online, each time also recording our own online time (spec §4). Its inputs
 * are injected, so it runs under node tests with fakes.
 */
import { Timing, type Friend, type OnlineTerminals } from '@parley/protocol';
import type { Store } from '../app/createStore';
import { applyFriendFrame, isFriendSyncFrame, mergeOnline } from './friendsReducer';

export type FriendsStatus = 'idle' | 'loading' | 'ready' | 'error';
export interface FriendsState {
  status: FriendsStatus;
  list: Friend[];
}
export const EMPTY_FRIENDS: FriendsState = { status: 'idle', list: [] };

/** `/user/terminal/online` takes at most this many ids a call. */
export const ONLINE_QUERY_MAX_IDS = 500;

export interface FriendsSyncDeps {
  loadList(): Promise<Friend[]>;
  loadOnline(ids: number[]): Promise<OnlineTerminals[]>;
  touchOnlineTime(): Promise<unknown>;
  /** Data of every cmd 3 frame; returns the unsubscribe. */
  subscribeFrames(listener: (data: unknown) => void): () => void;
  /** Called each time the socket logs in again after a drop; returns the unsubscribe. */
  subscribeReconnect(listener: () => void): () => void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface FriendsSync {
  start(): void;
  stop(): void;
  reload(): Promise<void>;
  refreshOnline(): Promise<void>;
}

export function createFriendsSync(store: Store<FriendsState>, deps: FriendsSyncDeps): FriendsSync {
  /** Bumped by start/stop: answers of an ended session are dropped. */
  let generation = 0;
  let running = false;
  let cleanups: (() => void)[] = [];
  /** Frames that arrived while a load was in flight, replayed onto its answer. */
  let pending: unknown[] | null = null;

  const onFrame = (data: unknown) => {
    if (!isFriendSyncFrame(data)) return;
    pending?.push(data);
    store.set((s) => {
      const list = applyFriendFrame(s.list, data);
      return list === s.list ? s : { ...s, list };
    });
  };

  const reload = async () => {
    const gen = generation;
    const buffer: unknown[] = [];
    pending = buffer;
    store.set((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'loading' }));
    try {
      const loaded = await deps.loadList();
      if (gen !== generation) return;
      const list = buffer.reduce<Friend[]>((acc, data) => applyFriendFrame(acc, data), loaded);
      store.set({ status: 'ready', list });
    } catch {
      if (gen === generation) store.set((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'error' }));
    } finally {
      if (pending === buffer) pending = null;
    }
  };

  const refreshOnline = async () => {
    const gen = generation;
    void deps.touchOnlineTime().catch(() => undefined);
    const ids = store.get().list.map((f) => f.id);
    for (let i = 0; i < ids.length; i += ONLINE_QUERY_MAX_IDS) {
      const chunk = ids.slice(i, i + ONLINE_QUERY_MAX_IDS);
      try {
        const entries = await deps.loadOnline(chunk);
        if (gen !== generation) return;
        store.set((s) => {
          const list = mergeOnline(s.list, entries, chunk);
          return list === s.list ? s : { ...s, list };
        });
      } catch {
        // keep the last known state; the next tick tries again
      }
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      generation++;
      store.set({ status: 'loading', list: [] });
      const timer = deps.setInterval(() => void refreshOnline(), Timing.ONLINE_REFRESH_MS);
      cleanups = [
        deps.subscribeFrames(onFrame),
        deps.subscribeReconnect(() => void reload()),
        () => deps.clearInterval(timer),
      ];
      void reload();
    },
    stop() {
      if (!running) return;
      running = false;
      generation++;
      for (const fn of cleanups) fn();
      cleanups = [];
      pending = null;
      store.set(EMPTY_FRIENDS);
    },
    reload,
    refreshOnline,
  };
}
