/**
 * Two nodes behind a real nginx (issue 23 points 2 and 5): the compiled server as two
 * child processes on one PostgreSQL database and one Redis, each with its own DATA_DIR
 * (as on two machines: only JWT_SECRET and, for media, object storage are shared), behind
 * nginx running the shipped deploy/nginx/parley-proxy.conf. A chat and a group call's
 * signalling with the parties' sockets on different nodes, an upload on one node served
 * by the other, and a rolling restart of both nodes while users send: nothing lost,
 * nothing twice, order kept, nobody signed out.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cmd,
  GroupCallSignal as G,
  MessageType,
  type GroupCallSignalFrame,
  type PrivateMessage,
  type ServerFrame,
  Terminal,
} from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { ANSWER, OFFER } from './support/calls.js';
import { ChatClient } from './support/chat-client.js';
import { startChildServer, type ChildServer } from './support/child-server.js';
import { befriend } from './support/contacts.js';
import { messageFrame, sendBody } from './support/messages.js';
import { answeredBy, NGINX_SOURCE_ADDRESS, startNginx, type Nginx } from './support/nginx.js';
import { allHeld, ContinuousSender, ReconnectingTerminal, tally, type Receiver } from './support/rolling-clients.js';
import { startS3Server } from './support/s3-server.js';
import { createClusterStore, usingPostgres, type ClusterStore } from './support/server.js';
import { TestSocket } from './support/ws.js';

const DRAIN_TIMEOUT_MS = 5_000;

let store: ClusterStore;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let nginx: Nginx;
const nodes: ChildServer[] = [];
let api: ApiClient;
const open: TestSocket[] = [];
/** Stops clients that would otherwise go on reconnecting and sending after a failure. */
const stoppers: (() => void)[] = [];
const jwtSecret = crypto.randomBytes(32).toString('base64url');

/** Node `i`'s settings: the shared store, its own DATA_DIR, the shared secret and media. */
const nodeEnv = (i: number): Record<string, string> => ({
  ...store.env,
  DATA_DIR: `${store.dataDir}/node${i}`,
  JWT_SECRET: jwtSecret,
  TRUST_PROXY: '1',
  DRAIN_TIMEOUT_MS: String(DRAIN_TIMEOUT_MS),
  FRIEND_REQUESTS: 'off',
  MAX_IN_FLIGHT_PER_USER: '0',
  // Request lines name the client's address as the node sees it.
  LOG_LEVEL: 'info',
  ...(s3?.env ?? {}),
});
const hostOf = (node: ChildServer) => `127.0.0.1:${node.port}`;

/** A socket through nginx on node `want` (opened again until the balancer puts it there). */
async function socketOn(want: ChildServer, token: string): Promise<TestSocket> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const s = await TestSocket.login(nginx.wsUrl, token);
    if (answeredBy(s.upgradeHeaders) === hostOf(want)) {
      open.push(s);
      return s;
    }
    s.close();
    await s.waitClosed();
  }
  throw new Error(`nginx never sent a socket to ${hostOf(want)}`);
}

