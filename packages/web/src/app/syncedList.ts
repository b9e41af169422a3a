/**
 * A server list kept current for the signed-in user (friends, groups): loaded at
 * start, patched by its sync frames as they arrive, loaded again after a reconnect
 * (frames sent while offline are not replayed). Frames that arrive while a load is
 * in flight are replayed onto its answer; answers of an ended session are dropped.
 * Its inputs are injected, so it runs under node tests with fakes.
 */
import type { Store } from './createStore';

export type SyncedListStatus = 'idle' | 'loading' | 'ready' | 'error';
export interface SyncedListState<T> {
  status: SyncedListStatus;
  list: T[];
}

export interface SyncedListDeps<T> {
  loadList(): Promise<T[]>;
  /** Data of every frame of the list's socket command; returns the unsubscribe. */
  subscribeFrames(listener: (data: unknown) => void): () => void;
  /** Called each time the socket logs in again after a drop; returns the unsubscribe. */
  subscribeReconnect(listener: () => void): () => void;
}

export interface SyncedListRules<T> {
  empty: SyncedListState<T>;
  isFrame(data: unknown): boolean;
  /** The list with one sync frame applied (the same array when it changes nothing). */
  applyFrame(list: readonly T[], data: unknown): T[];
  /** More work for the session (a timer…); returns its cleanup. */
  onStart?(): () => void;
}

export interface SyncedList {
  start(): void;
  stop(): void;
  reload(): Promise<void>;
  /** Bumped by start and stop: work begun under another value belongs to an ended session. */
  generation(): number;
}

export function createSyncedList<T>(
  store: Store<SyncedListState<T>>,
  deps: SyncedListDeps<T>,
  rules: SyncedListRules<T>,
): SyncedList {
  let generation = 0;
  let running = false;
  let cleanups: (() => void)[] = [];
  let pending: unknown[] | null = null;

  const onFrame = (data: unknown) => {
    if (!rules.isFrame(data)) return;
    pending?.push(data);
    store.set((s) => {
      const list = rules.applyFrame(s.list, data);
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
      const list = buffer.reduce<T[]>((acc, data) => rules.applyFrame(acc, data), loaded);
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
      if (rules.onStart) cleanups.push(rules.onStart());
      void reload();
    },
    stop() {
      if (!running) return;
      running = false;
      generation++;
      for (const fn of cleanups) fn();
      cleanups = [];
      pending = null;
      store.set(rules.empty);
    },
    reload,
    generation: () => generation,
  };
}
