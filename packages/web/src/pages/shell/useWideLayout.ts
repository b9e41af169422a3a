/** Whether the two-pane layout is on: the same 900 px break the shell's CSS uses. */
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { isSameTarget } from './paneRoutes';

export const WIDE_QUERY = '(min-width: 900px)';

const query = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia(WIDE_QUERY) : null);

export function isWideLayout(): boolean {
  return query()?.matches ?? false;
}

function subscribe(onChange: () => void): () => void {
  const mq = query();
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, isWideLayout, () => false);
}

/** True when a list row's page (`link`) is the one open in the right pane: the row shows selected. */
export function useOpenInPane(link: string): boolean {
  const wide = useWideLayout();
  const { pathname, search } = useLocation();
  return wide && isSameTarget(link, pathname, search);
}
