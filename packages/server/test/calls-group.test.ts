/**
 * Group calls (issue 9, docs/CALLS.md §3): rule R (a ringing participant hears state
 * signals on every terminal, a joined one on the call terminal), the 200/203 of setup
 * and invite, names from the membership, the end rule and its tips, per-invitee ring
 * timeout and heartbeat expiry with the hand-driven clock, rejoin, group events, and
 * the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cmd,
  GroupCallSignal as G,
  type GroupCallSignalFrame,
  type GroupMessage,
  type ServerFrame,
  type WebrtcUserInfo,
} from '@parley/protocol';
import { ApiClient, registerUser } from './support/api.js';
import { OFFER, startCallServer, sweep, type CallClock } from './support/calls.js';
import { befriend } from './support/contacts.js';
import { closeAll, expectRefused, twoTerminalUser, type TwoTerminalUser } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';
import type { TestSocket } from './support/ws.js';

let ts: TestServer;
let clock: CallClock;
let client: ApiClient;

beforeAll(async () => {
  ({ ts, clock } = await startCallServer());
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

const isGroupSignal = (type?: number) => (f: ServerFrame) =>
  f.cmd === Cmd.GROUP_MESSAGE &&
  'callId' in (f.data as object) &&
  (type === undefined || (f.data as { type: number }).type === type);
const next = async (s: TestSocket, type: number) => (await s.next(isGroupSignal(type))).data as GroupCallSignalFrame;
async function none(socks: TestSocket[], type?: number, ms = 150) {
  await new Promise((r) => setTimeout(r, ms));
  for (const s of socks) expect(s.frames.filter(isGroupSignal(type))).toEqual([]);
}
const tipFrame = (key: string) => (f: ServerFrame) =>
  f.cmd === Cmd.GROUP_MESSAGE && (f.data as GroupMessage).tip?.key === key;

interface World {
  groupId: number;
  h: TwoTerminalUser;
  m: TwoTerminalUser[];
  all: TwoTerminalUser[];
}

/** A group of host H and `n` members, everyone on WEB and APP; queues emptied. */
async function world(n: number): Promise<World> {
  const h = await twoTerminalUser(ts, client, 'Host');
  const m: TwoTerminalUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await twoTerminalUser(ts, client, `M${i + 1}`);
    await befriend(client, h, u);
    m.push(u);
  }
  const { id: groupId } = await client.ok('groupCreate', {
    token: h.web,
    body: { name: 'Team', friendIds: m.map((u) => u.id) },
  });
  await new Promise((r) => setTimeout(r, 100));
  const all = [h, ...m];
  for (const u of all) for (const s of [u.webSocket, u.appSocket]) s.frames.length = 0;
  return { groupId, h, m, all };
}
const q = (groupId: number) => ({ query: { groupId } });
const infos = (...users: { id: number }[]) => users.map((u) => ({ id: u.id, nickName: 'spoofed', headImage: 'x' }));

