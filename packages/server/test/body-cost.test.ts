/**
 * Hardening issue 18 point 1: no body of at most the body limit may stall the event
 * loop. Each of the worst shapes we know (deep arrays and objects, thousands of keys,
 * long lists, long strings of surrogates and escapes, deep JSON inside a text field, a
 * deep socket frame) is sent by a raw socket client (so the client's own work barely
 * touches the shared loop), and the loop's longest stall while the server handles it
 * is read by a 1 ms ticker. The slowest of three tries is not the measure; the fastest
 * is, so a machine that descheduled us once does not fail the test, while a shape
 * whose handling itself is slow (the quadratic walk: 80-200 ms before) always does.
 * The bound is generous against the 5 ms target; the measured figures print.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_HEADER,
  API_BASE,
  Cmd,
  CloseCode,
  JSON_MAX_ENTRIES,
  JSON_MAX_KEYS,
  MessageType,
  api,
  type EndpointName,
} from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

/** Far above the 5 ms target and far below the 80-200 ms the old walk cost. */
const LAG_BOUND_MS = 40;
const BODY_LIMIT = 64 * 1024;

let ts: TestServer;
let a: TestUser;
let b: TestUser;
let groupId: number;
const lags: Record<string, number> = {};

beforeAll(async () => {
  ts = await startServer();
  const client = new ApiClient(ts.url);
  a = await registerUser(client);
  b = await registerUser(client);
  await befriend(client, a, b);
  groupId = (await client.ok('groupCreate', { token: a.tokens.accessToken, body: { name: 'cost' } })).id;
});

afterAll(async () => {
  console.log('event-loop lag per shape (fastest of 3, ms):', lags);
  await ts?.close();
});

interface Raw {
  status: number;
  body: { code: number; key?: string; params?: Record<string, unknown> };
}

