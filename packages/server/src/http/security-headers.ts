/**
 * Security headers on every response (helmet): a Content-Security-Policy
 * that allows only this origin (plus blob:/data: where recorded or picked media
 * needs them), no framing, nosniff, no referrer, and a Permissions-Policy giving the
 * camera and microphone (calls, voice messages) to this origin only. Uploads get a
 * stricter policy: a file opened directly can run nothing.
 *
 * helmet computes the headers; they are the same for every response, so they are
 * computed once at start and set in one step (running helmet per request parsed
 * the policy again each time, a measurable share of a message send's CPU).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
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

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
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
};

/** The headers helmet sets with HELMET_OPTIONS, read once off a stand-in response. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  } as unknown as ServerResponse;
  let done = false;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  const uploads = { ...headers, 'Content-Security-Policy': UPLOAD_CSP };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url.startsWith(`${UPLOADS_PATH}/`) ? uploads : headers);
  });
}