describe('setup, accept, relay, device, end rule', () => {
  it('routes every signal by rule R and ends with the last one out', async () => {
    const { groupId, h, m, all } = await world(3);
    const [m1, m2, m3] = m as [TwoTerminalUser, TwoTerminalUser, TwoTerminalUser];
    await client.ok('groupModify', { token: m1.web, body: { id: groupId, remarkNickName: 'Boss One' } });
    m3.webSocket.close();
    m3.appSocket.close();
    await Promise.all([m3.webSocket.waitClosed(), m3.appSocket.waitClosed()]);
    await new Promise((r) => setTimeout(r, 50));
    for (const u of all) for (const s of [u.webSocket, u.appSocket]) s.frames.length = 0;

    const info = await client.ok('groupCallSetup', {
      token: h.web,
      body: { groupId, userInfos: infos(h, m1, m2, m3) },
    });
    expect(info.joinedUserIds).toEqual([h.id]);
    expect(info.userInfos!.map((u) => u.id)).toEqual([h.id, m1.id, m2.id]);
    // 200 on every terminal of each free invitee, names from the membership.
    for (const s of [m1.webSocket, m1.appSocket, m2.webSocket, m2.appSocket]) {
      const f = await next(s, G.SETUP);
      const listed = JSON.parse(f.content) as WebrtcUserInfo[];
      expect(listed.map((u) => u.id)).toEqual([h.id, m1.id, m2.id]);
      expect(listed[1]!.nickName).toBe('Boss One');
      expect(listed.every((u) => u.nickName !== 'spoofed')).toBe(true);
    }
    // 203 offline to the host's request terminal only.
    expect(JSON.parse((await next(h.webSocket, G.FAILED)).content)).toEqual({ userIds: [m3.id], reason: 'offline' });
    await none([h.appSocket], G.FAILED);
    await h.webSocket.next(tipFrame('callStarted'));
    await m1.appSocket.next(tipFrame('callStarted'));

    // M1 accepts on APP: the host's call terminal, M2's ringing terminals, M1's other terminal.
    await client.ok('groupCallAccept', { token: m1.app, ...q(groupId) });
    for (const s of [h.webSocket, m2.webSocket, m2.appSocket, m1.webSocket]) {
      expect((await next(s, G.ACCEPT)).sendId).toBe(m1.id);
    }
    await none([h.appSocket, m1.appSocket], G.ACCEPT);

    // Offer to M1 reaches M1's call terminal only.
    await client.ok('groupCallOffer', { token: h.web, body: { groupId, userId: m1.id, offer: JSON.stringify(OFFER) } });
    expect(JSON.parse((await next(m1.appSocket, G.OFFER)).content)).toEqual(OFFER);
    await none([m1.webSocket, m2.webSocket, m2.appSocket], G.OFFER);
    // An offer to someone not joined (still ringing) is a no-op.
    await client.ok('groupCallOffer', { token: h.web, body: { groupId, userId: m2.id, offer: OFFER } });
    await none([m2.webSocket, m2.appSocket], G.OFFER);

    await client.ok('groupCallDevice', { token: m1.app, body: { groupId, isCamera: true, isMicroPhone: false } });
    expect(JSON.parse((await next(h.webSocket, G.DEVICE)).content)).toEqual({ isCamera: true, isMicroPhone: false });
    await next(m2.appSocket, G.DEVICE);
    await expectRefused(
      client.call('groupCallDevice', { token: m1.web, body: { groupId, isCamera: true, isMicroPhone: true } }),
      'callOnOtherDevice',
    );

    // M1 quits: 205 to the host and ringing M2; the call goes on (host joined, M2 ringing).
    await client.ok('groupCallQuit', { token: m1.app, ...q(groupId) });
    expect((await next(h.webSocket, G.QUIT)).sendId).toBe(m1.id);
    await next(m2.webSocket, G.QUIT);
    // M2 rejects: only the host is left, so the call ends: 204 to the host, then the tip.
    await client.ok('groupCallReject', { token: m2.web, ...q(groupId) });
    expect((await next(m2.appSocket, G.REJECT)).sendId).toBe(m2.id);
    expect((await next(h.webSocket, G.CANCEL)).sendId).toBe(m2.id);
    await h.appSocket.next(tipFrame('callEnded'));
    expect(await client.ok('groupCallInfo', { token: h.web, ...q(groupId) })).toEqual({ isChating: false });
    closeAll(...all);
  });
});

describe('join, invite, cancel', () => {
  it('a member joins a running call (207), rejoins after a reload (207 again), invites, and the host cancels', async () => {
    const { groupId, h, m, all } = await world(3);
    const [m1, m2, m3] = m as [TwoTerminalUser, TwoTerminalUser, TwoTerminalUser];
    await client.ok('groupCallSetup', { token: h.app, body: { groupId, userInfos: infos(m1) } });
    await client.ok('groupCallAccept', { token: m1.web, ...q(groupId) });
    const joined = await client.ok('groupCallJoin', { token: m2.app, ...q(groupId) });
    expect(joined.joinedUserIds).toEqual([h.id, m1.id, m2.id]);
    for (const s of [h.appSocket, m1.webSocket]) {
      const f = await next(s, G.JOIN);
      expect([f.sendId, (JSON.parse(f.content) as WebrtcUserInfo).id]).toEqual([m2.id, m2.id]);
    }
    // Same terminal again: re-announced; the other terminal is refused.
    await client.ok('groupCallJoin', { token: m2.app, ...q(groupId) });
    await next(h.appSocket, G.JOIN);
    await expectRefused(client.call('groupCallJoin', { token: m2.web, ...q(groupId) }), 'callOnOtherDevice');
    // Invite M3: 200 on M3's terminals, 206 to the others per R.
    const invited = await client.ok('groupCallInvite', { token: m1.web, body: { groupId, userInfos: infos(m3, h) } });
    expect(invited.userInfos!.map((u) => u.id)).toEqual([h.id, m1.id, m2.id, m3.id]);
    await next(m3.webSocket, G.SETUP);
    await next(m3.appSocket, G.SETUP);
    for (const s of [h.appSocket, m2.appSocket]) {
      expect((JSON.parse((await next(s, G.INVITE)).content) as WebrtcUserInfo[]).map((u) => u.id)).toEqual([m3.id]);
    }
    await none([m1.webSocket], G.INVITE);
    await expectRefused(client.call('groupCallCancel', { token: m1.web, ...q(groupId) }), 'callOnlyHostCancel');
    await client.ok('groupCallCancel', { token: h.app, ...q(groupId) });
    for (const s of [m1.webSocket, m2.appSocket, m3.webSocket, m3.appSocket]) await next(s, G.CANCEL);
    await none([h.appSocket, h.webSocket], G.CANCEL);
    closeAll(...all);
  });
});

