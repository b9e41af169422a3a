/**
 * Private calls (issue 9, docs/CALLS.md §2): which terminals hear each signal (both
 * users on WEB and APP), every refusal, and the record each ending stores. Timers,
 * races and info/current are in calls-private-timers.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallState, MessageStatus, PrivateCallSignal as S, Terminal } from '@parley/protocol';
import { ApiClient, registerUser } from './support/api.js';
import {
  ANSWER,
  CANDIDATE,
  OFFER,
  act,
  expectRecord,
  expectSignal,
  noSignal,
  ok,
  recordRows,
  startCallServer,
} from './support/calls.js';
import { befriend } from './support/contacts.js';
import { closeAll, expectRefused, friendPair, type TwoTerminalUser } from './support/messages.js';
import type { TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;

beforeAll(async () => {
  ({ ts } = await startCallServer());
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

/** A (caller) rings B from A's WEB terminal; both B terminals hear the setup. */
async function ringing(mode: 'voice' | 'video' = 'video') {
  const [a, b] = await friendPair(ts, client);
  const info = await ok(client, 'privateCallSetup', a.web, b.id, { query: { mode } });
  const type = mode === 'video' ? S.SETUP_VIDEO : S.SETUP_VOICE;
  const [web, app] = [await expectSignal(b.webSocket, type), await expectSignal(b.appSocket, type)];
  for (const f of [web, app]) expect([f.sendId, f.recvId, f.content, f.callId]).toEqual([a.id, b.id, '', info.callId]);
  return { a, b, callId: info.callId! };
}

/** … and B accepts on APP. */
async function connected(mode: 'voice' | 'video' = 'video') {
  const r = await ringing(mode);
  await ok(client, 'privateCallAccept', r.b.app, r.a.id);
  await expectSignal(r.a.webSocket, S.ACCEPT);
  await expectSignal(r.b.webSocket, S.ACCEPT);
  return r;
}

const done = (...users: TwoTerminalUser[]) => closeAll(...users);

describe('setup and accept', () => {
  it('setup rings every terminal of the callee and none of the caller; the reply is the call info', async () => {
    const [a, b] = await friendPair(ts, client);
    const info = await ok(client, 'privateCallSetup', a.web, b.id, { query: { mode: 'voice' } });
    expect(info).toMatchObject({
      isChating: true,
      state: CallState.RINGING,
      mode: 'voice',
      host: { id: a.id, terminal: Terminal.WEB },
      acceptor: { id: b.id, terminal: null },
      acceptTime: null,
    });
    expect(info.callId).toMatch(/^[0-9a-f]{32}$/);
    await expectSignal(b.webSocket, S.SETUP_VOICE);
    await expectSignal(b.appSocket, S.SETUP_VOICE);
    await noSignal([a.webSocket, a.appSocket]);
    await ok(client, 'privateCallCancel', a.web, b.id);
    done(a, b);
  });

  it('mode defaults to video (101)', async () => {
    const [a, b] = await friendPair(ts, client);
    await ok(client, 'privateCallSetup', a.web, b.id);
    await expectSignal(b.appSocket, S.SETUP_VIDEO);
    await ok(client, 'privateCallCancel', a.web, b.id);
    done(a, b);
  });

  it('accept: 102 to the caller call terminal and the callee other terminal ("answered elsewhere")', async () => {
    const { a, b, callId } = await ringing();
    await ok(client, 'privateCallAccept', b.app, a.id);
    const toCaller = await expectSignal(a.webSocket, S.ACCEPT);
    const elsewhere = await expectSignal(b.webSocket, S.ACCEPT);
    for (const f of [toCaller, elsewhere]) expect([f.sendId, f.recvId, f.callId]).toEqual([b.id, a.id, callId]);
    await noSignal([a.appSocket, b.appSocket], S.ACCEPT);
    // Again from the accepting terminal: a no-op; from the other: refused; the caller cannot accept.
    await ok(client, 'privateCallAccept', b.app, a.id);
    await noSignal([a.webSocket], S.ACCEPT);
    await expectRefused(act(client, 'privateCallAccept', b.web, a.id), 'callOnOtherDevice');
    await expectRefused(act(client, 'privateCallAccept', a.web, b.id), 'callActionNotAllowed');
    const info = await ok(client, 'privateCallInfo', a.web, b.id);
    expect(info).toMatchObject({ state: CallState.CONNECTED, acceptor: { id: b.id, terminal: Terminal.APP } });
    await ok(client, 'privateCallHandup', a.web, b.id);
    done(a, b);
  });
});

