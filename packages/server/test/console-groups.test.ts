/**
 * Console actions on groups: a ban syncs the group to its members (type 92 with
 * isBanned and the reason), refuses sends (groupBanned, with the reason) and ends the
 * group's call; an unban syncs again and sends work. Each action is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditAction,
  Cmd,
  GroupCallSignal as G,
  MessageType,
  type Group,
  type GroupSyncMessage,
  type ServerFrame,
} from '@parley/protocol';
import { befriend } from './support/contacts.js';
import { latestAudit, openConsoleWorld, tok, type ConsoleWorld } from './support/console.js';
import { closeAll, tmpId, twoTerminalUser, type TwoTerminalUser } from './support/messages.js';

let w: ConsoleWorld;
beforeAll(async () => {
  w = await openConsoleWorld();
});
afterAll(() => w?.close());

const groupUpdate = (groupId: number) => (f: ServerFrame) =>
  f.cmd === Cmd.GROUP_MESSAGE &&
  (f.data as GroupSyncMessage).type === MessageType.GROUP_UPDATE &&
  (f.data as GroupSyncMessage).groupId === groupId;
const synced = async (u: TwoTerminalUser, groupId: number): Promise<Group> =>
  JSON.parse(((await u.webSocket.next(groupUpdate(groupId))).data as GroupSyncMessage).content) as Group;
const signal = (type: number) => (f: ServerFrame) =>
  f.cmd === Cmd.GROUP_MESSAGE && 'callId' in (f.data as object) && (f.data as { type: number }).type === type;

async function groupOf(n: number) {
  const owner = await twoTerminalUser(w.ts, w.client, 'Owner');
  const members: TwoTerminalUser[] = [];
  for (let i = 0; i < n; i++) {
    const m = await twoTerminalUser(w.ts, w.client, `M${i}`);
    await befriend(w.client, owner, m);
    members.push(m);
  }
  const g = await w.client.ok('groupCreate', {
    token: owner.web,
    body: { name: 'Loud', friendIds: members.map((m) => m.id) },
  });
  await new Promise((r) => setTimeout(r, 100));
  for (const u of [owner, ...members]) for (const s of [u.webSocket, u.appSocket]) s.frames.length = 0;
  return { owner, members, groupId: g.id, all: [owner, ...members] };
}

describe('group ban and unban', () => {
  it('syncs the members, refuses sends, ends the call; unban restores', async () => {
    const { owner, members, groupId, all } = await groupOf(2);
    const [m1, m2] = members as [TwoTerminalUser, TwoTerminalUser];
    await w.client.ok('groupCallSetup', {
      token: owner.web,
      body: { groupId, userInfos: [m1, m2].map((m) => ({ id: m.id })) },
    });
    await w.client.ok('groupCallAccept', { token: m1.web, query: { groupId } });
    expect(await w.client.ok('currentCall', { token: m1.web })).toMatchObject({ kind: 'group', groupId });

    const banned = await w.client.ok('consoleGroupBan', {
      token: tok(w.op),
      body: { id: groupId, reason: 'Scam ring' },
    });
    expect([banned.isBanned, banned.reason, banned.memberCount, banned.ownerId]).toEqual([
      true,
      'Scam ring',
      3,
      owner.id,
    ]);
    for (const u of all) expect(await synced(u, groupId)).toMatchObject({ isBanned: true, reason: 'Scam ring' });
    // The call ended as if the host cancelled it.
    await m1.webSocket.next(signal(G.CANCEL));
    expect(await w.client.ok('currentCall', { token: m1.web })).toEqual({ kind: null });
    expect(await w.client.ok('currentCall', { token: owner.web })).toEqual({ kind: null });
    const send = await w.client.call('groupSend', {
      token: m2.web,
      body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content: 'still here?' },
    });
    expect([send.status, send.body.key, send.body.params?.reason]).toEqual([403, 'groupBanned', 'Scam ring']);
    const call = await w.client.call('groupCallSetup', {
      token: owner.web,
      body: { groupId, userInfos: [{ id: m1.id }] },
    });
    expect(call.body.key).toBe('groupBanned');
    expect((await latestAudit(w))[0]).toMatchObject({
      action: AuditAction.GROUP_BAN,
      targetType: 'group',
      targetId: groupId,
      reason: 'Scam ring',
    });

    const back = await w.client.ok('consoleGroupUnban', { token: tok(w.op), body: { id: groupId } });
    expect([back.isBanned, back.reason]).toEqual([false, '']);
    for (const u of all) expect(await synced(u, groupId)).toMatchObject({ isBanned: false, reason: '' });
    await w.client.ok('groupSend', {
      token: m2.web,
      body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content: 'back' },
    });
    expect((await latestAudit(w))[0]).toMatchObject({ action: AuditAction.GROUP_UNBAN, targetId: groupId });
    closeAll(...all);
  });

  it('search by name or id; an unknown group is groupNotExist and changes nothing', async () => {
    const { groupId, all } = await groupOf(1);
    for (const keyword of ['lou', String(groupId)]) {
      const page = await w.client.ok('consoleGroups', { token: tok(w.op), query: { keyword } });
      expect(page.items.map((g) => g.id)).toContain(groupId);
    }
    const res = await w.client.call('consoleGroupBan', { token: tok(w.op), body: { id: 99_999_999, reason: 'x' } });
    expect(res.body.key).toBe('groupNotExist');
    expect((await w.client.call('consoleGroup', { token: tok(w.op), query: { id: 99_999_999 } })).body.key).toBe(
      'groupNotExist',
    );
    closeAll(...all);
  });
});
