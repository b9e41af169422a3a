/**
 * Calls ring by web push (issue 11 point 5, docs/CALLS.md §2.5, §3.6) against a loopback
 * push service: a callee with no connected terminal but a live subscription is rung
 * (the call is RINGING, the push targets the call page), one with neither is still
 * refused `callUserOffline`; a cancel or the ring timeout sends the missed call with
 * the ring's topic; a muted chat still rings; the callee's terminal that connects while
 * ringing finds the call by `/webrtc/current` and accepts. Group invitees the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallState,
  ChatType,
  Cmd,
  GroupCallSignal as G,
  MessageType,
  PrivateCallSignal as S,
  PushKind,
  chatPushUrl,
  groupCallPushUrl,
  privateCallPushUrl,
  type GroupCallSignalFrame,
  type ServerFrame,
} from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { expectSignal, recordRows, sweep } from './support/calls.js';
import { befriend } from './support/contacts.js';
import {
  browserKeys,
  decryptPayload,
  startPushService,
  subscriptionOf,
  type BrowserKeys,
  type PushServiceStub,
} from './support/push.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let service: PushServiceStub;
let offset = 0;

const tok = (u: TestUser) => u.tokens.accessToken;
const settled = () => ts.server.services.pushNotify.notifier.settled();

beforeAll(async () => {
  service = await startPushService();
  ts = await startServer({
    clock: () => Date.now() + offset,
    callSweepIntervalMs: 0,
    pushEndpointHosts: [service.host],
  });
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  await ts?.close();
  await service?.close();
});

interface Pushable extends TestUser {
  keys: BrowserKeys;
  path: string;
}

/** A user who never connected a socket, with a push subscription at `/push/<id>`. */
async function subscribed(nickName: string): Promise<Pushable> {
  const u = await registerUser(client, { nickName });
  const keys = browserKeys();
  const path = `/push/${u.id}`;
  await client.ok('userReportCid', {
    token: tok(u),
    query: { cid: `c${u.id}` },
    body: subscriptionOf(service.url(path), keys),
  });
  return { ...u, keys, path };
}

/** The pushes that reached `u` while `action` ran, decrypted, with their headers. */
async function pushesTo(u: Pushable, action: () => Promise<unknown>) {
  const from = service.requests.length;
  await action();
  await settled();
  return service.requests
    .slice(from)
    .filter((r) => r.path === u.path)
    .map((r) => ({ headers: r.headers, payload: decryptPayload(r.body, u.keys) }));
}

/** Caller online on WEB, friends with the callee. */
async function callerOf(callee: TestUser) {
  const caller = await registerUser(client, { nickName: 'Caller' });
  await befriend(client, caller, callee);
  const socket = await TestSocket.login(ts.wsUrl, tok(caller));
  return { caller, socket };
}

const setup = (caller: TestUser, callee: TestUser, mode: 'voice' | 'video') =>
  client.call('privateCallSetup', { token: tok(caller), query: { uid: callee.id, mode } });

