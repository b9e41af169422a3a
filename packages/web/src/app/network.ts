/** The browser's own idea of the network (navigator.onLine), as a React hook. */
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  globalThis.addEventListener('online', listener);
  globalThis.addEventListener('offline', listener);
  return () => {
    globalThis.removeEventListener('online', listener);
    globalThis.removeEventListener('offline', listener);
  };
}

const browserOnline = () => globalThis.navigator?.onLine !== false;

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, browserOnline, () => true);
}
