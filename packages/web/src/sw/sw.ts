/**
 * The service worker (vite-plugin-pwa, injectManifest): precaches the app shell and the
 * built static assets so the installed app opens without network, and answers every
 * navigation with the cached index.html (hash routes). API, socket and uploads are never
 * cached here: the app keeps its own data in IndexedDB.
 *
 * A new version waits until the page asks for it (the "new version" prompt posts
 * SKIP_WAITING), so an open app never swaps code underneath itself.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Server paths (REST, socket, uploads) go to the network as before.
const SERVER_PATHS = /^\/(api|im|uploads)(\/|$)/;
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [SERVER_PATHS] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