describe('relay: offer, answer, candidates go only to the peer call terminal', () => {
  it('107, 108 and one 109 per candidate', async () => {
    const { a, b } = await connected();
    await ok(client, 'privateCallOffer', a.web, b.id, { body: OFFER });
    expect(JSON.parse((await expectSignal(b.appSocket, S.OFFER)).content)).toEqual(OFFER);
    await ok(client, 'privateCallAnswer', b.app, a.id, { body: ANSWER });
    expect(JSON.parse((await expectSignal(a.webSocket, S.ANSWER)).content)).toEqual(ANSWER);
    await ok(client, 'privateCallCandidate', a.web, b.id, { body: [CANDIDATE, { ...CANDIDATE, sdpMLineIndex: 1 }] });
    const first = await expectSignal(b.appSocket, S.CANDIDATE);
    const second = await expectSignal(b.appSocket, S.CANDIDATE);
    expect([JSON.parse(first.content), JSON.parse(second.content)]).toEqual([
      CANDIDATE,
      { ...CANDIDATE, sdpMLineIndex: 1 },
    ]);
    await ok(client, 'privateCallCandidate', b.app, a.id, { body: CANDIDATE });
    await expectSignal(a.webSocket, S.CANDIDATE);
    await noSignal([a.appSocket, b.webSocket]);
    // Only from the call terminal.
    await expectRefused(act(client, 'privateCallOffer', a.app, b.id, { body: OFFER }), 'callOnOtherDevice');
    await expectRefused(act(client, 'privateCallAnswer', b.web, a.id, { body: ANSWER }), 'callOnOtherDevice');
    await ok(client, 'privateCallHandup', a.web, b.id);
    done(a, b);
  });

  it('while ringing: callActionNotAllowed', async () => {
    const { a, b } = await ringing();
    await expectRefused(act(client, 'privateCallOffer', a.web, b.id, { body: OFFER }), 'callActionNotAllowed');
    await expectRefused(act(client, 'privateCallCandidate', b.app, a.id, { body: CANDIDATE }), 'callActionNotAllowed');
    await ok(client, 'privateCallCancel', a.web, b.id);
    done(a, b);
  });
});

