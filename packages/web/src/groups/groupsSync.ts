/**
 * Keeps the group list of the signed-in user current: loads it at start (spec §4:
 * "load user, friends, groups, chats"), applies the sync frames 90-92 as they
 * arrive on cmd 4, and reloads after a reconnect (sync frames sent while offline
 * are not replayed). Its inputs are injected, so it runs under node tests with fakes.
 */
import type { Group } from '@parley/protocol';
import type { Store } from '../app/createStore';
import { applyGroupFrame, isGroupSyncFrame } from './groupsReducer';

export type GroupsStatus = 'idle' | 'loading' | 'ready' | 'error';
export interface GroupsState {
  status: GroupsStatus;
  list: Group[];
}
export const EMPTY_GROUPS: GroupsState = { status: 'idle', list: [] };

export interface GroupsSyncDeps {
  loadList(): Promise<Group[]>;
  /** Data of every cmd 4 frame; returns the unsubscribe. */
  subscribeFrames(listener: (data: unknown) => void): () => void;
  /** Called each time the socket logs in again after a drop; returns the unsubscribe. */
  subscribeReconnect(listener: () => void): () => void;
}

export interface GroupsSync {
  start(): void;
  stop(): void;
  reload(): Promise<void>;
}

export function createGroupsSync(store: Store<GroupsState>, deps: GroupsSyncDeps): GroupsSync {
  /** Bumped by start/stop: answers of an ended session are dropped. */
  let generation = 0;
  let running = false;
  let cleanups: (() => void)[] = [];
  /** Frames that arrived while a load was in flight, replayed onto its answer. */
  let pending: unknown[] | null = null;

  const onFrame = (data: unknown) => {
    if (!isGroupSyncFrame(data)) return;
    pending?.push(data);
    store.set((s) => {
      const list = applyGroupFrame(s.list, data);
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
      const list = buffer.reduce<Group[]>((acc, data) => applyGroupFrame(acc, data), loaded);
      store.set({ status: 'ready', list });
    } catch {
      if (gen === generation) store.set((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'error' }));
    } finally {
      if (pending === buffer) pending = null;
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      generation++;
      store.set({ status: 'loading', list: [] });
      cleanups = [deps.subscribeFrames(onFrame), deps.subscribeReconnect(() => void reload())];
      void reload();
    },
    stop() {
      if (!running) return;
      running = false;
      generation++;
      for (const fn of cleanups) fn();
      cleanups = [];
      pending = null;
      store.set(EMPTY_GROUPS);
    },
    reload,
  };
}
