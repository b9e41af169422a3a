/**
 * Downloads of uploads at UPLOADS_PATH, from whichever media storage this node has
 * (storage/): streamed through Parley, so the URL, Range requests, content types,
 * Content-Disposition and the sandbox headers (security-headers.ts) are the same on every
 * backend and every node. Only the exact URL shapes the server hands out are served.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOADS_PATH } from '@parley/protocol';
import { fileHeaders } from '../services/file-store.js';
import { contentTypeOf } from '../storage/content-types.js';
import { keyOfUrl } from '../storage/keys.js';
import type { MediaObject, MediaStorage } from '../storage/media-storage.js';
import { parseRange } from '../storage/range.js';
import { AppError } from './app-error.js';

/** Storage that does not answer: try again shortly (the node's /readyz says the same). */
const STORAGE_RETRY_S = 1;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
};

/** If-None-Match / If-Modified-Since: the copy the client holds is this one. */
function notModified(request: FastifyRequest, object: MediaObject): boolean {
  const inm = header(request, 'if-none-match');
  if (inm !== undefined)
    return inm.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === object.etag);
  const ims = header(request, 'if-modified-since');
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Math.floor(object.modified.getTime() / 1000) * 1000 <= since;
}

/** If-Range: a range applies only to the copy the client started from. */
function rangeStillValid(request: FastifyRequest, object: MediaObject): boolean {
  const ifRange = header(request, 'if-range');
  if (ifRange === undefined) return true;
  if (ifRange.trim().startsWith('"')) return ifRange.trim() === object.etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(object.modified.getTime() / 1000) * 1000 <= date;
}

async function stored<T>(op: () => Promise<T>, reply: FastifyReply): Promise<T> {
  try {
    return await op();
  } catch (err) {
    reply.log.error({ err }, 'media storage failed');
    void reply.header('Retry-After', String(STORAGE_RETRY_S));
    throw new AppError('serverOverloaded', { retryAfter: STORAGE_RETRY_S });
  }
}

export function registerMedia(app: FastifyInstance, media: MediaStorage): void {
  app.get(`${UPLOADS_PATH}/*`, async (request, reply) => {
    const key = keyOfUrl(request.url.split('?')[0] ?? '');
    if (key === undefined) return reply.callNotFound();
    const object = await stored(() => media.stat(key), reply);
    if (!object) return reply.callNotFound();

    // Upload names are random and never reused, so they can be cached forever.
    void reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    void reply.header('X-Content-Type-Options', 'nosniff');
    void reply.header('Accept-Ranges', 'bytes');
    void reply.header('ETag', object.etag);
    void reply.header('Last-Modified', object.modified.toUTCString());
    if (key.startsWith('files/')) {
      // Uploaded files download under their original name and are never rendered as a page.
      const { contentType, disposition } = fileHeaders(key);
      void reply.header('Content-Type', contentType);
      void reply.header('Content-Disposition', disposition);
    } else {
      void reply.header('Content-Type', contentTypeOf(key));
    }
    if (notModified(request, object)) return reply.code(304).send();

    const range = rangeStillValid(request, object) ? parseRange(header(request, 'range'), object.size) : undefined;
    if (range === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${object.size}`).send();
    }
    if (range) {
      void reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    }
    const length = range ? range.end - range.start + 1 : object.size;
    void reply.header('Content-Length', String(length));
    if (request.method === 'HEAD') {
      // Fastify would answer a bodiless HEAD with Content-Length 0; the headers go as they are.
      reply.hijack();
      reply.raw.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
      reply.raw.end();
      return reply;
    }
    if (length === 0) return reply.send();
    const body = await stored(() => media.read(key, range), reply);
    return reply.send(body);
  });
}