describe('endings: signals and records', () => {
  it('handup once connected: 106 to the peer call terminal; record completed with the duration', async () => {
    const { ts: own, clock } = await startCallServer();
    const c = new ApiClient(own.url);
    const [a, b] = await friendPair(own, c);
    await ok(c, 'privateCallSetup', a.web, b.id, { query: { mode: 'voice' } });
    await ok(c, 'privateCallAccept', b.app, a.id);
    clock.advance(95_400);
    await ok(c, 'privateCallHandup', b.app, a.id);
    const f = await expectSignal(a.webSocket, S.HANDUP);
    expect([f.sendId, f.content]).toEqual([b.id, '']);
    await noSignal([a.appSocket, b.webSocket], S.HANDUP);
    await expectRecord(a, b, { mode: 'voice', outcome: 'completed', duration: 95, status: MessageStatus.READED });
    done(a, b);
    await own.close();
  });

  it('reject while ringing: 103 to the caller call terminal and the callee other terminals; record rejected', async () => {
    const { a, b } = await ringing();
    await ok(client, 'privateCallReject', b.web, a.id);
    expect((await expectSignal(a.webSocket, S.REJECT)).sendId).toBe(b.id);
    expect((await expectSignal(b.appSocket, S.REJECT)).sendId).toBe(b.id);
    await noSignal([a.appSocket, b.webSocket], S.REJECT);
    await expectRecord(a, b, { mode: 'video', outcome: 'rejected', duration: 0, status: MessageStatus.READED });
    done(a, b);
  });

  it('cancel while ringing: 104 to every callee terminal; record cancelled (unread); only from the call terminal', async () => {
    const { a, b } = await ringing();
    await expectRefused(act(client, 'privateCallCancel', a.app, b.id), 'callOnOtherDevice');
    await ok(client, 'privateCallCancel', a.web, b.id);
    await expectSignal(b.webSocket, S.CANCEL);
    await expectSignal(b.appSocket, S.CANCEL);
    await noSignal([a.webSocket, a.appSocket], S.CANCEL);
    await expectRecord(a, b, { mode: 'video', outcome: 'cancelled', duration: 0, status: MessageStatus.SENDED });
    done(a, b);
  });

  it('handup while ringing acts as cancel (caller) or reject (callee)', async () => {
    const r1 = await ringing();
    await ok(client, 'privateCallHandup', r1.a.web, r1.b.id);
    await expectSignal(r1.b.appSocket, S.CANCEL);
    await expectRecord(r1.a, r1.b, { mode: 'video', outcome: 'cancelled', duration: 0, status: MessageStatus.SENDED });
    const r2 = await ringing();
    await ok(client, 'privateCallHandup', r2.b.app, r2.a.id);
    await expectSignal(r2.a.webSocket, S.REJECT);
    await expectRecord(r2.a, r2.b, { mode: 'video', outcome: 'rejected', duration: 0, status: MessageStatus.READED });
    done(r1.a, r1.b, r2.a, r2.b);
  });

  it('failed from the ringing callee: 105 with the reason to the caller and the callee other terminal', async () => {
    const { a, b } = await ringing();
    await ok(client, 'privateCallFailed', b.app, a.id, { query: { reason: 'permissionDenied' } });
    const f = await expectSignal(a.webSocket, S.FAILED);
    expect([f.sendId, f.content]).toEqual([b.id, 'permissionDenied']);
    await expectSignal(b.webSocket, S.FAILED);
    await noSignal([a.appSocket, b.appSocket], S.FAILED);
    await expectRecord(a, b, { mode: 'video', outcome: 'failed', duration: 0, status: MessageStatus.READED });
    done(a, b);
  });

  it('failed from the ringing caller reaches every callee terminal; once connected only the peer call terminal', async () => {
    const r1 = await ringing();
    await ok(client, 'privateCallFailed', r1.a.web, r1.b.id, { query: { reason: '' } });
    await expectSignal(r1.b.webSocket, S.FAILED);
    await expectSignal(r1.b.appSocket, S.FAILED);
    const r2 = await connected();
    await ok(client, 'privateCallFailed', r2.a.web, r2.b.id, { query: { reason: 'connectionFailed' } });
    expect((await expectSignal(r2.b.appSocket, S.FAILED)).content).toBe('connectionFailed');
    await noSignal([r2.b.webSocket, r2.a.appSocket], S.FAILED);
    await expectRecord(r2.a, r2.b, { mode: 'video', outcome: 'failed', duration: 0, status: MessageStatus.READED });
    done(r1.a, r1.b, r2.a, r2.b);
  });

  it('once connected only the call terminals may end it', async () => {
    const { a, b } = await connected();
    await expectRefused(act(client, 'privateCallReject', b.web, a.id), 'callOnOtherDevice');
    await expectRefused(act(client, 'privateCallHandup', a.app, b.id), 'callOnOtherDevice');
    await expectRefused(act(client, 'privateCallHeartbeat', a.app, b.id), 'callOnOtherDevice');
    await ok(client, 'privateCallReject', b.app, a.id);
    await expectSignal(a.webSocket, S.HANDUP);
    done(a, b);
  });
});

