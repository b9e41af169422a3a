/**
 * Reordering Discover links: the server orders by `sort` then id; a move sends the new
 * order and the server renumbers it in steps of 10 (consoleDiscoverReorder). Pure.
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

/** The sort number of a link added at the end. */
export const nextSort = (list: readonly Sortable[]): number =>
  list.reduce((max, l) => Math.max(max, l.sort), 0) + SORT_STEP;
