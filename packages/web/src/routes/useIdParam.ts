import { useSearchParams } from 'react-router';

/** A positive integer query parameter (`?id=7`), or null when missing or malformed. */
export function useIdParam(name: string): number | null {
  const [params] = useSearchParams();
  const raw = params.get(name);
  const value = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
