/**
 * Private calls with the hand-driven clock: the 30 s ring timeout, the 60 s heartbeat
 * expiry (per party), the busy claim under concurrent setups, one record under racing
 * ends, info and current, and a banned user's call ending (docs/CALLS.md §2, §5, §6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallState, MessageStatus, PrivateCallSignal as S, Terminal } from '@parley/protocol';
import { ApiClient } from './support/api.js';
import {
  act,
  expectRecord,
  expectSignal,
  noSignal,
  ok,
  recordRows,
  startCallServer,
  sweep,
  type CallClock,
} from './support/calls.js';
import { befriend } from './support/contacts.js';
import { closeAll, friendPair, twoTerminalUser } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';
import { loadConfig } from '../src/index.js';

let ts: TestServer;
let clock: CallClock;
let client: ApiClient;

beforeAll(async () => {
  ({ ts, clock } = await startCallServer());
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

describe('ring timeout', () => {
  it('30 s without accept: 105 notAnswered (sendId callee) to the caller and every callee terminal; record notAnswered', async () => {
    const [a, b] = await friendPair(ts, client);
    await ok(client, 'privateCallSetup', a.web, b.id, { query: { mode: 'voice' } });
    clock.advance(29_000);
    expect(await sweep(ts)).toBe(0);
    await noSignal([a.webSocket], S.FAILED, 50);
    clock.advance(1_500);
    expect(await sweep(ts)).toBe(1);
    for (const s of [a.webSocket, b.webSocket, b.appSocket]) {
      const f = await expectSignal(s, S.FAILED);
      expect([f.sendId, f.recvId, f.content]).toEqual([b.id, a.id, 'notAnswered']);
    }
    await noSignal([a.appSocket], S.FAILED);
    await expectRecord(a, b, { mode: 'voice', outcome: 'notAnswered', duration: 0, status: MessageStatus.SENDED });
    expect(await sweep(ts)).toBe(0);
    expect(await ok(client, 'privateCallInfo', a.web, b.id)).toEqual({ isChating: false });
    closeAll(a, b);
  });
});

describe('ring timeout set by CALL_RING_TIMEOUT_MS', () => {
  it('a call rings as long as the server was told when it began: 8 s here, not 30', async () => {
    let offset = 0;
    const own = await startServer({
      clock: () => Date.now() + offset,
      callSweepIntervalMs: 0,
      callRingTimeoutMs: 8_000,
    });
    try {
      const c = new ApiClient(own.url);
      const [a, b] = await friendPair(own, c);
      await ok(c, 'privateCallSetup', a.web, b.id, { query: { mode: 'voice' } });
      offset += 7_000;
      expect(await sweep(own)).toBe(0);
      offset += 1_500;
      expect(await sweep(own)).toBe(1);
      expect((await expectSignal(a.webSocket, S.FAILED)).content).toBe('notAnswered');
      closeAll(a, b);
    } finally {
      await own.close();
    }
  });

  it('is the spec’s 30 s by default, and never under a second', () => {
    expect(loadConfig({}).callRingTimeoutMs).toBe(30_000);
    expect(loadConfig({ CALL_RING_TIMEOUT_MS: '5' }).callRingTimeoutMs).toBe(1_000);
  });
});

describe('heartbeat expiry', () => {
  it('a party silent for over 60 s ends the call even while the other keeps beating: 106 expired to both call terminals', async () => {
    const [a, b] = await friendPair(ts, client);
    await ok(client, 'privateCallSetup', a.web, b.id);
    await ok(client, 'privateCallAccept', b.app, a.id);
    // B beats once at +10 s, then goes silent; A beats every 15 s.
    clock.advance(10_000);
    await ok(client, 'privateCallHeartbeat', b.app, a.id);
    for (let i = 0; i < 3; i++) {
      clock.advance(15_000);
      await ok(client, 'privateCallHeartbeat', a.web, b.id);
      expect(await sweep(ts)).toBe(0);
    }
    // +71 s: B's last sign of life was at +10 s; A's at +55 s.
    clock.advance(14_000);
    await ok(client, 'privateCallHeartbeat', a.web, b.id);
    expect(await sweep(ts)).toBe(0);
    clock.advance(2_000);
    expect(await sweep(ts)).toBe(1);
    for (const s of [a.webSocket, b.appSocket]) {
      const f = await expectSignal(s, S.HANDUP);
      expect([f.sendId, f.content]).toEqual([b.id, 'expired']);
    }
    await noSignal([a.appSocket, b.webSocket], S.HANDUP);
    await expectRecord(a, b, { mode: 'video', outcome: 'completed', duration: 10, status: MessageStatus.READED });
    await expect(act(client, 'privateCallHeartbeat', a.web, b.id)).resolves.toMatchObject({
      body: { key: 'callNotFound' },
    });
    closeAll(a, b);
  });

  it('a heartbeat from a ringing callee is a no-op; the ring deadline still applies', async () => {
    const [a, b] = await friendPair(ts, client);
    await ok(client, 'privateCallSetup', a.web, b.id);
    clock.advance(20_000);
    await ok(client, 'privateCallHeartbeat', b.web, a.id);
    clock.advance(11_000);
    expect(await sweep(ts)).toBe(1);
    await expectSignal(a.webSocket, S.FAILED);
    closeAll(a, b);
  });
});

describe('the sweeper', () => {
  it('runs by itself on a started server: a ring that ran out ends without anyone asking', async () => {
    let offset = 0;
    const own = await startServer({ clock: () => Date.now() + offset, callSweepIntervalMs: 20 });
    try {
      const c = new ApiClient(own.url);
      const [a, b] = await friendPair(own, c);
      await ok(c, 'privateCallSetup', a.web, b.id);
      offset += 31_000;
      expect((await expectSignal(a.webSocket, S.FAILED)).content).toBe('notAnswered');
      closeAll(a, b);
    } finally {
      await own.close();
    }
  });
});

describe('races', () => {
  it('concurrent setups to one callee: exactly one rings, the others are busy', async () => {
    const b = await twoTerminalUser(ts, client, 'Bob');
    const callers = [];
    for (let i = 0; i < 5; i++) {
      const c = await twoTerminalUser(ts, client, `C${i}`);
      await befriend(client, c, b);
      callers.push(c);
    }
    const results = await Promise.all(callers.map((c) => act(client, 'privateCallSetup', c.web, b.id)));
    const keys = results.map((r) => (r.body.code === 200 ? 'ok' : r.body.key));
    expect(keys.filter((k) => k === 'ok')).toHaveLength(1);
    expect(keys.filter((k) => k === 'callUserBusy')).toHaveLength(4);
    const winner = callers[keys.indexOf('ok')]!;
    expect((await expectSignal(b.appSocket, S.SETUP_VIDEO)).sendId).toBe(winner.id);
    await noSignal([b.appSocket], S.SETUP_VIDEO);
    await ok(client, 'privateCallCancel', winner.web, b.id);
    closeAll(b, ...callers);
  });

  it('both parties hang up at once: one record', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await friendPair(ts, client);
      await ok(client, 'privateCallSetup', a.web, b.id);
      await ok(client, 'privateCallAccept', b.app, a.id);
      const results = await Promise.all([
        act(client, 'privateCallHandup', a.web, b.id),
        act(client, 'privateCallHandup', b.app, a.id),
        act(client, 'privateCallFailed', a.web, b.id),
      ]);
      for (const r of results) expect([200, 'callNotFound']).toContain(r.body.code === 200 ? 200 : r.body.key);
      expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
      expect(await recordRows(ts, a.id, b.id)).toHaveLength(1);
      closeAll(a, b);
    }
  });
});

describe('info and current', () => {
  it('show each side its state, terminal and role, then nothing once it ended', async () => {
    const [a, b] = await friendPair(ts, client);
    expect(await client.ok('currentCall', { token: a.web })).toEqual({ kind: null });
    const setup = await ok(client, 'privateCallSetup', a.web, b.id, { query: { mode: 'voice' } });
    expect(await client.ok('currentCall', { token: a.app })).toEqual({
      kind: 'private',
      uid: b.id,
      callId: setup.callId,
      state: 'joined',
      terminal: Terminal.WEB,
      mode: 'voice',
      isHost: true,
    });
    expect(await client.ok('currentCall', { token: b.web })).toMatchObject({
      kind: 'private',
      uid: a.id,
      state: 'ringing',
      terminal: null,
      isHost: false,
    });
    clock.advance(2_000);
    await ok(client, 'privateCallAccept', b.web, a.id);
    const info = await ok(client, 'privateCallInfo', b.app, a.id);
    expect(info).toMatchObject({
      isChating: true,
      callId: setup.callId,
      state: CallState.CONNECTED,
      mode: 'voice',
      host: { id: a.id, terminal: Terminal.WEB },
      acceptor: { id: b.id, terminal: Terminal.WEB },
      startTime: setup.startTime,
    });
    expect(info.acceptTime! - info.startTime!).toBeGreaterThanOrEqual(2_000);
    expect(info.serverTime).toBeGreaterThanOrEqual(info.acceptTime!);
    await ok(client, 'privateCallHandup', a.web, b.id);
    expect(await client.ok('currentCall', { token: b.web })).toEqual({ kind: null });
    expect(await ok(client, 'privateCallInfo', b.app, a.id)).toEqual({ isChating: false });
    closeAll(a, b);
  });
});

describe('closed accounts', () => {
  it('a banned user ends their call: the peer hears 106 and the record is stored', async () => {
    const [a, b] = await friendPair(ts, client);
    await ok(client, 'privateCallSetup', a.web, b.id);
    await ok(client, 'privateCallAccept', b.app, a.id);
    await ts.server.services.moderation.banUser(b.id, 'spam');
    const f = await expectSignal(a.webSocket, S.HANDUP);
    expect(f.sendId).toBe(b.id);
    expect(await client.ok('currentCall', { token: a.web })).toEqual({ kind: null });
    expect(await recordRows(ts, a.id, b.id)).toHaveLength(1);
    closeAll(a, b);
  });

  it('a deleted callee who was ringing: the caller hears 103', async () => {
    const [a, b] = await friendPair(ts, client);
    await ok(client, 'privateCallSetup', a.web, b.id);
    await ts.server.services.moderation.deleteUser(b.id);
    expect((await expectSignal(a.webSocket, S.REJECT)).sendId).toBe(b.id);
    closeAll(a, b);
  });
});
