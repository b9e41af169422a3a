/**
 * Security headers on every response (@fastify/helmet): a Content-Security-Policy
 * that allows only this origin (plus blob:/data: where recorded or picked media
 * needs them), no framing, nosniff, no referrer, and a Permissions-Policy giving the
 * camera and microphone (calls, voice messages) to this origin only. Uploads get a
 * stricter policy: a file opened directly can run nothing.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH } from '@parley/protocol';

const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=(self)',
  'fullscreen=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

const UPLOAD_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'blob:', 'data:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same-origin WebSocket (ws:/wss:) in current browsers.
        connectSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        // Discover shows operator-managed http(s) pages in an iframe (when their own headers allow it).
        frameSrc: ["'self'", 'https:', 'http:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: a LAN install on plain http must keep working.
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // The app is used on plain http on a LAN or localhost too; HSTS is for the proxy in front to set.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.url.startsWith(`${UPLOADS_PATH}/`)) reply.header('Content-Security-Policy', UPLOAD_CSP);
  });
}