describe('private calls', () => {
  it('an offline callee with a subscription is rung: RINGING, a call push targeting the call page', async () => {
    const bob = await subscribed('Bob');
    const { caller, socket } = await callerOf(bob);
    let res: Awaited<ReturnType<typeof setup>> | undefined;
    const got = await pushesTo(bob, async () => (res = await setup(caller, bob, 'video')));
    expect([res!.status, res!.body.data?.state]).toEqual([200, CallState.RINGING]);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers.ttl).toBe('30');
    expect(got[0]!.headers.topic).toBe(`P${caller.id}`);
    expect(got[0]!.payload).toMatchObject({
      kind: PushKind.CALL,
      chatType: ChatType.PRIVATE,
      chatId: caller.id,
      title: 'Caller',
      type: MessageType.ACT_RT_VIDEO,
      url: privateCallPushUrl('video', caller.id),
    });
    expect(got[0]!.payload.url).toBe(
      `/#/pages/chat/chat-private-video?mode=video&friend=${encodeURIComponent(`{"id":${caller.id}}`)}&isHost=false`,
    );
    const info = await client.ok('privateCallInfo', { token: tok(caller), query: { uid: bob.id } });
    expect([info.isChating, info.state]).toEqual([true, CallState.RINGING]);
    await client.ok('privateCallCancel', { token: tok(caller), query: { uid: bob.id } });
    socket.close();
  });

  it('an offline callee without a subscription is still refused callUserOffline (record offline)', async () => {
    const carol = await registerUser(client, { nickName: 'Carol' });
    const { caller, socket } = await callerOf(carol);
    const res = await setup(caller, carol, 'voice');
    expect([res.status, res.body.key]).toEqual([400, 'callUserOffline']);
    const rows = await recordRows(ts, caller.id, carol.id);
    expect(rows.map((r) => JSON.parse(r.content).outcome)).toEqual(['offline']);
    expect(await client.ok('currentCall', { token: tok(caller) })).toEqual({ kind: null });
    socket.close();
  });

  it('the caller cancels: a missed-call push with the ring topic, to the chat', async () => {
    const bob = await subscribed('Bob');
    const { caller, socket } = await callerOf(bob);
    expect((await setup(caller, bob, 'voice')).status).toBe(200);
    await settled();
    const got = await pushesTo(bob, () =>
      client.ok('privateCallCancel', { token: tok(caller), query: { uid: bob.id } }),
    );
    expect(got).toHaveLength(1);
    expect(got[0]!.headers.topic).toBe(`P${caller.id}`);
    expect(got[0]!.payload).toMatchObject({
      kind: PushKind.MISSED_CALL,
      chatType: ChatType.PRIVATE,
      chatId: caller.id,
      type: MessageType.ACT_RT_VOICE,
      url: chatPushUrl(ChatType.PRIVATE, caller.id),
    });
    socket.close();
  });

  it('the ring times out after 30 s: notAnswered record, a missed-call push', async () => {
    const bob = await subscribed('Bob');
    const { caller, socket } = await callerOf(bob);
    expect((await setup(caller, bob, 'video')).status).toBe(200);
    await settled();
    offset += 29_000;
    expect(await sweep(ts)).toBe(0);
    offset += 1_500;
    const got = await pushesTo(bob, async () => expect(await sweep(ts)).toBe(1));
    expect(got.map((g) => [g.payload.kind, g.payload.type])).toEqual([
      [PushKind.MISSED_CALL, MessageType.ACT_RT_VIDEO],
    ]);
    expect((await expectSignal(socket, S.FAILED)).content).toBe('notAnswered');
    const rows = await recordRows(ts, caller.id, bob.id);
    expect(rows.map((r) => JSON.parse(r.content).outcome)).toEqual(['notAnswered']);
    socket.close();
  });

  it('a muted friend still rings (calls come through do-not-disturb)', async () => {
    const bob = await subscribed('Bob');
    const { caller, socket } = await callerOf(bob);
    await client.ok('friendDnd', { token: tok(bob), body: { friendId: caller.id, isDnd: true } });
    const got = await pushesTo(bob, () => setup(caller, bob, 'voice'));
    expect(got.map((g) => g.payload.kind)).toEqual([PushKind.CALL]);
    const missed = await pushesTo(bob, () =>
      client.ok('privateCallCancel', { token: tok(caller), query: { uid: bob.id } }),
    );
    expect(missed.map((g) => g.payload.kind)).toEqual([PushKind.MISSED_CALL]);
    socket.close();
  });

  it('the callee’s terminal connecting while ringing finds the call and accepts it', async () => {
    const bob = await subscribed('Bob');
    const { caller, socket } = await callerOf(bob);
    const { data } = (await setup(caller, bob, 'video')).body;
    await settled();
    const bobSocket = await TestSocket.login(ts.wsUrl, tok(bob));
    expect(await client.ok('currentCall', { token: tok(bob) })).toMatchObject({
      kind: 'private',
      uid: caller.id,
      mode: 'video',
      state: 'ringing',
      isHost: false,
      callId: data!.callId,
    });
    await client.ok('privateCallAccept', { token: tok(bob), query: { uid: caller.id } });
    expect((await expectSignal(socket, S.ACCEPT)).callId).toBe(data!.callId);
    const info = await client.ok('privateCallInfo', { token: tok(bob), query: { uid: caller.id } });
    expect(info.state).toBe(CallState.CONNECTED);
    // Connected now: the end is no missed call.
    const got = await pushesTo(bob, () =>
      client.ok('privateCallHandup', { token: tok(caller), query: { uid: bob.id } }),
    );
    expect(got).toEqual([]);
    bobSocket.close();
    socket.close();
  });
});