/** Resolves once nginx sends requests to `node` again (after a restart its passive health lets it back). */
async function routedTo(node: ChildServer, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`${nginx.url}/readyz`).then((r) => answeredBy(r.headers))) !== hostOf(node)) {
    if (Date.now() > deadline) throw new Error(`nginx did not route to ${hostOf(node)} again`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const tok = (u: TestUser) => u.tokens.accessToken;

describe.skipIf(!usingPostgres())('two nodes behind nginx (a cluster runs on PostgreSQL: TEST_DB=postgres)', () => {
  beforeAll(async () => {
    store = await createClusterStore();
    s3 = await startS3Server();
    const started = await Promise.allSettled([0, 1].map((i) => startChildServer(nodeEnv(i))));
    // Both or none: a node that did start is still stopped by afterAll.
    for (const r of started) if (r.status === 'fulfilled') nodes.push(r.value);
    for (const r of started) if (r.status === 'rejected') throw r.reason;
    nginx = await startNginx(nodes.map((n) => n.url));
    api = new ApiClient(nginx.url);
  }, 60_000);
  afterAll(async () => {
    for (const stop of stoppers) stop();
    for (const s of open) s.close();
    await nginx?.stop();
    for (const n of nodes) n.kill();
    await Promise.all(nodes.map((n) => n.exited));
    await s3?.stop();
    await store?.close();
  });

  it("a node counts a request under the client's address: the one nginx saw, not one the client claims", async () => {
    const probe = `/api/no-such-path-${crypto.randomUUID()}`;
    const res = await fetch(nginx.url + probe, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(404);
    const node = nodes.find((n) => hostOf(n) === answeredBy(res.headers))!;
    await node.logged(probe);
    const line = node
      .log()
      .split('\n')
      .find((l) => l.includes(probe) && l.includes('incoming request'))!;
    const { remoteAddress } = (JSON.parse(line) as { req: { remoteAddress: string } }).req;
    // The client (127.0.0.1), not nginx's own address (TRUST_PROXY) nor the claimed one.
    expect([remoteAddress, NGINX_SOURCE_ADDRESS]).toEqual(['127.0.0.1', '127.0.0.2']);
  });

  it('a private chat with the two sockets on different nodes', async () => {
    const [alice, bob] = [await registerUser(api, { nickName: 'Alice' }), await registerUser(api, { nickName: 'Bob' })];
    await befriend(api, alice, bob);
    const aliceSocket = await socketOn(nodes[0]!, tok(alice));
    const bobSocket = await socketOn(nodes[1]!, tok(bob));
    const hi = await api.ok('privateSend', { token: tok(alice), body: sendBody(bob.id, MessageType.TEXT, 'hi Bob') });
    expect((await bobSocket.next(messageFrame(hi.id))).data).toMatchObject({ content: 'hi Bob', sendId: alice.id });
    const back = await api.ok('privateSend', { token: tok(bob), body: sendBody(alice.id, MessageType.TEXT, 'hi') });
    expect((await aliceSocket.next(messageFrame(back.id))).data).toMatchObject({ content: 'hi', sendId: bob.id });
    const history = await api.ok('privateHistory', {
      token: tok(bob),
      query: { friendId: alice.id, page: 1, size: 10 },
    });
    expect(history.map((m: PrivateMessage) => m.id)).toEqual(expect.arrayContaining([hi.id, back.id]));
  });

  it("a group call's signalling with members on both nodes", async () => {
    const [a, b, c] = [
      await registerUser(api, { nickName: 'A' }),
      await registerUser(api, { nickName: 'B' }),
      await registerUser(api, { nickName: 'C' }),
    ];
    for (const u of [b, c]) await befriend(api, a, u);
    const { id: groupId } = await api.ok('groupCreate', {
      token: tok(a),
      body: { name: 'G', friendIds: [b.id, c.id] },
    });
    const [sa, sb, sc] = [
      await socketOn(nodes[0]!, tok(a)),
      await socketOn(nodes[1]!, tok(b)),
      await socketOn(nodes[1]!, tok(c)),
    ];
    const signal = (type: number) => (f: ServerFrame) =>
      f.cmd === Cmd.GROUP_MESSAGE && (f.data as GroupCallSignalFrame).type === type && 'callId' in (f.data as object);
    await api.ok('groupCallSetup', { token: tok(a), body: { groupId, userInfos: [{ id: b.id }, { id: c.id }] } });
    for (const s of [sb, sc]) await s.next(signal(G.SETUP));
    await api.ok('groupCallAccept', { token: tok(b), query: { groupId } });
    await sa.next(signal(G.ACCEPT));
    await api.ok('groupCallOffer', { token: tok(a), body: { groupId, userId: b.id, offer: OFFER } });
    await sb.next(signal(G.OFFER));
    await api.ok('groupCallAnswer', { token: tok(b), body: { groupId, userId: a.id, answer: ANSWER } });
    await sa.next(signal(G.ANSWER));
    expect((await api.ok('groupCallInfo', { token: tok(c), query: { groupId } })).joinedUserIds).toEqual([a.id, b.id]);
    await api.ok('groupCallQuit', { token: tok(b), query: { groupId } });
    await sa.next(signal(G.QUIT));
  });

  it('an upload on node 1 is downloaded through nginx from node 2 (object storage)', async () => {
    const u = await registerUser(api);
    const data = crypto.randomBytes(300_000);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), 'report.pdf');
    const url = await new ApiClient(nodes[0]!.url).ok('fileUpload', { token: tok(u), form });
    // Round robin: within a few requests one is answered by node 2, which never saw the upload.
    let fromNode2: Response | undefined;
    for (let i = 0; i < 6 && !fromNode2; i++) {
      const res = await fetch(nginx.url + url, { redirect: 'manual' });
      if (answeredBy(res.headers) === hostOf(nodes[1]!)) fromNode2 = res;
      else await res.arrayBuffer();
    }
    expect(fromNode2, 'no download answered by node 2').toBeDefined();
    const location = fromNode2!.headers.get('location');
    const body = location ? await fetch(new URL(location, nginx.url)) : fromNode2!;
    expect(body.status).toBe(200);
    expect(Buffer.from(await body.arrayBuffer()).equals(data)).toBe(true);
    // An upload through nginx too (its body size limit lets a real file through).
    const form2 = new FormData();
    form2.append('file', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), 'again.pdf');
    const url2 = await api.ok('fileUpload', { token: tok(u), form: form2 });
    const again = await fetch(nginx.url + url2);
    expect(Buffer.from(await again.arrayBuffer()).equals(data)).toBe(true);
  });

  it('a rolling restart of both nodes while users send: 0 lost, 0 duplicated, order kept, nobody signed out', async () => {
    const started = Date.now();
    const users: TestUser[] = [];
    for (let i = 0; i < 4; i++) users.push(await registerUser(api, { nickName: `R${i}` }));
    const [u0, u1, u2, u3] = users as [TestUser, TestUser, TestUser, TestUser];
    for (const [x, y] of [
      [u0, u1],
      [u2, u3],
      [u0, u2],
      [u0, u3],
    ] as const)
      await befriend(api, x, y);
    const { id: groupId } = await api.ok('groupCreate', {
      token: tok(u0),
      body: { name: 'Restart', friendIds: [u1.id, u2.id, u3.id] },
    });
    const partner = new Map([
      [u0.id, u1.id],
      [u1.id, u0.id],
      [u2.id, u3.id],
      [u3.id, u2.id],
    ]);
    // Each user: the WEB terminal sends and holds the private stream, the APP terminal holds
    // the group stream (the server echoes the user's own group sends to it).
    const privateTerminals = new Map<number, ReconnectingTerminal>();
    const groupTerminals = new Map<number, ReconnectingTerminal>();
    for (const u of users) {
      const app = await login(api, u.userName, u.password, Terminal.APP);
      privateTerminals.set(u.id, new ReconnectingTerminal(new ChatClient(nginx.url, tok(u), 'private')));
      groupTerminals.set(u.id, new ReconnectingTerminal(new ChatClient(nginx.url, app.accessToken, 'group')));
    }
    const terminals = [...privateTerminals.values(), ...groupTerminals.values()];
    stoppers.push(() => terminals.forEach((t) => t.stop()));
    await Promise.all(terminals.map((t) => t.start()));

    const senders = users.map(
      (u) => new ContinuousSender(api, u.id, tok(u), { friendId: partner.get(u.id)!, groupId }),
    );
    let sending = true;
    stoppers.push(() => senders.forEach((s) => s.abandon()));
    const runs = senders.map((s) => s.run(() => !sending, 40));
    const sentCount = () => senders.reduce((n, s) => n + s.sent.length, 0);
    /** Waits until `more` further sends were answered: traffic flows. */
    const progress = async (more: number) => {
      const target = sentCount() + more;
      const deadline = Date.now() + 10_000;
      while (sentCount() < target) {
        if (Date.now() > deadline) throw new Error('sends stopped making progress');
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    const phases: Record<string, number> = { setup: Date.now() - started };
    const mark = (name: string, since: number) => (phases[name] = Date.now() - since);
    await progress(20);
    const exits: { code: number | null; ms: number }[] = [];
    for (const i of [0, 1]) {
      const node = nodes[i]!;
      const termAt = Date.now();
      node.child.kill('SIGTERM');
      const exit = await node.exited;
      exits.push({ code: exit.code, ms: exit.at - termAt });
      const startAt = Date.now();
      nodes[i] = await startChildServer(nodeEnv(i), 30_000, node.port);
      mark(`start${i + 1}`, startAt);
      await routedTo(nodes[i]!);
      mark(`routed${i + 1}`, startAt);
      // Its sockets have moved to the other node and come back; sends flow before the next.
      await progress(30);
      mark(`restart${i + 1}`, termAt);
    }
    sending = false;
    await Promise.all(runs);
    const settleAt = Date.now();
    await Promise.all(terminals.map((t) => t.settled()));
    // What each receiver must hold: its partner's private sends, and every group send.
    const sent = senders.flatMap((s, i) => s.sent.map((m) => ({ ...m, from: users[i]!.id })));
    const everyone = new Set(users.map((u) => u.id));
    const receivers: Receiver[] = users.flatMap((u) => {
      const from = partner.get(u.id)!;
      return [
        {
          terminal: privateTerminals.get(u.id)!,
          from: new Set([from]),
          expected: sent.filter((m) => m.stream === 'private' && m.from === from),
        },
        { terminal: groupTerminals.get(u.id)!, from: everyone, expected: sent.filter((m) => m.stream === 'group') },
      ];
    });
    // The last sends' pushes may still be on their way.
    await allHeld(receivers, 5_000);
    mark('settle', settleAt);
    const { delivered, lost, duplicated, outOfOrder, unexpected, maxGapMs } = tally(receivers);
    const figures = {
      sent: sent.length,
      expectedDeliveries: delivered + lost,
      delivered,
      lost,
      duplicated,
      outOfOrder,
      sendRetries: senders.reduce((n, s) => n + s.retries, 0),
      reconnects: terminals.reduce((n, t) => n + t.reconnects, 0),
      closes4010: terminals.reduce((n, t) => n + t.restartCloses, 0),
      pullRetries: terminals.reduce((n, t) => n + t.chat.pullRetries, 0),
      longestOfflineMs: Math.max(...terminals.map((t) => t.longestOfflineMs)),
      maxGapMs,
      drainExitMs: exits.map((e) => e.ms),
      testMs: Date.now() - started,
      phases,
    };
    console.log(`rolling restart behind nginx: ${JSON.stringify(figures)}`);
    for (const t of terminals) t.stop();

    expect(exits.map((e) => e.code)).toEqual([0, 0]);
    for (const e of exits) expect(e.ms).toBeLessThan(DRAIN_TIMEOUT_MS);
    expect({ lost, duplicated, outOfOrder, unexpected }).toEqual({
      lost: 0,
      duplicated: 0,
      outOfOrder: 0,
      unexpected: 0,
    });
    expect(terminals.flatMap((t) => [...t.signedOut, ...t.chat.pullErrors])).toEqual([]);
    expect(senders.reduce((n, s) => n + s.unauthorized, 0)).toBe(0);
    // Every terminal sat on a node when it drained, and was told to reconnect.
    expect(terminals.map((t) => t.restartCloses > 0)).not.toContain(false);
  }, 60_000);
});
