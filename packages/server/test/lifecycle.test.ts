/**
 * Graceful drain on SIGTERM (issue 23 point 5, node side). Node A is the compiled server
 * as a child process, node B an in-process one; both share the database, DATA_DIR and one
 * Redis, as two nodes behind a balancer. A send is in flight on A (its body half written)
 * when A gets SIGTERM: A turns unready, refuses new requests and upgrades with 503, closes
 * every socket with 4010, finishes the send, and exits 0 within DRAIN_TIMEOUT_MS. The
 * receiver, back on B, gets the message once.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  ACCESS_TOKEN_HEADER,
  API_BASE,
  Cmd,
  CloseCode,
  MessageType,
  Terminal,
  WS_PATH,
  type PrivateMessage,
} from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { befriend } from './support/contacts.js';
import { messageFrame, sendBody } from './support/messages.js';
import { startCluster, type TestCluster, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

const DRAIN_TIMEOUT_MS = 10_000;
/** The second node's bound, for a request that never ends. */
const SHORT_DRAIN_MS = 2_500;

let cluster: TestCluster;
let b: TestServer;
let a: ChildServer;
let short: ChildServer | undefined;
const sockets: TestSocket[] = [];

/** A child node of the cluster: B's database, DATA_DIR and Redis prefix. */
const childNode = (drainTimeoutMs: number) =>
  startChildServer({
    DATA_DIR: b.dataDir,
    ...(b.config.databaseUrl ? { DATABASE_URL: b.config.databaseUrl } : {}),
    REDIS_URL: cluster.redisUrl,
    REDIS_PREFIX: cluster.redisPrefix,
    DRAIN_TIMEOUT_MS: String(drainTimeoutMs),
    FRIEND_REQUESTS: 'off',
    // "incoming request" lines tell the test when the node holds a request.
    LOG_LEVEL: 'info',
  });

beforeAll(async () => {
  cluster = await startCluster(1);
  b = cluster.nodes[0]!;
  a = await childNode(DRAIN_TIMEOUT_MS);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  a?.kill();
  short?.kill();
  await cluster?.close();
});

/** A request whose headers are sent now and whose body waits for `finish()`. */
function halfSentSend(url: string, token: string, body: object) {
  const text = JSON.stringify(body);
  const cut = Math.floor(text.length / 2);
  const req = http.request(`${url}${API_BASE}/message/private/send`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      [ACCESS_TOKEN_HEADER]: token,
    },
  });
  const reply = new Promise<{ status: number; body: { code: number; data: PrivateMessage } }>((resolve, reject) => {
    req.on('response', (res) => {
      let raw = '';
      res.on('data', (d: Buffer) => (raw += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(raw) }));
    });
    req.on('error', reject);
  });
  req.write(text.slice(0, cut));
  return { reply, finish: () => req.end(text.slice(cut)) };
}

/** The status of a socket upgrade refused before it opened. */
function upgradeStatus(wsUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl + WS_PATH);
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => reject(new Error('upgrade accepted while draining')));
    ws.on('error', () => undefined);
  });
}

describe('a node draining on SIGTERM', () => {
  it('closes every socket with 4010, refuses new work, finishes the send in flight, and exits within the bound', async () => {
    const cb = new ApiClient(b.url);
    const ca = new ApiClient(a.url);
    const users: TestUser[] = [];
    for (const nickName of ['Alice', 'Bob', 'Carol']) users.push(await registerUser(cb, { nickName }));
    const [alice, bob] = users as [TestUser, TestUser, TestUser];
    await befriend(cb, alice, bob);
    // Two terminals each on node A: six sockets.
    const onA: TestSocket[] = [];
    for (const u of users) {
      const app = await login(ca, u.userName, u.password, Terminal.APP);
      for (const token of [u.tokens.accessToken, app.accessToken]) onA.push(await TestSocket.login(a.wsUrl, token));
    }
    sockets.push(...onA);

    const body = sendBody(bob.id, MessageType.TEXT, 'sent just before SIGTERM');
    const send = halfSentSend(a.url, alice.tokens.accessToken, body);
    await a.logged(`${API_BASE}/message/private/send`);
    const termAt = Date.now();
    a.child.kill('SIGTERM');

    // Every socket is told to reconnect now.
    for (const s of onA) expect((await s.waitClosed()).code).toBe(CloseCode.RESTARTING);
    // While the send holds the drain open: unready, alive, and new work refused.
    const ready = await fetch(`${a.url}/readyz`);
    expect([ready.status, ((await ready.json()) as { status: string }).status]).toEqual([503, 'draining']);
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    const refused = await fetch(`${a.url}${API_BASE}/user/self`, {
      headers: { [ACCESS_TOKEN_HEADER]: alice.tokens.accessToken },
    });
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
    expect(await upgradeStatus(a.wsUrl)).toBe(503);

    // Bob reconnects to the other node; then the send in flight completes on A.
    const bobOnB = await TestSocket.login(b.wsUrl, bob.tokens.accessToken);
    sockets.push(bobOnB);
    send.finish();
    const reply = await send.reply;
    expect([reply.status, reply.body.code]).toEqual([200, 200]);
    const id = reply.body.data.id;
    const frame = await bobOnB.next(messageFrame(id));
    expect(frame.data).toMatchObject({ id, content: 'sent just before SIGTERM' });

    const exit = await a.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - termAt).toBeLessThan(DRAIN_TIMEOUT_MS);

    // Stored once: the history on B and the rows with its tmpId.
    const history = await cb.ok('privateHistory', {
      token: bob.tokens.accessToken,
      query: { friendId: alice.id, page: 1, size: 20 },
    });
    expect(history.filter((m) => m.content === 'sent just before SIGTERM').map((m) => m.id)).toEqual([id]);
    const rows = await b.server.db.kysely
      .selectFrom('private_messages')
      .select('id')
      .where('tmp_id', '=', body.tmpId)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([id]);
    // No other frame of it reached Bob on B.
    expect(bobOnB.frames.filter((f) => f.cmd === Cmd.PRIVATE_MESSAGE && (f.data as { id: number }).id === id)).toEqual(
      [],
    );
  });

  it('cuts a request that never ends at the bound and still exits 0 within DRAIN_TIMEOUT_MS', async () => {
    short = await childNode(SHORT_DRAIN_MS);
    const cb = new ApiClient(b.url);
    const [carol, dave] = [await registerUser(cb, { nickName: 'Carol' }), await registerUser(cb, { nickName: 'Dave' })];
    await befriend(cb, carol, dave);
    const stuck = halfSentSend(short.url, carol.tokens.accessToken, sendBody(dave.id, MessageType.TEXT, 'never ends'));
    const cut = stuck.reply.then(
      () => 'answered',
      () => 'cut',
    );
    await short.logged(`${API_BASE}/message/private/send`);
    const termAt = Date.now();
    short.child.kill('SIGTERM');
    const exit = await short.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - termAt).toBeLessThan(SHORT_DRAIN_MS);
    expect(await cut).toBe('cut');
  });
});
