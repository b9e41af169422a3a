/**
 * Registers the service worker (src/sw/sw.ts, built by vite-plugin-pwa) in production
 * builds. A new version found at start installs beside the running one and waits:
 * `updateStore` then asks the user (ui/UpdatePrompt), and "Reload" lets it take over.
 */
import { Workbox } from 'workbox-window';
import { createStore, useStore } from './createStore';

export const updateStore = createStore<{ waiting: boolean }>({ waiting: false });
export const useUpdateWaiting = (): boolean => useStore(updateStore).waiting;

let workbox: Workbox | null = null;
let reloading = false;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => updateStore.set({ waiting: true }));
  // The new worker took over because this tab (or another) asked: load the new code.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate && reloading) globalThis.location.reload();
  });
  workbox.register().catch((err: unknown) => console.warn('service worker registration failed', err));
}

/** "Reload" of the prompt: activate the waiting version, then reload onto it. */
export function applyUpdate(): void {
  reloading = true;
  if (!workbox) return globalThis.location.reload();
  workbox.messageSkipWaiting();
}
