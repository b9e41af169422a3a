/**
 * One resource a page loads by id: loading → ready / missing (the server's "does not
 * exist" keys) / error, with `reload` for a retry. The caller keys its component by id,
 * so the state starts fresh for another one.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './ApiError';

export type LoadState<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'missing' } | { state: 'error' };

export function useLoad<T>(
  load: () => Promise<T>,
  missingKey: string,
  id: number,
): { loaded: LoadState<T>; reload: () => void } {
  const [loaded, setLoaded] = useState<LoadState<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    load().then(
      (value) => alive && setLoaded({ state: 'ready', value }),
      (err: unknown) => {
        const missing = err instanceof ApiError && (err.key === missingKey || err.key === 'notFound');
        if (alive) setLoaded({ state: missing ? 'missing' : 'error' });
      },
    );
    return () => {
      alive = false;
    };
    // `load` is a fresh closure each render; what it loads is named by id and attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, attempt, missingKey]);
  const reload = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { loaded, reload };
}