const isGroupSignal = (type: number) => (f: ServerFrame) =>
  f.cmd === Cmd.GROUP_MESSAGE && 'callId' in (f.data as object) && (f.data as { type: number }).type === type;

describe('group calls', () => {
  async function groupWorld() {
    const host = await registerUser(client, { nickName: 'Host' });
    const bob = await subscribed('Bob');
    const dave = await registerUser(client, { nickName: 'Dave' });
    await befriend(client, host, bob);
    await befriend(client, host, dave);
    const { id: groupId } = await client.ok('groupCreate', {
      token: tok(host),
      body: { name: 'Team', friendIds: [bob.id, dave.id] },
    });
    const socket = await TestSocket.login(ts.wsUrl, tok(host));
    return { host, bob, dave, groupId, socket };
  }
  const groupSetup = (host: TestUser, groupId: number, ...ids: number[]) =>
    client.ok('groupCallSetup', { token: tok(host), body: { groupId, userInfos: ids.map((id) => ({ id })) } });

  it('an offline invitee with a subscription is rung by push; one without is reported offline', async () => {
    const { host, bob, dave, groupId, socket } = await groupWorld();
    let info: Awaited<ReturnType<typeof groupSetup>> | undefined;
    const got = await pushesTo(bob, async () => (info = await groupSetup(host, groupId, bob.id, dave.id)));
    expect(info!.userInfos!.map((u) => u.id)).toEqual([host.id, bob.id]);
    const failed = (await socket.next(isGroupSignal(G.FAILED))).data as GroupCallSignalFrame;
    expect(JSON.parse(failed.content)).toEqual({ userIds: [dave.id], reason: 'offline' });
    expect(got).toHaveLength(1);
    expect(got[0]!.headers.ttl).toBe('30');
    expect(got[0]!.payload).toMatchObject({
      kind: PushKind.CALL,
      chatType: ChatType.GROUP,
      chatId: groupId,
      title: 'Team',
      from: 'Host',
      url: groupCallPushUrl(groupId, host.id),
    });
    // The ring times out: Bob's missed call replaces the ring (same topic).
    offset += 31_000;
    const missed = await pushesTo(bob, () => sweep(ts));
    expect(missed.map((g) => [g.payload.kind, g.payload.url, g.headers.topic])).toEqual([
      [PushKind.MISSED_CALL, chatPushUrl(ChatType.GROUP, groupId), `G${groupId}`],
    ]);
    expect(await client.ok('groupCallInfo', { token: tok(host), query: { groupId } })).toEqual({ isChating: false });
    socket.close();
  });

  it('the host cancels while an invitee is rung by push: a missed call; the invitee connecting can accept', async () => {
    const { host, bob, groupId, socket } = await groupWorld();
    await groupSetup(host, groupId, bob.id);
    await settled();
    const missed = await pushesTo(bob, () => client.ok('groupCallCancel', { token: tok(host), query: { groupId } }));
    expect(missed.map((g) => g.payload.kind)).toEqual([PushKind.MISSED_CALL]);

    await groupSetup(host, groupId, bob.id);
    await settled();
    const bobSocket = await TestSocket.login(ts.wsUrl, tok(bob));
    expect(await client.ok('currentCall', { token: tok(bob) })).toMatchObject({
      kind: 'group',
      groupId,
      state: 'ringing',
      isHost: false,
    });
    await client.ok('groupCallAccept', { token: tok(bob), query: { groupId } });
    expect(((await socket.next(isGroupSignal(G.ACCEPT))).data as GroupCallSignalFrame).sendId).toBe(bob.id);
    // A joined member is no longer rung: the end is no missed call.
    const after = await pushesTo(bob, async () => {
      bobSocket.close();
      await bobSocket.waitClosed();
      await new Promise((r) => setTimeout(r, 50));
      await client.ok('groupCallCancel', { token: tok(host), query: { groupId } });
    });
    expect(after).toEqual([]);
    socket.close();
  });
});
