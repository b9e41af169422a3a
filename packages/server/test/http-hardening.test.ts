/**
 * Requests refused before or around a route come back in the envelope with a
 * catalogue key (issue 7, point 6); JSON bodies are typed exactly (point 7); every
 * response carries the security headers (point 15).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_HEADER,
  ComplaintTargetType,
  ComplaintType,
  ServerErrors,
  describeServerError,
} from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { sendBody } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  a = await registerUser(client, { nickName: 'Alice' });
  b = await registerUser(client, { nickName: 'Bob' });
  await befriend(client, a, b);
});
afterAll(() => ts?.close());

interface Envelope {
  code: number;
  message: string;
  key?: string;
  params?: Record<string, string | number>;
  data: unknown;
}

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(ts.url + path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Envelope };
}

/** The reply is exactly the catalogue entry: status, code, key and its English sentence. */
function expectCatalogue(res: { status: number; body: Envelope }, key: keyof typeof ServerErrors) {
  expect(res.body.key).toBe(key);
  expect([res.status, res.body.code]).toEqual([ServerErrors[key].code, ServerErrors[key].code]);
  expect(res.body.message).toBe(describeServerError(key, res.body.params ?? {}));
  expect(res.body.message).not.toMatch(/\{\{|FST_|content-type|undefined/);
}

const json = (body: string, extra: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body,
});

/** Sends raw bytes and reads the whole answer (for what fetch refuses to send). */
function rawHttp(payload: string): Promise<{ status: number; body: Envelope }> {
  const { port } = new URL(ts.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(payload));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head!.split(' ')[1]), body: JSON.parse(rest.join('\r\n\r\n')) as Envelope });
    });
  });
}

