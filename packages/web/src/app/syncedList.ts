/**
 * A server list kept current for the signed-in user (friends, groups): loaded at
 * start, patched by its sync frames as they arrive, loaded again after a reconnect
 * (frames sent while offline are not replayed; after an offline start the session
 * reloads it). Frames that arrive while a load is in flight are replayed onto its
 * answer; answers of an ended session are dropped. With a cache, the list the
 * server last gave shows at once at start (also offline) and every change after an
 * answer is stored. Its inputs are injected, so it runs under node tests with fakes.
 */
import type { Store } from './createStore';
import type { ListCache } from './listCache';

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
  /** The list kept on the device between starts. */
  cache?: ListCache<T>;
}

export interface SyncedListRules<T> {
  empty: SyncedListState<T>;
  isFrame(data: unknown): boolean;
  /** The list with one sync frame applied (the same array when it changes nothing). */
  applyFrame(list: readonly T[], data: unknown): T[];
  /** More work for the session (a timer…); returns its cleanup. */
  onStart?(): () => void;
  /** What the cache keeps of the list (no live state such as online marks). */
  toStored?(list: readonly T[]): T[];
}

export interface SyncedList {
  /** `userId` names the cached copy to show and keep; without it nothing is cached. */
  start(userId?: number): void;
  stop(): void;
  /** Logout: stop if it is this user's session, then remove the cached copy. */
  forget(userId: number): Promise<void>;
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
  /** Frames since start, until the cached copy is read: replayed onto it. */
  let early: unknown[] | null = null;
  let owner: number | null = null;
  /** The save under way: a logout's removal waits for it. */
  let saving: Promise<void> = Promise.resolve();

  const onFrame = (data: unknown) => {
    if (!rules.isFrame(data)) return;
    pending?.push(data);
    early?.push(data);
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

  /** The cached copy shows until the server answers (an answer that came first wins). */
  async function restore(cache: ListCache<T>, userId: number, gen: number): Promise<void> {
    const buffer: unknown[] = [];
    early = buffer;
    try {
      const stored = await cache.load(userId);
      if (gen !== generation || store.get().status === 'ready' || !stored) return;
      const list = buffer.reduce<T[]>((acc, data) => rules.applyFrame(acc, data), stored);
      store.set((s) => ({ ...s, list }));
    } catch (err) {
      console.error('list cache: load failed', err);
    } finally {
      if (early === buffer) early = null;
    }
  }

  /** Every change after the server answered is stored; writes in a burst collapse into the last. */
  function keepSaved(cache: ListCache<T>, userId: number, gen: number): () => void {
    let saved: readonly T[] | null = null;
    let queued = false;
    const save = async () => {
      while (gen === generation && store.get().status === 'ready' && store.get().list !== saved) {
        saved = store.get().list;
        await cache.save(userId, rules.toStored ? rules.toStored(saved) : saved).catch((err: unknown) => {
          console.error('list cache: save failed', err);
        });
      }
    };
    return store.subscribe(() => {
      if (queued || store.get().status !== 'ready' || store.get().list === saved) return;
      queued = true;
      saving = saving.then(() => {
        queued = false;
        return save();
      });
    });
  }

  function stop() {
    if (!running) return;
    running = false;
    generation++;
    owner = null;
    for (const fn of cleanups) fn();
    cleanups = [];
    pending = null;
    early = null;
    store.set(rules.empty);
  }

  return {
    start(userId) {
      if (running) return;
      running = true;
      const gen = ++generation;
      owner = userId ?? null;
      store.set({ status: 'loading', list: [] });
      cleanups = [deps.subscribeFrames(onFrame), deps.subscribeReconnect(() => void reload())];
      if (deps.cache && userId !== undefined) {
        void restore(deps.cache, userId, gen);
        cleanups.push(keepSaved(deps.cache, userId, gen));
      }
      if (rules.onStart) cleanups.push(rules.onStart());
      void reload();
    },
    stop,
    async forget(userId) {
      if (owner === userId) stop();
      await saving;
      await deps.cache?.wipe(userId);
    },
    reload,
    generation: () => generation,
  };
}
