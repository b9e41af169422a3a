/**
 * Keeps the friend list of the signed-in user current: loads it at start, applies
 * the sync frames 80-82 as they arrive, reloads after a reconnect (frames sent while
 * offline are not replayed), and every Timing.ONLINE_REFRESH_MS asks which friends
 * are online, each time also recording our own online time (spec §4). Its inputs
 * are injected, so it runs under node tests with fakes.
 */
import { Timing, type Friend, type OnlineTerminals } from '@parley/protocol';
import type { Store } from '../app/createStore';
import { createSyncedList, type SyncedListDeps, type SyncedListState, type SyncedListStatus } from '../app/syncedList';
import { applyFriendFrame, isFriendSyncFrame, mergeOnline } from './friendsReducer';

export type FriendsStatus = SyncedListStatus;
export type FriendsState = SyncedListState<Friend>;
export const EMPTY_FRIENDS: FriendsState = { status: 'idle', list: [] };

/** `/user/terminal/online` takes at most this many ids a call. */
export const ONLINE_QUERY_MAX_IDS = 500;

export interface FriendsSyncDeps extends SyncedListDeps<Friend> {
  loadOnline(ids: number[]): Promise<OnlineTerminals[]>;
  touchOnlineTime(): Promise<unknown>;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface FriendsSync {
  start(userId?: number): void;
  stop(): void;
  forget(userId: number): Promise<void>;
  reload(): Promise<void>;
  refreshOnline(): Promise<void>;
}

export function createFriendsSync(store: Store<FriendsState>, deps: FriendsSyncDeps): FriendsSync {
  const refreshOnline = async () => {
    const gen = synced.generation();
    void deps.touchOnlineTime().catch(() => undefined);
    const ids = store.get().list.map((f) => f.id);
    for (let i = 0; i < ids.length; i += ONLINE_QUERY_MAX_IDS) {
      const chunk = ids.slice(i, i + ONLINE_QUERY_MAX_IDS);
      try {
        const entries = await deps.loadOnline(chunk);
        if (gen !== synced.generation()) return;
        store.set((s) => {
          const list = mergeOnline(s.list, entries, chunk);
          return list === s.list ? s : { ...s, list };
        });
      } catch {
        // keep the last known state; the next tick tries again
      }
    }
  };

  const synced = createSyncedList(store, deps, {
    empty: EMPTY_FRIENDS,
    isFrame: isFriendSyncFrame,
    applyFrame: applyFriendFrame,
    onStart() {
      const timer = deps.setInterval(() => void refreshOnline(), Timing.ONLINE_REFRESH_MS);
      return () => deps.clearInterval(timer);
    },
    // Who is online is live: a start without the network must not show stale marks.
    toStored: (list) => list.map((f) => ({ ...f, online: false, onlineWeb: false, onlineApp: false })),
  });

  return { start: synced.start, stop: synced.stop, forget: synced.forget, reload: synced.reload, refreshOnline };
}