describe('framework refusals in the envelope', () => {
  it('malformed, empty and prototype-polluting JSON → invalidJson', async () => {
    expectCatalogue(await call('/api/register', json('{"userName":')), 'invalidJson');
    expectCatalogue(await call('/api/register', json('')), 'invalidJson');
    expectCatalogue(await call('/api/register', json('{"__proto__":{"x":1}}')), 'invalidJson');
  });

  it('a JSON body over the body limit says so (not "file too large")', async () => {
    const res = await call('/api/register', json(JSON.stringify({ userName: 'x'.repeat(100_000) })));
    expectCatalogue(res, 'bodyTooLarge');
    expect(res.body.params).toEqual({ maxKb: 64 });
  });

  it('a body of another media type → unsupportedMediaType', async () => {
    expectCatalogue(
      await call('/api/register', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' }),
      'unsupportedMediaType',
    );
  });

  it('an over-long URL → uriTooLong; over-large headers → headersTooLarge', async () => {
    expectCatalogue(await call(`/api/user/findByName?name=${'a'.repeat(9000)}`), 'uriTooLong');
    expectCatalogue(await call('/api/user/self', { headers: { 'x-big': 'a'.repeat(20_000) } }), 'headersTooLarge');
    const res = await rawHttp(`GET /api/user/self HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectCatalogue(res, 'headersTooLarge');
  });

  // Hardening issue 18 point 11: each of these was badRequest, 404 or 414 with no field.
  it('a 300-digit path id names the field and its max, on GET and DELETE alike', async () => {
    const token = { headers: { [ACCESS_TOKEN_HEADER]: a.tokens.accessToken } };
    const long = '1'.repeat(300);
    for (const [path, method, field] of [
      [`/api/user/find/${long}`, 'GET', 'id'],
      [`/api/group/find/${long}`, 'GET', 'groupId'],
      [`/api/group/delete/${long}`, 'DELETE', 'groupId'],
      [`/api/friend/delete/${long}`, 'DELETE', 'friendId'],
      [`/api/group/find/12345678901234567`, 'GET', 'groupId'],
    ] as const) {
      const res = await call(path, { method, ...token });
      expectCatalogue(res, 'invalidParam');
      expect(res.body.params, `${method} ${path.slice(0, 30)}`).toEqual({
        field,
        rule: 'max',
        max: Number.MAX_SAFE_INTEGER,
      });
    }
    // A page number past every range is refused the same way (not an offset past SQL's integers).
    const page = await call(`/api/message/private/history?friendId=${b.id}&page=${long}&size=10`, token);
    expect(page.body.params).toEqual({ field: 'page', rule: 'max', max: Number.MAX_SAFE_INTEGER });
  });

  it('a path id that is not UTF-8 names the field; an address of no endpoint or file is not found', async () => {
    const raw = (method: string, path: string) =>
      rawHttp(
        `${method} ${path} HTTP/1.1\r\nHost: x\r\n${ACCESS_TOKEN_HEADER}: ${a.tokens.accessToken}\r\nConnection: close\r\n\r\n`,
      );
    for (const [method, path, field] of [
      ['GET', '/api/group/find/%FF', 'groupId'],
      ['DELETE', '/api/group/delete/%E0%A4%A', 'groupId'],
      ['GET', '/api/user/find/1%C0', 'id'],
    ] as const) {
      const res = await raw(method, path);
      expectCatalogue(res, 'invalidParam');
      expect(res.body.params).toEqual({ field, rule: 'characters' });
    }
    for (const path of [
      '/uploads/../x',
      '/uploads/%2e%2e/x',
      '/uploads/a/%FF',
      '/uploads/files/%FF/x',
      '/api/gr%FFoup/find/1',
      '/x/%FF',
    ]) {
      expectCatalogue(await raw('GET', path), 'notFound');
    }
  });

  it('broken HTTP → badRequest in the envelope', async () => {
    expectCatalogue(await rawHttp('GARBAGE\r\n\r\n'), 'badRequest');
  });

  it('an unknown path or method → notFound', async () => {
    expectCatalogue(await call('/api/nope'), 'notFound');
    expectCatalogue(await call('/api/login', { method: 'PATCH' }), 'notFound');
  });
});

describe('JSON bodies are typed exactly (no coercion)', () => {
  const complaints = async () =>
    Number(
      (
        await ts.server.db.kysely
          .selectFrom('complaints')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('"targetId": true does not file a complaint against user 1; [5] and "12" are not ids', async () => {
    const before = await complaints();
    for (const targetId of [true, [b.id], String(b.id), b.id + 0.5, null]) {
      const res = await client.call('complaintInitiate', {
        token: a.tokens.accessToken,
        body: { targetType: ComplaintTargetType.USER, targetId, type: ComplaintType.HARASSMENT, content: 'spam' },
      });
      expect([res.status, res.body.key, res.body.params?.field]).toEqual([400, 'invalidParam', 'targetId']);
    }
    expect(await complaints()).toBe(before);
  });

  it('recvId "12" or [12] sends nothing; friendId "5" in a body is refused, in a query accepted', async () => {
    for (const recvId of [String(b.id), [b.id]]) {
      const res = await client.call('privateSend', {
        token: a.tokens.accessToken,
        body: { ...sendBody(b.id, 0, 'x'), recvId },
      });
      expect([res.status, res.body.params?.field, res.body.params?.rule]).toEqual([400, 'recvId', 'number']);
    }
    const remark = await client.call('friendRemark', {
      token: a.tokens.accessToken,
      body: { friendId: String(b.id), remark: 'B' },
    });
    expect([remark.status, remark.body.params?.field]).toEqual([400, 'friendId']);
    await client.ok('friendFind', { token: a.tokens.accessToken, params: { friendId: String(b.id) } });
  });

  it('query numbers are plain decimal digits: 0x10, 1e3 and " 12" are refused', async () => {
    for (const friendId of ['0x10', '1e3', ' 12', '12abc', '-3']) {
      const res = await client.call('privateMaxReadedId', { token: a.tokens.accessToken, query: { friendId } });
      expect([res.status, res.body.key, res.body.params?.field]).toEqual([400, 'invalidParam', 'friendId']);
    }
  });

  it('every field error names the field and the rule, in words', async () => {
    const res = await client.call('userUpdate', { token: a.tokens.accessToken, body: { nickName: 'A', sex: 'm' } });
    expect(res.body.params).toMatchObject({ field: 'sex', rule: 'oneOf' });
    expect(res.body.message).toBe('Invalid request: sex must be one of 0, 1');
  });
});

describe('security headers', () => {
  it('on API replies, the app and uploads', async () => {
    const api = await fetch(`${ts.url}/api/user/self`);
    const csp = api.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    expect(api.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(api.headers.get('permissions-policy')).toContain('microphone=(self)');
    const page = await fetch(`${ts.url}/`);
    expect(page.headers.get('content-security-policy')).toBe(csp);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    const form = new FormData();
    form.append('file', new Blob(['<script>alert(1)</script>']), 'x.html');
    const url = await client.ok('fileUpload', { token: a.tokens.accessToken, form });
    const upload = await fetch(ts.url + url);
    expect(upload.status).toBe(200);
    expect(upload.headers.get('content-security-policy')).toContain('sandbox');
    expect(upload.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
