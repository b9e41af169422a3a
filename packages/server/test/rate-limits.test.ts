/**
 * Abuse limits (issue 7, point 4): every endpoint has a budget per user and per
 * address, shared by all nodes through Redis; over it → 429 tooManyRequests with
 * Retry-After. Login has a per-account backoff; uploads a daily byte budget; sockets
 * a frame budget. The defaults let a heavy user through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode, Cmd, MessageType, Terminal, api, type EndpointName } from '@parley/protocol';
import { DEFAULT_LIMITS } from '../src/limits/table.js';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { sendBody } from './support/messages.js';
import { listUploads, startCluster, startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function expect429(res: { status: number; body: { code: number; key?: string } }) {
  expect([res.status, res.body.code, res.body.key]).toEqual([429, 429, 'tooManyRequests']);
}

async function raw(url: string, path: string, init: RequestInit = {}) {
  const res = await fetch(url + '/api' + path, init);
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { message: string },
  };
}

describe('the limit table', () => {
  it('has a row for every endpoint, with a user budget for every signed-in one', () => {
    for (const [name, endpoint] of Object.entries(api) as [EndpointName, (typeof api)[EndpointName]][]) {
      const row = DEFAULT_LIMITS[name];
      expect(row, name).toBeDefined();
      expect(row.address[0], name).toBeGreaterThan(0);
      if (endpoint.auth) expect(row.user?.[0], name).toBeGreaterThan(0);
    }
  });
});

describe('with the default limits', () => {
  let ts: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    ts = await startServer({ rateLimits: undefined });
    client = new ApiClient(ts.url);
  });
  afterAll(() => ts?.close());

  it('a heavy user’s minute goes through: 100 messages, 100 reads, 50 history pages, 50 profile looks', async () => {
    const a = await registerUser(client);
    const b = await registerUser(client);
    await befriend(client, a, b);
    const token = a.tokens.accessToken;
    for (let i = 0; i < 100; i++) {
      await client.ok('privateSend', { token, body: sendBody(b.id, MessageType.TEXT, `m${i}`) });
      await client.ok('privateReaded', { token, query: { friendId: b.id } });
    }
    for (let i = 0; i < 50; i++) {
      await client.ok('privateHistory', { token, query: { friendId: b.id, page: 1 + (i % 5), size: 20 } });
      await client.ok('userFind', { token, params: { id: b.id } });
    }
  });

  it('a script sending as fast as it can is stopped with 429 and Retry-After; nothing more is stored', async () => {
    const a = await registerUser(client);
    const b = await registerUser(client);
    await befriend(client, a, b);
    const budget = DEFAULT_LIMITS.privateSend.user![0];
    const results = [];
    for (let i = 0; i < budget + 5; i++) {
      results.push(await client.call('privateSend', { token: a.tokens.accessToken, body: sendBody(b.id, 0, `x${i}`) }));
    }
    expect(results.filter((r) => r.status === 200).length).toBe(budget);
    expect429(results.at(-1)!);
    const stored = await ts.server.db.kysely
      .selectFrom('private_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('send_id', '=', a.id)
      .where('type', '=', MessageType.TEXT)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(budget);
    const r = await raw(ts.url, `/message/private/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accessToken: a.tokens.accessToken },
      body: JSON.stringify(sendBody(b.id, 0, 'more')),
    });
    expect(r.status).toBe(429);
    expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(r.body.message).toBe('Too many requests, please slow down');
  });

  it('a heartbeat flood closes the socket with TOO_MANY_FRAMES', async () => {
    const u = await registerUser(client);
    const s = await TestSocket.login(ts.wsUrl, u.tokens.accessToken);
    for (let i = 0; i < 200; i++) s.send({ cmd: Cmd.HEARTBEAT, data: {} });
    expect((await s.waitClosed()).code).toBe(CloseCode.TOO_MANY_FRAMES);
  });

  it('a socket heartbeating every 10 s (here: 25 beats) is never closed', async () => {
    const u = await registerUser(client);
    const s = await TestSocket.login(ts.wsUrl, u.tokens.accessToken);
    for (let i = 0; i < 25; i++) s.send({ cmd: Cmd.HEARTBEAT, data: {} });
    await sleep(200);
    expect(s.isClosed).toBe(false);
    s.close();
  });
});

describe('configured budgets', () => {
  let ts: TestServer;
  let client: ApiClient;
  let a: TestUser;
  beforeAll(async () => {
    ts = await startServer({
      rateLimits: JSON.stringify({ userFind: { user: [3, 60], address: [5, 60] }, friendAdd: { user: [2, 3600] } }),
      uploadBytesPerDay: 4000,
    });
    client = new ApiClient(ts.url);
    a = await registerUser(client);
  });
  afterAll(() => ts?.close());

  it('per user, then per address across users', async () => {
    const b = await registerUser(client);
    for (let i = 0; i < 3; i++) await client.ok('userFind', { token: a.tokens.accessToken, params: { id: b.id } });
    expect429(await client.call('userFind', { token: a.tokens.accessToken, params: { id: b.id } }));
    // b has its own user budget, but the address has 5 in all (4 spent by a's calls).
    await client.ok('userFind', { token: b.tokens.accessToken, params: { id: a.id } });
    expect429(await client.call('userFind', { token: b.tokens.accessToken, params: { id: a.id } }));
  });

  it('friend adds: the refused one adds nobody', async () => {
    const [x, y, z] = [await registerUser(client), await registerUser(client), await registerUser(client)];
    await client.ok('friendAdd', { token: a.tokens.accessToken, query: { friendId: x.id } });
    await client.ok('friendAdd', { token: a.tokens.accessToken, query: { friendId: y.id } });
    expect429(await client.call('friendAdd', { token: a.tokens.accessToken, query: { friendId: z.id } }));
    const list = await client.ok('friendList', { token: a.tokens.accessToken });
    expect(list.map((f) => f.id).sort()).toEqual([x.id, y.id].sort());
  });

  it('upload bytes per day: an upload past the budget is refused before it is read, nothing stored', async () => {
    const u = await registerUser(client);
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob([Buffer.alloc(3000, 1)]), 'a.bin');
      return f;
    };
    await client.ok('fileUpload', { token: u.tokens.accessToken, form: form() });
    const before = await listUploads(ts.dataDir);
    expect429(await client.call('fileUpload', { token: u.tokens.accessToken, form: form() }));
    expect(await listUploads(ts.dataDir)).toEqual(before);
  });
});

describe('login backoff per account', () => {
  let ts: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    // No per-address login limit here: the per-account backoff alone is under test.
    ts = await startServer({ rateLimits: '{}', authRatePerMin: 0 });
    client = new ApiClient(ts.url);
  });
  afterAll(() => ts?.close());

  it('after 5 wrong passwords the account waits 1 s, 2 s …, even for the right one; success clears it', async () => {
    const u = await registerUser(client);
    const attempt = (password: string) =>
      client.call('login', { body: { terminal: Terminal.WEB, userName: u.userName, password } });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-1')).body.key).toBe('passwordIncorrect');
    // The 5th failure started a 1 s wait.
    expect429(await attempt(u.password));
    await sleep(1100);
    expect((await attempt('wrong-2')).body.key).toBe('passwordIncorrect'); // then 2 s
    await sleep(1100);
    expect429(await attempt(u.password));
    await sleep(1000);
    expect((await attempt(u.password)).status).toBe(200);
    // Cleared: wrong passwords are answered as such again.
    expect((await attempt('wrong-3')).body.key).toBe('passwordIncorrect');
    // Another account is not affected at any time.
    const other = await registerUser(client);
    expect(
      (await client.call('login', { body: { terminal: 0, userName: other.userName, password: other.password } }))
        .status,
    ).toBe(200);
  });
});

describe('budgets shared by two nodes through Redis', () => {
  it('calls on either node spend one budget', async () => {
    const cluster = await startCluster(2, { rateLimits: JSON.stringify({ userFind: { user: [4, 60] } }) });
    try {
      const [n1, n2] = cluster.nodes as [TestServer, TestServer];
      const c1 = new ApiClient(n1.url);
      const c2 = new ApiClient(n2.url);
      const u = await registerUser(c1);
      const token = u.tokens.accessToken;
      for (const c of [c1, c2, c1, c2]) await c.ok('userFind', { token, params: { id: u.id } });
      expect429(await c2.call('userFind', { token, params: { id: u.id } }));
      expect429(await c1.call('userFind', { token, params: { id: u.id } }));
    } finally {
      await cluster.close();
    }
  });
});
