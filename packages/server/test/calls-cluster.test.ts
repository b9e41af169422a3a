/**
 * Private calls across two nodes sharing Redis (the call store) and the database
 * (PostgreSQL with TEST_DB=postgres, as production runs several nodes; one SQLite file
 * otherwise): caller and callee on different nodes, requests on either, and the timers
 * swept by the node that did not make the call. Both nodes sweeping at once still end
 * a call once (docs/CALLS.md §6, §12).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cmd,
  GroupCallSignal as G,
  MessageStatus,
  MessageType,
  PrivateCallSignal as S,
  type GroupCallSignalFrame,
  type PrivateMessage,
  type ServerFrame,
} from '@parley/protocol';
import { ApiClient } from './support/api.js';
import { ANSWER, OFFER, expectRecord, expectSignal, noSignal, ok, recordRows } from './support/calls.js';
import { befriend } from './support/contacts.js';
import { closeAll, isPrivate, sockets, twoTerminalUser, type TwoTerminalUser } from './support/messages.js';
import { startCluster, type TestCluster, type TestServer } from './support/server.js';

let cluster: TestCluster;
let n0: TestServer;
let n1: TestServer;
let c0: ApiClient;
let c1: ApiClient;
let offset = 0;

const sweepOn = (node: TestServer) => node.server.services.sweepCalls();

/** A on node 0, B on node 1 (both terminals each), friends, queues emptied. */
async function pairAcrossNodes(): Promise<[TwoTerminalUser, TwoTerminalUser]> {
  const a = await twoTerminalUser(n0, c0, 'Alice');
  const b = await twoTerminalUser(n1, c1, 'Bob');
  await befriend(c0, a, b);
  for (const s of sockets(a, b)) {
    await s.next((f) => isPrivate(f) && (f.data as PrivateMessage).type === MessageType.TIP_TEXT);
  }
  await new Promise((r) => setTimeout(r, 100));
  for (const s of sockets(a, b)) s.frames.length = 0;
  return [a, b];
}

describe('two nodes', () => {
  beforeAll(async () => {
    cluster = await startCluster(2, { clock: () => Date.now() + offset, callSweepIntervalMs: 0 });
    [n0, n1] = cluster.nodes as [TestServer, TestServer];
    c0 = new ApiClient(n0.url);
    c1 = new ApiClient(n1.url);
    expect(n0.server.services.callStore.name).toBe('redis');
  });
  afterAll(() => cluster?.close());

  it('setup on node 0, accept and relay on node 1, handup on node 0: every frame reaches the other node', async () => {
    const [a, b] = await pairAcrossNodes();
    await ok(c0, 'privateCallSetup', a.web, b.id);
    await expectSignal(b.webSocket, S.SETUP_VIDEO);
    await expectSignal(b.appSocket, S.SETUP_VIDEO);
    await ok(c1, 'privateCallAccept', b.app, a.id);
    await expectSignal(a.webSocket, S.ACCEPT);
    await expectSignal(b.webSocket, S.ACCEPT);
    // Requests may land on any node.
    await ok(c1, 'privateCallOffer', a.web, b.id, { body: OFFER });
    await expectSignal(b.appSocket, S.OFFER);
    await ok(c0, 'privateCallAnswer', b.app, a.id, { body: ANSWER });
    await expectSignal(a.webSocket, S.ANSWER);
    offset += 12_000;
    await ok(c0, 'privateCallHandup', a.web, b.id);
    await expectSignal(b.appSocket, S.HANDUP);
    await noSignal([b.webSocket, a.appSocket], S.HANDUP);
    await expectRecord(a, b, { mode: 'video', outcome: 'completed', duration: 12, status: MessageStatus.READED });
    closeAll(a, b);
  });

  it('the ring timeout of a call made on node 0 is swept by node 1', async () => {
    const [a, b] = await pairAcrossNodes();
    await ok(c0, 'privateCallSetup', a.web, b.id, { query: { mode: 'voice' } });
    offset += 31_000;
    expect(await sweepOn(n1)).toBe(1);
    expect((await expectSignal(a.webSocket, S.FAILED)).content).toBe('notAnswered');
    await expectSignal(b.webSocket, S.FAILED);
    await expectSignal(b.appSocket, S.FAILED);
    await expectRecord(a, b, { mode: 'voice', outcome: 'notAnswered', duration: 0, status: MessageStatus.SENDED });
    closeAll(a, b);
  });

  it('heartbeat expiry swept by both nodes at once: one end, one record', async () => {
    const [a, b] = await pairAcrossNodes();
    await ok(c0, 'privateCallSetup', a.web, b.id);
    await ok(c1, 'privateCallAccept', b.web, a.id);
    offset += 61_000;
    const ended = await Promise.all([sweepOn(n0), sweepOn(n1)]);
    expect(ended[0] + ended[1]).toBe(1);
    expect((await expectSignal(a.webSocket, S.HANDUP)).content).toBe('expired');
    await expectSignal(b.webSocket, S.HANDUP);
    await new Promise((r) => setTimeout(r, 100));
    expect(await recordRows(n0, a.id, b.id)).toHaveLength(1);
    expect(await c1.ok('currentCall', { token: a.web })).toEqual({ kind: null });
    closeAll(a, b);
  });

  it('a group call with members on both nodes: rule R across nodes, the ring timeout swept by the other node', async () => {
    const [a, b] = await pairAcrossNodes();
    const c = await twoTerminalUser(n1, c1, 'Carol');
    await befriend(c0, a, c);
    const { id: groupId } = await c0.ok('groupCreate', { token: a.web, body: { name: 'G', friendIds: [b.id, c.id] } });
    await new Promise((r) => setTimeout(r, 100));
    for (const s of sockets(a, b, c)) s.frames.length = 0;
    const isSignal = (type: number) => (f: ServerFrame) =>
      f.cmd === Cmd.GROUP_MESSAGE && (f.data as GroupCallSignalFrame).type === type && 'callId' in (f.data as object);
    await c0.ok('groupCallSetup', { token: a.web, body: { groupId, userInfos: [{ id: b.id }, { id: c.id }] } });
    for (const s of sockets(b, c)) await s.next(isSignal(G.SETUP));
    await c1.ok('groupCallAccept', { token: b.app, query: { groupId } });
    await a.webSocket.next(isSignal(G.ACCEPT));
    await c.webSocket.next(isSignal(G.ACCEPT));
    await c.appSocket.next(isSignal(G.ACCEPT));
    await c1.ok('groupCallOffer', { token: a.web, body: { groupId, userId: b.id, offer: OFFER } });
    await b.appSocket.next(isSignal(G.OFFER));
    offset += 31_000;
    await c0.ok('groupCallHeartbeat', { token: a.web, query: { groupId } });
    await c1.ok('groupCallHeartbeat', { token: b.app, query: { groupId } });
    expect(await sweepOn(n1)).toBe(1);
    const failed = (await a.webSocket.next(isSignal(G.FAILED))).data as GroupCallSignalFrame;
    expect(JSON.parse(failed.content)).toEqual({ userIds: [c.id], reason: 'notAnswered' });
    await c.appSocket.next(isSignal(G.FAILED));
    expect((await c0.ok('groupCallInfo', { token: a.web, query: { groupId } })).joinedUserIds).toEqual([a.id, b.id]);
    await c1.ok('groupCallQuit', { token: b.app, query: { groupId } });
    await a.webSocket.next(isSignal(G.CANCEL));
    closeAll(a, b, c);
  });
});
