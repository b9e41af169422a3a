/** A numbered page of a console list (`{items, total}`, 20 rows) and its loading state. */
import { useCallback, useEffect, useState } from 'react';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pages: number;
  loading: boolean;
  failed: boolean;
  setPage: (page: number) => void;
  reload: () => void;
  /** Replace one row in place after an action answered with the new row. */
  patch: (match: (item: T) => boolean, next: T) => void;
}

export const PAGE_SIZE = 20;

/** Pages needed for `total` rows (at least one, so "1 / 1" shows for an empty list). */
export const pageCount = (total: number, size = PAGE_SIZE): number => Math.max(1, Math.ceil(total / size));

/**
 * Loads page `page` of `fetch`; a new `query` (search words, status tab) starts again at
 * page 1. An answer for an older request is dropped.
 */
export function usePaged<T>(fetch: (page: number) => Promise<Page<T>>, query: string): Paged<T> {
  const [page, setPage] = useState(1);
  const [shownQuery, setShownQuery] = useState(query);
  const [version, setVersion] = useState(0);
  // The last answer and the request it answered: while another is out, the old rows stay.
  const [result, setResult] = useState<{ key: string; data: Page<T> | null }>({ key: '', data: null });

  if (shownQuery !== query) {
    setShownQuery(query);
    setPage(1);
  }
  const key = `${page}|${shownQuery}|${version}`;

  useEffect(() => {
    let alive = true;
    fetch(page).then(
      (data) => alive && setResult({ key, data }),
      () => alive && setResult({ key, data: null }),
    );
    return () => {
      alive = false;
    };
    // `fetch` is recreated each render by callers; the key names what it asks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const patch = useCallback(
    (match: (item: T) => boolean, next: T) =>
      setResult((r) =>
        r.data ? { ...r, data: { ...r.data, items: r.data.items.map((item) => (match(item) ? next : item)) } } : r,
      ),
    [],
  );
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const settled = result.key === key;
  const data = result.data ?? { items: [], total: 0 };
  return {
    items: data.items,
    total: data.total,
    page,
    pages: pageCount(data.total),
    loading: !settled,
    failed: settled && result.data === null,
    setPage,
    reload,
    patch,
  };
}
