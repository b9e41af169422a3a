import { describe, expect, it } from 'vitest';
import {
  ChatType,
  FAVOURITE_PAGE_SIZE,
  MessageType,
  favouriteMatches,
  favouriteWords,
  type Favourite,
  type FavouriteListQuery,
} from '@parley/protocol';
import { createStore } from '../app/createStore';
import { createFavouritesList, EMPTY_FAVOURITES, type FavouritesState } from './favouritesList';
import { applyFavouriteFrame, mergePage, parseFavouriteFrame } from './favouritesReducer';

const fav = (id: number, type: number = MessageType.TEXT): Favourite => ({
  id,
  type,
  content: type === MessageType.TEXT ? `t${id}` : '{}',
  sendId: 2,
  sendNickName: 'Ben',
  chatType: ChatType.PRIVATE,
  chatName: 'Ben',
  sendTime: id,
  createTime: id,
  origin: null,
});
const frameNew = (f: Favourite) => ({
  type: MessageType.FAVOURITE_NEW,
  sendId: 1,
  recvId: 1,
  content: JSON.stringify(f),
  sendTime: 1,
});
const frameDel = (id: number) => ({
  type: MessageType.FAVOURITE_DEL,
  sendId: 1,
  recvId: 1,
  content: `{"id":${id}}`,
  sendTime: 1,
});

