/**
 * Two server nodes sharing one database and one Redis (REDIS_URL, a fresh REDIS_PREFIX
 * per run): pushes, presence, the second-login kick and the presence push to friends
 * cross nodes, and a small loss run with the receiver hopping between nodes ends with
 * every message held exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Cmd, CloseCode, FORCE_LOGOUT_REASON, MessageType, Terminal } from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { ChatClient } from './support/chat-client.js';
import { befriend, privateOfType, syncFriend } from './support/contacts.js';
import { messageFrame, sendBody, tmpId } from './support/messages.js';
import { startCluster, usingPostgres, type TestCluster, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

const HEARTBEAT_MS = 200;

let cluster: TestCluster;
let n1: TestServer;
let n2: TestServer;
let c1: ApiClient;
let c2: ApiClient;
const sockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;
const connect = async (node: TestServer, token: string) => {
  const s = await TestSocket.login(node.wsUrl, token);
  sockets.push(s);
  return s;
};
const presenceOf = (id: number) => privateOfType(MessageType.FRIEND_UPDATE, id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retries `read` until `expected` or the deadline (presence is written to Redis just after LOGIN is answered). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    try {
      expect(value).toEqual(expected);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await sleep(25);
  }
}

beforeAll(async () => {
  cluster = await startCluster(2, { presenceHeartbeatMs: HEARTBEAT_MS });
  [n1, n2] = cluster.nodes as [TestServer, TestServer];
  c1 = new ApiClient(n1.url);
  c2 = new ApiClient(n2.url);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await cluster?.close();
});

describe('two nodes, one Redis', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    a = await registerUser(c1, { nickName: 'Alice' });
    b = await registerUser(c2, { nickName: 'Bob' });
    await befriend(c1, a, b);
  });

  it('a message sent through node 1 reaches the receiver socket on node 2, and the sender echo on node 2', async () => {
    const bSocket = await connect(n2, tok(b));
    const aApp = await login(c2, a.userName, a.password, Terminal.APP);
    const aAppSocket = await connect(n2, aApp.accessToken);
    const msg = await c1.ok('privateSend', { token: tok(a), body: sendBody(b.id, MessageType.TEXT, 'across nodes') });
    const frame = await bSocket.next(messageFrame(msg.id));
    expect(frame.data).toMatchObject({ id: msg.id, sendId: a.id, recvId: b.id, content: 'across nodes' });
    // The sender's other terminal (on the other node) gets its copy too.
    await aAppSocket.next(messageFrame(msg.id));
    aAppSocket.close();
    bSocket.close();
    await bSocket.waitClosed();
  });

  it("a user's terminals on both nodes are visible from either node", async () => {
    const online = (client: ApiClient) =>
      client.ok('userTerminalOnline', { token: tok(a), query: { userIds: String(b.id) } });
    await eventually(() => online(c1), []);
    const bWeb = await connect(n2, tok(b));
    await eventually(() => online(c1), [{ userId: b.id, terminals: [Terminal.WEB] }]);
    const bApp = await connect(n1, (await login(c1, b.userName, b.password, Terminal.APP)).accessToken);
    await eventually(() => online(c2), [{ userId: b.id, terminals: [Terminal.WEB, Terminal.APP] }]);
    await eventually(() => online(c1), [{ userId: b.id, terminals: [Terminal.WEB, Terminal.APP] }]);
    expect((await c1.ok('userFind', { token: tok(a), params: { id: b.id } })).online).toBe(true);
    bWeb.close();
    await eventually(() => online(c1), [{ userId: b.id, terminals: [Terminal.APP] }]);
    bApp.close();
    await eventually(() => online(c2), []);
  });

  it('a second login of the same terminal on node 2 force-logs-out the socket on node 1', async () => {
    const first = await connect(n1, tok(a));
    const again = await login(c2, a.userName, a.password, Terminal.WEB);
    const second = await connect(n2, again.accessToken);
    expect((await first.next((f) => f.cmd === Cmd.FORCE_LOGOUT)).data).toBe(FORCE_LOGOUT_REASON);
    expect((await first.waitClosed()).code).toBe(CloseCode.REPLACED);
    // The new socket is not kicked by its own login.
    expect(await second.quiet(300, (f) => f.cmd === Cmd.FORCE_LOGOUT)).toBe(true);
    expect(second.isClosed).toBe(false);
    second.close();
    await second.waitClosed();
    // The login ended a's first WEB session (one sign-in per terminal): the next tests use the new one.
    a.tokens = again;
  });

  it('friends on node 1 hear once that a user on node 2 came online and went offline', async () => {
    const watcher = await connect(n1, tok(a));
    await eventually(() => c1.ok('userTerminalOnline', { token: tok(a), query: { userIds: String(b.id) } }), []);
    const bWeb = await connect(n2, tok(b));
    expect(syncFriend(await watcher.next(presenceOf(b.id)))).toMatchObject({
      id: b.id,
      online: true,
      onlineWeb: true,
      onlineApp: false,
    });
    // B's APP on node 1 joins: the union across nodes is pushed.
    const bApp = await connect(n1, (await login(c1, b.userName, b.password, Terminal.APP)).accessToken);
    expect(syncFriend(await watcher.next(presenceOf(b.id)))).toMatchObject({ onlineWeb: true, onlineApp: true });
    bApp.close();
    expect(syncFriend(await watcher.next(presenceOf(b.id)))).toMatchObject({ onlineWeb: true, onlineApp: false });
    bWeb.close();
    expect(syncFriend(await watcher.next(presenceOf(b.id)))).toMatchObject({
      online: false,
      onlineWeb: false,
      onlineApp: false,
    });
    // Each change was told once.
    expect(await watcher.quiet(300, presenceOf(b.id))).toBe(true);
    const entry = (await c1.ok('friendList', { token: tok(a) })).find((f) => f.id === b.id);
    expect(entry).toMatchObject({ online: false });
    watcher.close();
  });

  it("a dead node's sockets leave presence once its heartbeat expires, and friends are told", async () => {
    const watcher = await connect(n1, tok(a));
    const bWeb = await connect(n2, tok(b));
    await watcher.next(presenceOf(b.id));
    // A node that crashed with B's APP socket online: its entries stay in Redis, its heartbeat runs out.
    const redis = new Redis(cluster.redisUrl);
    const p = cluster.redisPrefix;
    try {
      await redis
        .multi()
        .set(`${p}node:crashed`, '1', 'PX', HEARTBEAT_MS * 3)
        .sadd(`${p}nodes`, 'crashed')
        .hset(`${p}online:${b.id}`, 'crashed', String(Terminal.APP))
        .sadd(`${p}node-users:crashed`, String(b.id))
        .exec();
      const online = () => c1.ok('userTerminalOnline', { token: tok(a), query: { userIds: String(b.id) } });
      expect(await online()).toEqual([{ userId: b.id, terminals: [Terminal.WEB, Terminal.APP] }]);
      // Within 3 heartbeats the entry no longer counts, and one node sweeps it and tells the friends.
      const frame = await watcher.next(presenceOf(b.id), HEARTBEAT_MS * 10);
      expect(syncFriend(frame)).toMatchObject({ online: true, onlineWeb: true, onlineApp: false });
      expect(await online()).toEqual([{ userId: b.id, terminals: [Terminal.WEB] }]);
      expect(await redis.hexists(`${p}online:${b.id}`, 'crashed')).toBe(0);
      expect(await redis.sismember(`${p}nodes`, 'crashed')).toBe(0);
      expect(await redis.exists(`${p}node-users:crashed`)).toBe(0);
      expect(await watcher.quiet(HEARTBEAT_MS * 3, presenceOf(b.id))).toBe(true);
    } finally {
      redis.disconnect();
    }
    bWeb.close();
    await watcher.next(presenceOf(b.id));
    watcher.close();
  });
});

// Two apps on one SQLite file in one process would block each other's event loop on the
// write lock, and the per-user write order spans processes only on PostgreSQL (advisory
// locks); a multi-node deployment needs PostgreSQL (docs/MESSAGE-DELIVERY.md).
it.skipIf(!usingPostgres())(
  'loss run across nodes: 2 senders × 50 messages, receiver terminals hopping between nodes, each message held once',
  async () => {
    const nodes = [n1, n2];
    const clients = [c1, c2];
    const pick = () => Math.floor(Math.random() * 2);
    const senders = [await registerUser(c1, { nickName: 'S1' }), await registerUser(c2, { nickName: 'S2' })];
    const receiver = await registerUser(c1, { nickName: 'R' });
    for (const s of senders) await befriend(c2, s, receiver);
    const appTokens = await login(c2, receiver.userName, receiver.password, Terminal.APP);
    const terminals = [new ChatClient(n1.url, tok(receiver)), new ChatClient(n2.url, appTokens.accessToken)];

    let sending = true;
    const hops = terminals.map(async (t) => {
      while (sending) {
        t.baseUrl = nodes[pick()]!.url;
        try {
          await t.connect();
        } catch {
          // dropped before login finished
        }
        await sleep(Math.random() < 0.5 ? Math.random() * 15 : 15 + Math.random() * 120);
        t.drop();
        await sleep(Math.random() * 30);
      }
    });
    const sent: number[] = [];
    await Promise.all(
      senders.map(async (s) => {
        for (let n = 0; n < 50; n++) {
          const msg = await clients[pick()]!.ok('privateSend', {
            token: tok(s),
            body: { tmpId: tmpId(), recvId: receiver.id, type: MessageType.TEXT, content: `${s.id}:${n}` },
          });
          sent.push(msg.id);
          await sleep(Math.random() * 40);
        }
      }),
    );
    sending = false;
    await Promise.all(hops);

    for (const [i, t] of terminals.entries()) {
      t.baseUrl = nodes[i]!.url;
      await t.connect();
      await t.synced();
    }
    const expected = (
      await n1.server.db.kysely
        .selectFrom('private_messages')
        .select('id')
        .where((eb) => eb.or([eb('recv_id', '=', receiver.id), eb('send_id', '=', receiver.id)]))
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    expect(sent).toHaveLength(100);
    expect(expected).toEqual(expect.arrayContaining(sent));
    for (const t of terminals) {
      expect(t.pullErrors).toEqual([]);
      expect(t.ids()).toEqual(expected);
      expect(t.cursor).toBe(expected.at(-1));
      t.drop();
    }
    expect(terminals.reduce((n, t) => n + t.logins, 0)).toBeGreaterThan(4);
  },
  60_000,
);