/** One request over a fresh TCP connection, built by hand: the cheapest client there is. */
function rawRequest(name: EndpointName, body: string, token?: string): Promise<Raw> {
  const url = new URL(ts.url);
  const bytes = Buffer.from(body, 'utf8');
  const head =
    `${api[name].method} ${API_BASE}${api[name].path} HTTP/1.1\r\nHost: ${url.host}\r\n` +
    'Content-Type: application/json\r\nConnection: close\r\n' +
    (token ? `${ACCESS_TOKEN_HEADER}: ${token}\r\n` : '') +
    `Content-Length: ${bytes.length}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () =>
      // Written, not ended: a half-closed request may be dropped unanswered; the server closes after its reply.
      socket.write(Buffer.concat([Buffer.from(head), bytes])),
    );
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
      const json = text.slice(text.indexOf('\r\n\r\n') + 4);
      resolve({ status, body: JSON.parse(json) as Raw['body'] });
    });
  });
}

/**
 * The loop's longest stall: a 1 ms ticker notes the longest gap between its ticks.
 * After the work, one more tick is awaited, so a stall that ended with the answer
 * is counted too.
 */
function stallMeter() {
  let last = performance.now();
  let longest = 0;
  let waiters: (() => void)[] = [];
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  }, 1);
  return {
    nextTick: () => new Promise<void>((resolve) => waiters.push(resolve)),
    stop: () => {
      clearInterval(timer);
      return longest;
    },
  };
}

/** The loop's longest stall (ms) while `work` runs, fastest of three tries; the last answer. */
async function lagOf<T>(label: string, work: () => Promise<T>): Promise<T> {
  let best = Infinity;
  let answer: T | undefined;
  for (let i = 0; i < 3; i++) {
    const meter = stallMeter();
    await meter.nextTick();
    answer = await work();
    await meter.nextTick();
    best = Math.min(best, meter.stop());
  }
  lags[label] = Math.round(best * 10) / 10;
  expect(best, `${label}: event-loop lag`).toBeLessThan(LAG_BOUND_MS);
  return answer!;
}

const deep = (open: string, close: string, inner: string, budget: number): string => {
  const levels = Math.floor((budget - inner.length) / (open.length + close.length));
  return open.repeat(levels) + inner + close.repeat(levels);
};

describe('costly bodies, no login', () => {
  const shapes: [string, string][] = [
    ['deep arrays (8,000 levels, 16 KB)', deep('[', ']', '', 16_000)],
    ['deep arrays (64 KB)', deep('[', ']', '', BODY_LIMIT)],
    ['deep objects (64 KB)', deep('{"a":', '}', '1', BODY_LIMIT)],
    ['deep arrays, unclosed (64 KB)', '['.repeat(BODY_LIMIT)],
  ];
  for (const [label, body] of shapes) {
    it(`${label}: 400 naming body, rule depth, no stall`, async () => {
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_LIMIT);
      const res = await lagOf(label, () => rawRequest('login', body));
      expect(res.status).toBe(400);
      expect(res.body.params).toMatchObject({ field: 'body', rule: 'depth' });
    });
  }

  it('thousands of keys: 400 naming body, rule maxItems, no stall', async () => {
    const keys = Array.from({ length: 6000 }, (_, i) => `"k${i}":1`).join(',');
    const res = await lagOf('wide object (6,000 keys)', () => rawRequest('login', `{${keys}}`));
    expect(res.status).toBe(400);
    expect(res.body.params).toMatchObject({ field: 'body', rule: 'maxItems', max: JSON_MAX_KEYS });
  });

  it('a deep structure inside a string is text, not nesting', async () => {
    const res = await rawRequest('login', JSON.stringify({ userName: '['.repeat(100), password: 'x', terminal: 0 }));
    expect(res.status).toBe(400);
    expect(res.body.key).not.toBe('invalidParam');
  });

  const strings: [string, string][] = [
    ['surrogate pairs (64 KB)', JSON.stringify({ userName: '\u{1F600}'.repeat(16_000), password: 'x', terminal: 0 })],
    ['escaped lone surrogates (64 KB)', `{"userName":"${'\\ud800'.repeat(10_800)}","password":"x","terminal":0}`],
    ['escaped letters (64 KB)', `{"userName":"${'\\u0041'.repeat(10_800)}","password":"x","terminal":0}`],
    ['emoji joiners (64 KB)', JSON.stringify({ nickName: '👩\u200d💻'.repeat(5_000), userName: 'x', password: 'y' })],
  ];
  for (const [label, body] of strings) {
    it(`${label}: refused as a field, no stall`, async () => {
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_LIMIT);
      const res = await lagOf(label, () => rawRequest(label.startsWith('emoji') ? 'register' : 'login', body));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
    });
  }
});

describe('costly bodies, signed in', () => {
  it('a long list of ids: refused as a whole before parsing, no stall', async () => {
    const body = `{"groupId":${groupId},"friendIds":[${Array(21_000).fill(b.id).join(',')}]}`;
    expect(body.length).toBeLessThanOrEqual(BODY_LIMIT);
    const res = await lagOf('long id list (21,000 ids)', () => rawRequest('groupInvite', body, a.tokens.accessToken));
    expect(res.status).toBe(400);
    expect(res.body.params).toMatchObject({ field: 'body', rule: 'maxItems', max: JSON_MAX_ENTRIES });
  });

  it('deep JSON inside a message content: refused as content, no stall', async () => {
    const content = deep('[', ']', '', 60_000);
    const body = JSON.stringify({ recvId: b.id, type: MessageType.IMAGE, content, tmpId: 'deep-1' });
    const res = await lagOf('deep JSON in content', () => rawRequest('privateSend', body, a.tokens.accessToken));
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('invalidContent');
  });

  it('a long text message of surrogate pairs: refused, no stall', async () => {
    const body = JSON.stringify({
      recvId: b.id,
      type: MessageType.TEXT,
      content: '\u{1F600}'.repeat(15_000),
      tmpId: 't',
    });
    const res = await lagOf('long emoji text message', () => rawRequest('privateSend', body, a.tokens.accessToken));
    expect(res.status).toBe(400);
  });

  it('a deep socket frame: closed as a bad frame, no stall', async () => {
    const frame = `{"cmd":${Cmd.HEARTBEAT},"data":${deep('[', ']', '', 60_000)}}`;
    const closed = await lagOf('deep socket frame', async () => {
      const socket = await TestSocket.login(ts.wsUrl, a.tokens.accessToken);
      socket.send(frame);
      return socket.closed;
    });
    expect(closed.code).toBe(CloseCode.BAD_FRAME);
  });
});
