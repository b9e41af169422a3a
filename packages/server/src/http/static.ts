/** Static files: the built web app at `/` (uploads are served by media-route.ts). */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parley</title></head>
<body>
<h1>Parley server is running</h1>
<p>The web app has not been built yet. Run <code>npm run build</code> in the repository, then reload.</p>
</body></html>`;

export async function registerStatic(app: FastifyInstance, webDist: string): Promise<void> {
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
