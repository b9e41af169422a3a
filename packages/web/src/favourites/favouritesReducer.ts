/**
 * Pure updates of a favourites list (newest first, one filter): the sync frames 70/71
 * (docs/PROTOCOL.md, Favourites) and merging a loaded page. Free of React and the
 * network, so the store's behaviour is unit-tested in node.
 */
import {
  MessageType,
  favourite,
  favouriteDeleted,
  favouriteMatches,
  favouriteSyncMessage,
  type Favourite,
  type FavouriteType,
} from '@parley/protocol';

/** A filter chip: every kind, or one message type. */
export type FavouriteFilter = 'all' | FavouriteType;

export const matchesFilter = (f: Favourite, filter: FavouriteFilter): boolean => filter === 'all' || f.type === filter;

/** Ids descending, no duplicates: a page that overlaps what is held (a frame got there first) adds nothing twice. */
export function mergePage(list: readonly Favourite[], page: readonly Favourite[]): Favourite[] {
  const held = new Set(list.map((f) => f.id));
  const fresh = page.filter((f) => !held.has(f.id));
  if (fresh.length === 0) return list as Favourite[];
  return [...list, ...fresh].sort((a, b) => b.id - a.id);
}

export type FavouriteFrame = { kind: 'new'; favourite: Favourite } | { kind: 'del'; id: number };

/** The favourite sync frame in a cmd 3 frame's data, or null for anything else (chat messages, friend sync…). */
export function parseFavouriteFrame(data: unknown): FavouriteFrame | null {
  const parsed = favouriteSyncMessage.safeParse(data);
  if (!parsed.success) return null;
  let content: unknown;
  try {
    content = JSON.parse(parsed.data.content);
  } catch {
    return null;
  }
  if (parsed.data.type === MessageType.FAVOURITE_NEW) {
    const fav = favourite.safeParse(content);
    return fav.success ? { kind: 'new', favourite: fav.data } : null;
  }
  const del = favouriteDeleted.safeParse(content);
  return del.success ? { kind: 'del', id: del.data.id } : null;
}

/**
 * One frame applied to a list. A new favourite joins when it matches the filter and the
 * search (the server's own test, favouriteMatches) and falls inside what is loaded (older ones come with their page); the same list
 * (reference) comes back when nothing changes.
 */
export function applyFavouriteFrame(
  list: readonly Favourite[],
  frame: FavouriteFrame,
  filter: FavouriteFilter,
  complete: boolean,
  keyword = '',
): Favourite[] {
  if (frame.kind === 'del') {
    return list.some((f) => f.id === frame.id) ? list.filter((f) => f.id !== frame.id) : (list as Favourite[]);
  }
  const fav = frame.favourite;
  if (!matchesFilter(fav, filter) || (keyword !== '' && !favouriteMatches(fav, keyword))) return list as Favourite[];
  const oldest = list.at(-1);
  if (!complete && oldest && fav.id < oldest.id) return list as Favourite[];
  return mergePage(list, [fav]);
}