/** The server: favourites with ids 1..n, the query applied like the real one. */
function setup(all: Favourite[]) {
  const store = createStore<FavouritesState>(EMPTY_FAVOURITES);
  const queries: FavouriteListQuery[] = [];
  const gates: (() => void)[] = [];
  let hold = false;
  let frame: (data: unknown) => void = () => undefined;
  let reconnect: () => void = () => undefined;
  const removed: number[] = [];
  const list = createFavouritesList(store, {
    async load(query) {
      queries.push(query);
      if (hold) await new Promise<void>((r) => gates.push(r));
      return all
        .filter(
          (f) =>
            (query.type === undefined || f.type === query.type) &&
            (query.maxId === undefined || f.id < query.maxId) &&
            (query.keyword === undefined || favouriteMatches(f, query.keyword)),
        )
        .sort((a, b) => b.id - a.id)
        .slice(0, FAVOURITE_PAGE_SIZE);
    },
    async remove(id) {
      removed.push(id);
      all = all.filter((f) => f.id !== id);
    },
    subscribeFrames(listener) {
      frame = listener;
      return () => (frame = () => undefined);
    },
    subscribeReconnect(listener) {
      reconnect = listener;
      return () => (reconnect = () => undefined);
    },
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    store,
    list,
    queries,
    removed,
    settle,
    frame: (d: unknown) => frame(d),
    reconnect: () => reconnect(),
    holdLoads: (on: boolean) => (hold = on),
    release: () => gates.splice(0).forEach((g) => g()),
    add: (f: Favourite) => all.push(f),
  };
}

const ids = (s: FavouritesState) => s.items.map((f) => f.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => to - i);

describe('favourites reducer', () => {
  it('parses only favourite sync frames', () => {
    expect(parseFavouriteFrame(frameNew(fav(3)))).toEqual({ kind: 'new', favourite: fav(3) });
    expect(parseFavouriteFrame(frameDel(3))).toEqual({ kind: 'del', id: 3 });
    expect(parseFavouriteFrame({ ...frameNew(fav(3)), type: MessageType.FRIEND_NEW })).toBeNull();
    expect(parseFavouriteFrame({ ...frameNew(fav(3)), content: '{broken' })).toBeNull();
    expect(parseFavouriteFrame({ id: 5, type: MessageType.TEXT, content: 'hi', sendId: 1, recvId: 2 })).toBeNull();
  });

  it('merges pages newest first without duplicates, same list when nothing is new', () => {
    const list = [fav(9), fav(7)];
    expect(mergePage(list, [fav(7), fav(5)]).map((f) => f.id)).toEqual([9, 7, 5]);
    expect(mergePage(list, [fav(9)])).toBe(list);
  });

  it('a new favourite joins when it matches the filter and is not below an unloaded page', () => {
    const list = [fav(9), fav(7)];
    const add = (f: Favourite) => ({ kind: 'new', favourite: f }) as const;
    expect(applyFavouriteFrame(list, add(fav(10, MessageType.IMAGE)), MessageType.TEXT, true)).toBe(list);
    expect(applyFavouriteFrame(list, add(fav(10)), MessageType.TEXT, true).map((f) => f.id)).toEqual([10, 9, 7]);
    expect(applyFavouriteFrame(list, add(fav(3)), 'all', false)).toBe(list);
    expect(applyFavouriteFrame(list, add(fav(3)), 'all', true).map((f) => f.id)).toEqual([9, 7, 3]);
    expect(applyFavouriteFrame(list, { kind: 'del', id: 4 }, 'all', true)).toBe(list);
  });

  it('while searching, a new favourite joins only when it holds the keyword', () => {
    const list = [fav(9)];
    const add = (f: Favourite) => ({ kind: 'new', favourite: f }) as const;
    expect(applyFavouriteFrame(list, add(fav(10)), 'all', true, 'nothing like it')).toBe(list);
    expect(applyFavouriteFrame(list, add(fav(10)), 'all', true, 'T10').map((f) => f.id)).toEqual([10, 9]);
  });

  it("a favourite's words: text, file name, card title and description, sender and chat; never JSON keys or URLs", () => {
    const file = { ...fav(1, MessageType.FILE), content: '{"name":"Q3 Plan.pdf","size":1,"url":"/uploads/x.pdf"}' };
    const card = {
      ...fav(2, MessageType.CARD),
      content: '{"cover":"/uploads/c.png","title":"Lunch","description":"Noodles","link":"https://a.example"}',
    };
    const image = { ...fav(3, MessageType.IMAGE), content: '{"originUrl":"/uploads/i.png"}', chatName: 'Team' };
    expect(favouriteMatches(file, 'q3 PLAN')).toBe(true);
    expect([favouriteMatches(card, 'lunch'), favouriteMatches(card, 'noodles')]).toEqual([true, true]);
    expect([favouriteMatches(image, 'team'), favouriteMatches(image, 'ben')]).toEqual([true, true]);
    for (const f of [file, card, image])
      expect([favouriteMatches(f, 'uploads'), favouriteMatches(f, 'url')]).toEqual([false, false]);
    expect(favouriteWords({ ...file, content: 'not json' })).toBe('ben\nben');
  });
});

describe('favourites list', () => {
  it('loads the first page, then older pages below the oldest id until the end', async () => {
    const s = setup(range(1, 45).map((i) => fav(i)));
    s.list.start();
    await s.settle();
    expect(ids(s.store.get())).toEqual(range(26, 45));
    expect(s.store.get()).toMatchObject({ status: 'ready', hasMore: true });
    await s.list.loadMore();
    await s.list.loadMore();
    expect(ids(s.store.get())).toEqual(range(1, 45));
    expect(s.store.get().hasMore).toBe(false);
    expect(s.queries).toEqual([{}, { maxId: 26 }, { maxId: 6 }]);
    await s.list.loadMore();
    expect(s.queries).toHaveLength(3);
  });

  it('a filter asks for its type; the answer of a filter left behind is dropped', async () => {
    const s = setup([fav(1), fav(2, MessageType.IMAGE), fav(3, MessageType.AUDIO), fav(4, MessageType.IMAGE)]);
    s.list.start();
    await s.settle();
    s.holdLoads(true);
    const toVoice = s.list.setFilter(MessageType.AUDIO);
    const toImage = s.list.setFilter(MessageType.IMAGE);
    s.release();
    await s.settle();
    s.release();
    await Promise.all([toVoice, toImage]);
    expect(s.store.get().filter).toBe(MessageType.IMAGE);
    expect(ids(s.store.get())).toEqual([4, 2]);
    expect(s.queries.slice(1)).toEqual([{ type: MessageType.AUDIO }, { type: MessageType.IMAGE }]);
  });

  it('a keyword is sent with the filter and the pages below; clearing it shows everything again', async () => {
    const s = setup([fav(1), { ...fav(2), content: 'lunch at noon' }, fav(3), { ...fav(4, MessageType.IMAGE) }]);
    s.list.start();
    await s.settle();
    await s.list.setKeyword('  Lunch ');
    expect(s.store.get().keyword).toBe('Lunch');
    expect(ids(s.store.get())).toEqual([2]);
    await s.list.setFilter(MessageType.IMAGE);
    expect(ids(s.store.get())).toEqual([]);
    await s.list.setKeyword('');
    expect(ids(s.store.get())).toEqual([4]);
    expect(s.queries.slice(1)).toEqual([
      { keyword: 'Lunch' },
      { type: MessageType.IMAGE, keyword: 'Lunch' },
      { type: 1 },
    ]);
  });

  it('applies the sync frames live: new ones of the filter on top, removals anywhere', async () => {
    const s = setup([fav(1), fav(2, MessageType.IMAGE)]);
    s.list.start(MessageType.IMAGE);
    await s.settle();
    s.frame(frameNew(fav(5, MessageType.IMAGE)));
    s.frame(frameNew(fav(6)));
    s.frame(frameDel(2));
    s.frame({ type: MessageType.TEXT, id: 9, content: 'a chat message' });
    expect(ids(s.store.get())).toEqual([5]);
  });

  it('frames that arrive while the first page loads are replayed onto it', async () => {
    const s = setup([fav(1), fav(2)]);
    s.holdLoads(true);
    s.list.start();
    s.frame(frameDel(1));
    s.frame(frameNew(fav(3)));
    s.release();
    await s.settle();
    expect(ids(s.store.get())).toEqual([3, 2]);
  });

  it('remove deletes on the server and here; the DEL frame after it changes nothing', async () => {
    const s = setup([fav(1), fav(2)]);
    s.list.start();
    await s.settle();
    await s.list.remove(2);
    expect(s.removed).toEqual([2]);
    const before = s.store.get();
    s.frame(frameDel(2));
    expect(s.store.get()).toBe(before);
    expect(ids(before)).toEqual([1]);
  });

  it('reloads after a reconnect (frames sent while offline are lost) and stops listening when stopped', async () => {
    const s = setup([fav(1)]);
    s.list.start();
    await s.settle();
    s.add(fav(2));
    s.reconnect();
    await s.settle();
    expect(ids(s.store.get())).toEqual([2, 1]);
    s.list.stop();
    s.frame(frameNew(fav(3)));
    expect(s.store.get()).toEqual(EMPTY_FAVOURITES);
  });
});
