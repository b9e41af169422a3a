import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// Relative import: the config is bundled by vite, while the workspace package (TS source) would be externalised.
import { API_BASE, UPLOADS_PATH, WS_PATH } from '../protocol/src/api.js';

// In dev the server (default port 8080) owns the API, the socket and uploads; vite proxies to it.
const target = process.env.PARLEY_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      [API_BASE]: { target, changeOrigin: true },
      [UPLOADS_PATH]: { target, changeOrigin: true },
      [WS_PATH]: { target, ws: true, changeOrigin: true },
    },
  },
});
