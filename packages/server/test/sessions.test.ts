/**
 * Ending a session ends its sockets (issue 7, point 1), on every node; a socket is
 * re-checked when its token expires; two refreshes of one token at once both succeed
 * (point 2) while a later reuse still ends the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode, MessageType, Terminal } from '@parley/protocol';
import { ApiClient, login, registerUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { friendPair, isPrivate, messageFrame, sendBody, closeAll } from './support/messages.js';
import { startCluster, startServer, type TestCluster, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let ts: TestServer;
let client: ApiClient;
const opened: TestSocket[] = [];
const connect = async (server: TestServer, token: string) => {
  const s = await TestSocket.login(server.wsUrl, token);
  opened.push(s);
  return s;
};

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await ts?.close();
});

describe('ending a session closes its sockets at once', () => {
  it('logout closes the sockets of that session only; its socket hears no later message', async () => {
    const [a, b] = await friendPair(ts, client);
    await client.ok('logout', { token: b.web });
    expect((await b.webSocket.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    // The APP session is another session: untouched, and still reached.
    const msg = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'after') });
    await b.appSocket.next(messageFrame(msg.id));
    expect(b.appSocket.isClosed).toBe(false);
    closeAll(a, b);
  });

  it('a password change closes every other session’s sockets and keeps this one’s', async () => {
    const u = await registerUser(client);
    const app = await login(client, u.userName, u.password, Terminal.APP);
    const web = await connect(ts, u.tokens.accessToken);
    const appSocket = await connect(ts, app.accessToken);
    await client.ok('modifyPassword', {
      token: u.tokens.accessToken,
      body: { oldPassword: u.password, newPassword: 'changed1' },
    });
    expect((await appSocket.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    expect(await web.quiet(200)).toBe(true);
    expect(web.isClosed).toBe(false);
  });

  it('reuse of a rotated refresh token (theft) closes the session’s sockets', async () => {
    const u = await registerUser(client);
    const s = await connect(ts, u.tokens.accessToken);
    const second = await client.ok('refreshToken', { refreshToken: u.tokens.refreshToken });
    await client.ok('refreshToken', { refreshToken: second.refreshToken });
    // The first token's successor is already used: this is no concurrent repeat.
    const reuse = await client.call('refreshToken', { refreshToken: u.tokens.refreshToken });
    expect(reuse.status).toBe(401);
    expect((await s.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
  });

  it('a deleted account’s sockets are told and closed', async () => {
    const u = await registerUser(client);
    const s = await connect(ts, u.tokens.accessToken);
    await ts.server.services.moderation.deleteUser(u.id);
    expect((await s.waitClosed()).code).toBe(CloseCode.BANNED_OR_UNREG);
  });
});

describe('a socket does not outlive its token without a re-check', () => {
  let short: TestServer;
  let shortClient: ApiClient;
  beforeAll(async () => {
    // Tokens expire on whole seconds (JWT exp), so a 1 s lifetime may be almost nothing: 2 s.
    short = await startServer({ accessTokenTtlS: 2 });
    shortClient = new ApiClient(short.url);
  });
  afterAll(() => short?.close());

  it('a session revoked without any push (a lost bus message) closes its socket once the token expires', async () => {
    const u = await registerUser(shortClient);
    const s = await connect(short, u.tokens.accessToken);
    // Revoke in the database only: no close envelope is published.
    await short.server.db.kysely
      .updateTable('refresh_tokens')
      .set({ revoked_at: Date.now() })
      .where('user_id', '=', u.id)
      .execute();
    expect((await s.waitClosed(4000)).code).toBe(CloseCode.AUTH_FAILED);
  });

  it('a live session keeps its socket past the token’s expiry', async () => {
    const u = await registerUser(shortClient);
    const s = await connect(short, u.tokens.accessToken);
    for (let i = 0; i < 6; i++) {
      await sleep(500);
      s.send({ cmd: 1, data: {} });
    }
    expect(s.isClosed).toBe(false);
    expect(s.frames.filter((f) => f.cmd === 1).length).toBeGreaterThanOrEqual(4);
  });
});

describe('two refreshes of the same token at once (two tabs)', () => {
  it('both get the same new pair, which works; the session lives on', async () => {
    const u = await registerUser(client);
    const s = await connect(ts, u.tokens.accessToken);
    const [r1, r2] = await Promise.all([
      client.call('refreshToken', { refreshToken: u.tokens.refreshToken }),
      client.call('refreshToken', { refreshToken: u.tokens.refreshToken }),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r1.body.data.refreshToken).toBe(r2.body.data.refreshToken);
    for (const r of [r1, r2]) expect((await client.ok('userSelf', { token: r.body.data.accessToken })).id).toBe(u.id);
    await client.ok('refreshToken', { refreshToken: r1.body.data.refreshToken });
    expect(s.isClosed).toBe(false);
  });

  it('a repeat after the grace window is treated as theft', async () => {
    const strict = await startServer({ refreshGraceS: 1 });
    try {
      const c = new ApiClient(strict.url);
      const u = await registerUser(c);
      const next = await c.ok('refreshToken', { refreshToken: u.tokens.refreshToken });
      await sleep(1100);
      expect((await c.call('refreshToken', { refreshToken: u.tokens.refreshToken })).status).toBe(401);
      expect((await c.call('refreshToken', { refreshToken: next.refreshToken })).status).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('on two nodes', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster(2);
  });
  afterAll(() => cluster?.close());

  it('a logout through node 1 closes the session’s socket on node 2', async () => {
    const [n1, n2] = cluster.nodes as [TestServer, TestServer];
    const c1 = new ApiClient(n1.url);
    const a = await registerUser(c1);
    const b = await registerUser(c1);
    await befriend(c1, a, b);
    const s = await connect(n2, b.tokens.accessToken);
    await c1.ok('logout', { token: b.tokens.accessToken });
    expect((await s.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    await c1.ok('privateSend', { token: a.tokens.accessToken, body: sendBody(b.id, MessageType.TEXT, 'x') });
    expect(s.frames.filter(isPrivate).length).toBe(0);
  });
});