describe('refusals', () => {
  it('self, non-friend, blocked either way', async () => {
    const [a, b] = await friendPair(ts, client);
    const stranger = await registerUser(client);
    await expectRefused(act(client, 'privateCallSetup', a.web, a.id), 'cannotCallSelf');
    await expectRefused(act(client, 'privateCallSetup', a.web, stranger.id), 'callNotFriend');
    await expectRefused(act(client, 'privateCallSetup', a.web, 999_999), 'callNotFriend');
    await client.ok('blacklistAdd', { token: b.web, query: { userId: a.id } });
    await expectRefused(act(client, 'privateCallSetup', a.web, b.id), 'blockedByOther');
    await expectRefused(act(client, 'privateCallSetup', b.web, a.id), 'alreadyBlocked');
    expect(await recordRows(ts, a.id, b.id)).toEqual([]);
    done(a, b);
  });

  it('busy: the callee in another call → callUserBusy and a busy record; the caller in one → callSelfBusy', async () => {
    const { a, b } = await ringing();
    const [c, d] = await friendPair(ts, client);
    await befriend(client, c, b);
    await expectRefused(act(client, 'privateCallSetup', c.web, b.id, { query: { mode: 'voice' } }), 'callUserBusy');
    const rows = await recordRows(ts, c.id, b.id);
    expect(rows.map((r) => [r.send_id, r.recv_id, r.status, JSON.parse(r.content)])).toEqual([
      [c.id, b.id, MessageStatus.SENDED, { mode: 'voice', outcome: 'busy', duration: 0 }],
    ]);
    await befriend(client, a, d);
    await expectRefused(act(client, 'privateCallSetup', a.web, d.id), 'callSelfBusy');
    // Being rung is busy too.
    await befriend(client, b, d);
    await expectRefused(act(client, 'privateCallSetup', b.web, d.id), 'callSelfBusy');
    await ok(client, 'privateCallCancel', a.web, b.id);
    done(a, b, c, d);
  });

  it('offline: callUserOffline and an offline record', async () => {
    const [a, b] = await friendPair(ts, client);
    b.webSocket.close();
    b.appSocket.close();
    await Promise.all([b.webSocket.waitClosed(), b.appSocket.waitClosed()]);
    await new Promise((r) => setTimeout(r, 50));
    await expectRefused(act(client, 'privateCallSetup', a.web, b.id), 'callUserOffline');
    const msg = await a.appSocket.next((f) => (f.data as { type?: number }).type === 41);
    expect(JSON.parse((msg.data as { content: string }).content)).toEqual({
      mode: 'video',
      outcome: 'offline',
      duration: 0,
    });
    expect((msg.data as { status: number }).status).toBe(MessageStatus.SENDED);
    done(a, b);
  });

  it('a call record cannot be recalled by either party', async () => {
    const { a, b } = await ringing();
    await ok(client, 'privateCallCancel', a.web, b.id);
    const [row] = await recordRows(ts, a.id, b.id);
    for (const token of [a.web, b.web]) {
      await expectRefused(client.call('privateRecall', { token, params: { id: row!.id } }), 'invalidMessageType');
    }
    done(a, b);
  });

  it('no call: callNotFound for every action; info says isChating false', async () => {
    const [a, b] = await friendPair(ts, client);
    for (const name of [
      'privateCallAccept',
      'privateCallReject',
      'privateCallCancel',
      'privateCallHandup',
      'privateCallFailed',
      'privateCallHeartbeat',
    ] as const) {
      await expectRefused(act(client, name, a.web, b.id), 'callNotFound');
    }
    await expectRefused(act(client, 'privateCallOffer', a.web, b.id, { body: OFFER }), 'callNotFound');
    await expectRefused(act(client, 'privateCallCandidate', a.web, b.id, { body: CANDIDATE }), 'callNotFound');
    expect(await ok(client, 'privateCallInfo', a.web, b.id)).toEqual({ isChating: false });
    expect(await ok(client, 'privateCallInfo', a.web, a.id)).toEqual({ isChating: false });
    done(a, b);
  });
});
