import type { NavigateFunction } from 'react-router';

/** Back in the app's history when there is one, else to `fallback` (a page opened from a link). */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate(fallback, { replace: true });
}