describe('timers', () => {
  it('a ringing invitee is dropped after 30 s (203 notAnswered); a silent member after 60 s ends the call', async () => {
    const { groupId, h, m, all } = await world(2);
    const [m1, m2] = m as [TwoTerminalUser, TwoTerminalUser];
    await client.ok('groupCallSetup', { token: h.web, body: { groupId, userInfos: infos(m1, m2) } });
    clock.advance(10_000);
    await client.ok('groupCallAccept', { token: m1.app, ...q(groupId) });
    clock.advance(21_000);
    expect(await sweep(ts)).toBe(1);
    const content = { userIds: [m2.id], reason: 'notAnswered' };
    for (const s of [m2.webSocket, m2.appSocket, h.webSocket, m1.appSocket]) {
      expect(JSON.parse((await next(s, G.FAILED)).content)).toEqual(content);
    }
    expect((await client.ok('groupCallInfo', { token: h.web, ...q(groupId) })).joinedUserIds).toEqual([h.id, m1.id]);
    // The host beats; M1 (last seen at accept, +10 s) goes silent.
    clock.advance(30_000);
    await client.ok('groupCallHeartbeat', { token: h.web, ...q(groupId) });
    clock.advance(21_000);
    expect(await sweep(ts)).toBe(1);
    expect((await next(h.webSocket, G.CANCEL)).sendId).toBe(h.id);
    await h.webSocket.next(tipFrame('callEnded'));
    expect(await client.ok('currentCall', { token: h.web })).toEqual({ kind: null });
    closeAll(...all);
  });
});

describe('group events and refusals', () => {
  it('a removed member leaves the call; dissolving the group ends it', async () => {
    const { groupId, h, m, all } = await world(2);
    const [m1, m2] = m as [TwoTerminalUser, TwoTerminalUser];
    await client.ok('groupCallSetup', { token: h.web, body: { groupId, userInfos: infos(m1, m2) } });
    await client.ok('groupCallAccept', { token: m1.web, ...q(groupId) });
    await client.ok('groupCallAccept', { token: m2.web, ...q(groupId) });
    expect(await client.ok('currentCall', { token: m2.app })).toMatchObject({
      kind: 'group',
      groupId,
      state: 'joined',
    });
    await client.ok('groupRemoveMembers', { token: h.web, body: { groupId, userIds: [m2.id] } });
    expect((await next(h.webSocket, G.QUIT)).sendId).toBe(m2.id);
    // Their own call page hears it too.
    expect((await next(m2.webSocket, G.QUIT)).sendId).toBe(m2.id);
    expect(await client.ok('currentCall', { token: m2.app })).toEqual({ kind: null });
    await client.ok('groupDelete', { token: h.web, params: { groupId } });
    expect((await next(m1.webSocket, G.CANCEL)).sendId).toBe(h.id);
    closeAll(...all);
  });

  it('every setup refusal', async () => {
    const { groupId, h, m, all } = await world(2);
    const [m1, m2] = m as [TwoTerminalUser, TwoTerminalUser];
    const setup = (token: string, ids: { id: number }[], gid = groupId) =>
      client.call('groupCallSetup', { token, body: { groupId: gid, userInfos: infos(...ids) } });
    await expectRefused(setup(h.web, [m1], 999_999), 'groupNotExist');
    await expectRefused(setup(h.web, [h]), 'callNoInvitees');
    const outsider = await registerUser(client);
    await expectRefused(setup(h.web, [outsider]), 'notGroupMembers');
    await expectRefused(setup(outsider.tokens.accessToken, [m1]), 'notGroupMember');
    const nine = await Promise.all(Array.from({ length: 9 }, (_, i) => ({ id: 1_000_000 + i })));
    await expectRefused(setup(h.web, nine), 'callChannelFull');
    await client.ok('groupMuted', { token: h.web, body: { groupId, isMuted: true } });
    await expectRefused(setup(m1.web, [m2]), 'groupMutedAll');
    await client.ok('groupMuted', { token: h.web, body: { groupId, isMuted: false } });
    m2.webSocket.close();
    m2.appSocket.close();
    await Promise.all([m2.webSocket.waitClosed(), m2.appSocket.waitClosed()]);
    await new Promise((r) => setTimeout(r, 50));
    await expectRefused(setup(h.web, [m2]), 'callNobodyAvailable');
    await client.ok('groupCallSetup', { token: h.web, body: { groupId, userInfos: infos(m1) } });
    await expectRefused(setup(m1.web, [h]), 'callSelfBusy');
    closeAll(...all);
  });
});

