/**
 * One favourites list on screen (the Favourites page, the composer's picker): the
 * first page of its filter, more pages on demand, the sync frames 70/71 applied while
 * it is open, a reload after a reconnect (frames sent while offline are not replayed).
 * Answers of a filter that is no longer shown are dropped. Inputs are injected, so it
 * runs under node tests with fakes.
 */
import { FAVOURITE_PAGE_SIZE, type Favourite, type FavouriteListQuery } from '@parley/protocol';
import type { Store } from '../app/createStore';
import { applyFavouriteFrame, mergePage, parseFavouriteFrame, type FavouriteFilter } from './favouritesReducer';

export interface FavouritesState {
  filter: FavouriteFilter;
  /** The search box's words, trimmed; '' = no search. */
  keyword: string;
  items: Favourite[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Older favourites exist on the server. */
  hasMore: boolean;
  loadingMore: boolean;
}

export const EMPTY_FAVOURITES: FavouritesState = {
  filter: 'all',
  keyword: '',
  items: [],
  status: 'idle',
  hasMore: false,
  loadingMore: false,
};

export interface FavouritesDeps {
  load(query: FavouriteListQuery): Promise<Favourite[]>;
  remove(id: number): Promise<unknown>;
  /** Data of every cmd 3 frame; returns the unsubscribe. */
  subscribeFrames(listener: (data: unknown) => void): () => void;
  subscribeReconnect(listener: () => void): () => void;
}

export interface FavouritesList {
  start(filter?: FavouriteFilter): void;
  stop(): void;
  setFilter(filter: FavouriteFilter): Promise<void>;
  /** Searches (the server filters, as the list is paged); '' shows everything again. */
  setKeyword(keyword: string): Promise<void>;
  loadMore(): Promise<void>;
  /** Removes on the server, then here (the DEL frame that follows changes nothing). */
  remove(id: number): Promise<void>;
  reload(): Promise<void>;
}

const queryOf = (s: Pick<FavouritesState, 'filter' | 'keyword'>, maxId?: number): FavouriteListQuery => ({
  ...(s.filter === 'all' ? {} : { type: s.filter }),
  ...(s.keyword === '' ? {} : { keyword: s.keyword }),
  ...(maxId === undefined ? {} : { maxId }),
});

export function createFavouritesList(store: Store<FavouritesState>, deps: FavouritesDeps): FavouritesList {
  /** Bumped by every first-page load, filter change and stop: older answers are stale. */
  let generation = 0;
  let cleanups: (() => void)[] = [];
  /** Frames that arrived while the first page was loading, replayed onto it. */
  let pending: unknown[] | null = null;

  const onFrame = (data: unknown) => {
    const frame = parseFavouriteFrame(data);
    if (!frame) return;
    pending?.push(data);
    store.set((s) => {
      const items = applyFavouriteFrame(s.items, frame, s.filter, !s.hasMore, s.keyword);
      return items === s.items ? s : { ...s, items };
    });
  };

  const reload = async () => {
    const gen = ++generation;
    const shown = store.get();
    const { filter, keyword } = shown;
    const buffer: unknown[] = [];
    pending = buffer;
    store.set((s) => ({ ...s, status: 'loading', loadingMore: false }));
    try {
      const page = await deps.load(queryOf(shown));
      if (gen !== generation) return;
      let items = mergePage([], page);
      for (const data of buffer) {
        const frame = parseFavouriteFrame(data);
        if (frame) items = applyFavouriteFrame(items, frame, filter, page.length < FAVOURITE_PAGE_SIZE, keyword);
      }
      store.set((s) => ({ ...s, items, status: 'ready', hasMore: page.length >= FAVOURITE_PAGE_SIZE }));
    } catch {
      if (gen === generation) store.set((s) => ({ ...s, status: 'error' }));
    } finally {
      if (pending === buffer) pending = null;
    }
  };

  return {
    start(filter = 'all') {
      if (cleanups.length) return;
      store.set({ ...EMPTY_FAVOURITES, filter });
      cleanups = [deps.subscribeFrames(onFrame), deps.subscribeReconnect(() => void reload())];
      void reload();
    },
    stop() {
      generation++;
      for (const fn of cleanups) fn();
      cleanups = [];
      pending = null;
      store.set(EMPTY_FAVOURITES);
    },
    async setFilter(filter) {
      if (store.get().filter === filter && store.get().status !== 'error') return;
      store.set((s) => ({ ...s, filter, items: [], hasMore: false }));
      await reload();
    },
    async setKeyword(raw) {
      const keyword = raw.trim();
      if (store.get().keyword === keyword && store.get().status !== 'error') return;
      store.set((s) => ({ ...s, keyword, items: [], hasMore: false }));
      await reload();
    },
    async loadMore() {
      const s = store.get();
      const oldest = s.items.at(-1);
      if (s.status !== 'ready' || !s.hasMore || s.loadingMore || !oldest) return;
      const gen = generation;
      store.set((c) => ({ ...c, loadingMore: true }));
      try {
        const page = await deps.load(queryOf(s, oldest.id));
        if (gen !== generation) return;
        store.set((c) => ({
          ...c,
          items: mergePage(c.items, page),
          hasMore: page.length >= FAVOURITE_PAGE_SIZE,
          loadingMore: false,
        }));
      } catch {
        if (gen === generation) store.set((c) => ({ ...c, loadingMore: false }));
      }
    },
    async remove(id) {
      await deps.remove(id);
      store.set((s) => {
        const items = s.items.filter((f) => f.id !== id);
        return items.length === s.items.length ? s : { ...s, items };
      });
    },
    reload,
  };
}
