import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// Relative import: the config is bundled by vite, while the workspace package (TS source) would be externalised.
import { API_BASE, UPLOADS_PATH, WS_PATH } from '../protocol/src/api.js';
import { emojiNamesPlugin } from './build/emojiNames.js';

// In dev the server (default port 8080) owns the API, the socket and uploads; vite proxies to it.
const target = process.env.PARLEY_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // The emoji's names in each language (CLDR), one small chunk per locale.
    emojiNamesPlugin(),
    // Service worker (src/sw/sw.ts): precached app shell for offline start; the app registers it
    // itself (app/serviceWorker.ts) to show the "new version" prompt. The manifest stays the
    // hand-written public/manifest.webmanifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest,json,mp3,wasm}'],
        // Source maps are for debugging, not for the offline shell.
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      [API_BASE]: { target, changeOrigin: true },
      [UPLOADS_PATH]: { target, changeOrigin: true },
      [WS_PATH]: { target, ws: true, changeOrigin: true },
    },
  },
});
