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
