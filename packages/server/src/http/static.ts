/** Static files: uploads (immutable, random names) and the built web app at `/`. */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UPLOADS_PATH, uploadFileName } from '@parley/protocol';
import { fileHeaders } from '../services/file-store.js';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parley</title></head>
<body>
<h1>Parley server is running</h1>
<p>The web app has not been built yet. Run <code>npm run build</code> in the repository, then reload.</p>
</body></html>`;

export async function registerStatic(app: FastifyInstance, uploadsRoot: string, webDist: string): Promise<void> {
  fs.mkdirSync(uploadsRoot, { recursive: true });
  const filesRoot = path.join(path.resolve(uploadsRoot), 'files') + path.sep;
  const uploadOptions = {
    root: uploadsRoot,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(res: FastifyReply, filePath: string) {
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
  } as const;
  await app.register(fastifyStatic, { ...uploadOptions, prefix: `${UPLOADS_PATH}/`, decorateReply: false });

  // File names keep `& = + , @ $ ;`, which @fastify/static leaves %-encoded (decodeURI) and
  // then cannot find on disk ("Q&A.pdf" → 404). File URLs are decoded here, strictly by
  // their upload shape (uploads.ts), and sent from the uploads root.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { ...uploadOptions, serve: false });
    scope.get(`${UPLOADS_PATH}/files/*`, (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '';
      const name = uploadFileName(urlPath);
      if (name === undefined) return reply.callNotFound();
      const dir = urlPath.slice(UPLOADS_PATH.length + 1, urlPath.lastIndexOf('/'));
      return reply.sendFile(`${dir}/${name}`);
    });
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
