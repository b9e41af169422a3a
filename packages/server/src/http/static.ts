/** Static files: uploads (immutable, random names) and the built web app at `/`. */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH } from '@parley/protocol';
import { fileHeaders } from '../services/file-store.js';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parley</title></head>
<body style="font-family:sans-serif;background:#f7f7f7;padding:2em">
<h1>Parley server is running</h1>
<p>The web app has not been built yet. Run <code>npm run build</code> in the repository, then reload.</p>
</body></html>`;

export async function registerStatic(app: FastifyInstance, uploadsRoot: string, webDist: string): Promise<void> {
  fs.mkdirSync(uploadsRoot, { recursive: true });
  const filesRoot = path.join(path.resolve(uploadsRoot), 'files') + path.sep;
  await app.register(fastifyStatic, {
    root: uploadsRoot,
    prefix: `${UPLOADS_PATH}/`,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(res, filePath) {
      // Upload names are random and never reused, so they can be cached forever.
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
      res.header('X-Content-Type-Options', 'nosniff');
      // Uploaded files download under their original name and are never rendered as a page.
      if (filePath.startsWith(filesRoot)) {
        const { contentType, disposition } = fileHeaders(filePath);
        res.header('Content-Type', contentType);
        res.header('Content-Disposition', disposition);
      }
    },
  });

  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built; `/` shows a hint page');
    app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    decorateReply: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      // Vite's hashed assets never change; index.html and the service worker must revalidate.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
