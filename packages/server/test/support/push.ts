/**
 * Web push test helpers: a loopback HTTP server acting as the push service (records
 * each request, answers 201, or 410 for `/gone/…`), browser-side subscription keys,
 * and RFC 8291 (aes128gcm) decryption of a recorded payload with those keys.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@parley/protocol';

export interface PushedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceStub {
  host: string;
  url: (path: string) => string;
  requests: PushedRequest[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStub> {
  const requests: PushedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : req.url?.startsWith('/broken/') ? 500 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    url: (p) => `http://${host}${p}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
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

/** RFC 8291 / RFC 8188 decryption of one aes128gcm record, as the browser does it. */
export function decryptPayload(body: Buffer, keys: BrowserKeys): PushPayload {
  const salt = body.subarray(0, 16);
  const idLen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLen);
  const record = body.subarray(21 + idLen);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const uaPublic = keys.ecdh.getPublicKey();
  const prkKey = hmac(Buffer.from(keys.auth, 'base64url'), shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, serverPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = plain.lastIndexOf(2);
  return JSON.parse(plain.subarray(0, end).toString('utf8')) as PushPayload;
}
