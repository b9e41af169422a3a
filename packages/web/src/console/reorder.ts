/**
 * Reordering Discover links: the server orders by `sort` then id, so moving one link
 * renumbers the list in steps of 10 and saves only the links whose number changed. Pure.
 */
export const SORT_STEP = 10;

export interface Sortable {
  id: number;
  sort: number;
}

/** The list with the item at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const clampedTo = Math.min(Math.max(to, 0), next.length - 1);
  if (from < 0 || from >= next.length || from === clampedTo) return next;
  const [item] = next.splice(from, 1);
  next.splice(clampedTo, 0, item as T);
  return next;
}

/** New sort numbers for `ordered` (in display order): only the entries that change. */
export function sortChanges<T extends Sortable>(ordered: readonly T[]): { item: T; sort: number }[] {
  return ordered.map((item, i) => ({ item, sort: (i + 1) * SORT_STEP })).filter(({ item, sort }) => item.sort !== sort);
}

/** The sort number of a link added at the end. */
export const nextSort = (list: readonly Sortable[]): number =>
  list.reduce((max, l) => Math.max(max, l.sort), 0) + SORT_STEP;