describe('failed, busy, capacity, closed accounts', () => {
  it('failed from a ringing invitee: 203 with the reason per R and to their other terminal', async () => {
    const { groupId, h, m, all } = await world(2);
    const [m1, m2] = m as [TwoTerminalUser, TwoTerminalUser];
    await client.ok('groupCallSetup', { token: h.web, body: { groupId, userInfos: infos(m1, m2) } });
    await client.ok('groupCallFailed', { token: m1.app, body: { groupId, reason: 'permissionDenied' } });
    const content = { userIds: [m1.id], reason: 'permissionDenied' };
    for (const s of [h.webSocket, m2.webSocket, m2.appSocket, m1.webSocket]) {
      expect(JSON.parse((await next(s, G.FAILED)).content)).toEqual(content);
    }
    await none([h.appSocket, m1.appSocket], G.FAILED);
    // Not in the call any more: a no-op.
    await client.ok('groupCallFailed', { token: m1.app, body: { groupId } });
    expect((await client.ok('groupCallInfo', { token: h.web, ...q(groupId) })).userInfos!.map((u) => u.id)).toEqual([
      h.id,
      m2.id,
    ]);
    await client.ok('groupCallCancel', { token: h.web, ...q(groupId) });
    closeAll(...all);
  });

  it('join refused while in another call; a banned member leaves the call', async () => {
    const { groupId, h, m, all } = await world(3);
    const [m1, m2, m3] = m as [TwoTerminalUser, TwoTerminalUser, TwoTerminalUser];
    await befriend(client, m2, m3);
    await client.ok('privateCallSetup', { token: m2.web, query: { uid: m3.id } });
    await client.ok('groupCallSetup', { token: h.web, body: { groupId, userInfos: infos(m1, m2) } });
    // M2 was busy: reported to the host, not rung.
    expect(JSON.parse((await next(h.webSocket, G.FAILED)).content)).toEqual({ userIds: [m2.id], reason: 'busy' });
    await expectRefused(client.call('groupCallJoin', { token: m2.web, ...q(groupId) }), 'callSelfBusy');
    await client.ok('privateCallCancel', { token: m2.web, query: { uid: m3.id } });
    await client.ok('groupCallJoin', { token: m2.web, ...q(groupId) });
    await client.ok('groupCallAccept', { token: m1.web, ...q(groupId) });
    await ts.server.services.moderation.banUser(m2.id, 'spam');
    expect((await next(h.webSocket, G.QUIT)).sendId).toBe(m2.id);
    expect((await client.ok('groupCallInfo', { token: h.web, ...q(groupId) })).joinedUserIds).toEqual([h.id, m1.id]);
    await client.ok('groupCallCancel', { token: h.web, ...q(groupId) });
    closeAll(...all);
  });
});

describe('maxChannel', () => {
  it('counts the host and those ringing: setup, invite and join are refused beyond it', async () => {
    const own = await startServer({ webrtcMaxChannel: 3, callSweepIntervalMs: 0 });
    try {
      const c = new ApiClient(own.url);
      const h = await twoTerminalUser(own, c, 'Host');
      const m: TwoTerminalUser[] = [];
      for (let i = 0; i < 3; i++) {
        const u = await twoTerminalUser(own, c, `M${i}`);
        await befriend(c, h, u);
        m.push(u);
      }
      const [m1, m2, m3] = m as [TwoTerminalUser, TwoTerminalUser, TwoTerminalUser];
      const { id: groupId } = await c.ok('groupCreate', {
        token: h.web,
        body: { name: 'T', friendIds: m.map((u) => u.id) },
      });
      const full = await c.call('groupCallSetup', { token: h.web, body: { groupId, userInfos: infos(m1, m2, m3) } });
      expect([full.body.key, full.body.params]).toEqual(['callChannelFull', { max: 3 }]);
      await c.ok('groupCallSetup', { token: h.web, body: { groupId, userInfos: infos(m1, m2) } });
      await expectRefused(
        c.call('groupCallInvite', { token: h.web, body: { groupId, userInfos: infos(m3) } }),
        'callChannelFull',
      );
      await expectRefused(c.call('groupCallJoin', { token: m3.web, ...q(groupId) }), 'callChannelFull');
      closeAll(h, ...m);
    } finally {
      await own.close();
    }
  });
});
