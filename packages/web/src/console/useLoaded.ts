/** One console record by id (a user, a group): loading, loaded (and replaceable after an action) or failed. */
import { useEffect, useState } from 'react';

export type LoadedState<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed' };

export interface Loaded<T> {
  current: LoadedState<T>;
  set: (value: T) => void;
}

type Result<T> = { id: number; value: T } | { id: number; failed: true };

export function useLoaded<T>(id: number | null, load: (id: number) => Promise<T>): Loaded<T> {
  // The answer remembers which id it is for: another id reads as loading until its own arrives.
  const [result, setResult] = useState<Result<T> | null>(null);
  useEffect(() => {
    if (!id) return;
    let alive = true;
    load(id).then(
      (value) => alive && setResult({ id, value }),
      () => alive && setResult({ id, failed: true }),
    );
    return () => {
      alive = false;
    };
    // `load` is a module function; the id says what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  const current: LoadedState<T> =
    !id || (result?.id === id && 'failed' in result)
      ? { state: 'failed' }
      : result?.id === id && 'value' in result
        ? { state: 'ready', value: result.value }
        : { state: 'loading' };
  return { current, set: (value) => id && setResult({ id, value }) };
}
