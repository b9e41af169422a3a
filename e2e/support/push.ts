/**
 * Web push for the browser tests: a loopback push service the server may post to
 * (PUSH_ENDPOINT_HOSTS), a subscription's browser-side keys, and the RFC 8291
 * (aes128gcm) decryption of what the server sent, so a test can hand the very payload
 * to the service worker (ServiceWorker.deliverPushMessage). The server tests keep the
 * same stub in packages/server/test/support/push.ts (another tsconfig root).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { PushPayload } from '@parley/protocol';

export interface PushServiceStub {
  host: string;
  url: (path: string) => string;
  /** The bodies posted to `path`, oldest first. */
  bodies: (path: string) => Buffer[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStub> {
  const got: { path: string; body: Buffer }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: (p) => `http://${host}${p}`,
    bodies: (p) => got.filter((r) => r.path === p).map((r) => r.body),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface BrowserKeys {
  ecdh: crypto.ECDH;
  p256dh: string;
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };
}

export const subscriptionOf = (endpoint: string, keys: BrowserKeys) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: keys.p256dh, auth: keys.auth },
});

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** One aes128gcm record decrypted as the browser does it. */
export function decryptPayload(body: Buffer, keys: BrowserKeys): PushPayload {
  const salt = body.subarray(0, 16);
  const idLen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLen);
  const record = body.subarray(21 + idLen);
  const uaPublic = keys.ecdh.getPublicKey();
  const prkKey = hmac(Buffer.from(keys.auth, 'base64url'), keys.ecdh.computeSecret(serverPublic));
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, serverPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  return JSON.parse(plain.subarray(0, plain.lastIndexOf(2)).toString('utf8')) as PushPayload;
}

/** A notification the service worker shows, as the tests compare it. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: string;
  requireInteraction: boolean;
}

/** The app's worker, reachable through DevTools once every app page is closed. */
export interface ClosedApp {
  cdp: CDPSession;
  registrationId: string;
  /** Hands `payload` to the worker as if the push service had delivered it. */
  deliver(payload: PushPayload): Promise<void>;
}

/**
 * Closes the app page `page` (its worker is installed) and keeps a DevTools session on
 * a blank page of the same browser, so no app window stays open.
 */
export async function closeAppKeepWorker(page: Page, serverUrl: string): Promise<ClosedApp> {
  const context = page.context();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const blank = await context.newPage();
  await blank.goto('about:blank');
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const mine = e.registrations.find((r) => r.scopeURL.startsWith(serverUrl));
        if (mine) resolve(mine.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  await page.close();
  const origin = new URL(serverUrl).origin;
  return {
    cdp,
    registrationId,
    deliver: async (payload) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    },
  };
}

/**
 * The worker's notifications, read from a non-app page, once there are `expected` of
 * them (or after `waitMs`: the worker may have to start first on a busy machine).
 */
export async function shownNotifications(
  context: BrowserContext,
  serverUrl: string,
  expected: number,
  waitMs: number,
): Promise<ShownNotification[]> {
  const viewer = await context.newPage();
  await viewer.goto(`${serverUrl}/manifest.webmanifest`);
  const read = () =>
    viewer.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return ((await reg?.getNotifications()) ?? []).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
        requireInteraction: n.requireInteraction,
      }));
    });
  const until = Date.now() + waitMs;
  let shown: ShownNotification[] = await read();
  while (shown.length !== expected && Date.now() < until) {
    await viewer.waitForTimeout(100);
    shown = await read();
  }
  await viewer.close();
  return shown;
}
