/**
 * Groups end to end over HTTP and sockets (issue 8): list sync frames and tips,
 * spec §5 limits with their catalogue keys (nothing changed), receipts with live
 * counts and the read list, mentions, tmpId, forbid mutual contact, the member cap,
 * fellow members' presence, complaints against a group, the admin cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cmd,
  ComplaintTargetType,
  ComplaintType,
  Limits,
  MessageType,
  ServerErrors,
  type Group,
  type GroupMessage,
  type GroupReceiptNotice,
  type GroupSyncMessage,
  type ServerErrorKey,
  type ServerFrame,
} from '@parley/protocol';
import { ApiClient, registerUser, type CallOptions, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { tmpId } from './support/messages.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let owner: TestUser;
let bob: TestUser;
let carol: TestUser;
const sockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;
const connect = async (u: TestUser) => {
  const s = await TestSocket.login(ts.wsUrl, tok(u));
  sockets.push(s);
  return s;
};
const groupFrame =
  (type: number, groupId?: number) =>
  (f: ServerFrame): boolean => {
    const d = f.data as { type?: number; groupId?: number } | undefined;
    return f.cmd === Cmd.GROUP_MESSAGE && d?.type === type && (groupId === undefined || d.groupId === groupId);
  };
const text = (groupId: number, content = 'hi', extra: Record<string, unknown> = {}) => ({
  tmpId: tmpId(),
  groupId,
  type: MessageType.TEXT,
  content,
  ...extra,
});

async function refused(u: TestUser, name: Parameters<ApiClient['call']>[0], key: ServerErrorKey, opts: CallOptions) {
  const before = await snapshotState(ts);
  const res = await client.call(name, { token: tok(u), ...opts });
  expect([res.status, res.body.key], JSON.stringify(res.body)).toEqual([ServerErrors[key].code, key]);
  expect(await snapshotState(ts)).toBe(before);
}

beforeAll(async () => {
  ts = await startServer({ groupMembersMax: 4, groupAdminsMax: 1 });
  client = new ApiClient(ts.url);
  [owner, bob, carol] = [
    await registerUser(client, { nickName: 'Owner' }),
    await registerUser(client, { nickName: 'Bob' }),
    await registerUser(client, { nickName: 'Carol' }),
  ];
  await befriend(client, owner, bob);
  await befriend(client, owner, carol);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('creating and inviting', () => {
  it('members hear the new group (90) and the tip; a later invitee too, with updates (92) to the rest', async () => {
    const bobSocket = await connect(bob);
    const group = await client.ok('groupCreate', { token: tok(owner), body: { name: ' Team ', friendIds: [bob.id] } });
    expect([group.name, group.ownerId, group.memberCount, group.isManager]).toEqual(['Team', owner.id, 2, true]);
    const created = (await bobSocket.next(groupFrame(MessageType.GROUP_NEW, group.id))).data as GroupSyncMessage;
    expect((JSON.parse(created.content) as Group).isManager).toBe(false);
    const tip = (await bobSocket.next(groupFrame(MessageType.TIP_TEXT, group.id))).data as GroupMessage;
    expect(tip.content).toBe('Owner created the group and invited Bob');

    const carolSocket = await connect(carol);
    await client.ok('groupInvite', { token: tok(owner), body: { groupId: group.id, friendIds: [carol.id, bob.id] } });
    const fresh = (await carolSocket.next(groupFrame(MessageType.GROUP_NEW, group.id))).data as GroupSyncMessage;
    expect((JSON.parse(fresh.content) as Group).memberCount).toBe(3);
    expect(((await carolSocket.next(groupFrame(MessageType.TIP_TEXT, group.id))).data as GroupMessage).content).toBe(
      'Owner invited Carol',
    );
    const update = (await bobSocket.next(groupFrame(MessageType.GROUP_UPDATE, group.id))).data as GroupSyncMessage;
    expect((JSON.parse(update.content) as Group).memberCount).toBe(3);
  });

  it('92 frames carry the entries of the members a change touched (none for group-only changes)', async () => {
    const g = await client.ok('groupCreate', { token: tok(owner), body: { name: 'Delta', friendIds: [bob.id] } });
    const bobSocket = await connect(bob);
    const nextUpdate = async () =>
      (await bobSocket.next(groupFrame(MessageType.GROUP_UPDATE, g.id))).data as GroupSyncMessage;
    const only = (f: GroupSyncMessage) => {
      expect(f.members).toHaveLength(1);
      return f.members![0]!;
    };
    await client.ok('groupInvite', { token: tok(owner), body: { groupId: g.id, friendIds: [carol.id] } });
    expect(only(await nextUpdate())).toMatchObject({ userId: carol.id, quit: false, isMuted: false });
    await client.ok('groupMembersMuted', {
      token: tok(owner),
      body: { groupId: g.id, userIds: [carol.id], isMuted: true },
    });
    expect(only(await nextUpdate())).toMatchObject({ userId: carol.id, isMuted: true });
    await client.ok('groupModify', { token: tok(carol), body: { id: g.id, remarkNickName: 'CC' } });
    expect(only(await nextUpdate())).toMatchObject({ userId: carol.id, showNickName: 'CC' });
    await client.ok('groupAddManagers', { token: tok(owner), body: { groupId: g.id, userIds: [bob.id] } });
    expect(only(await nextUpdate())).toMatchObject({ userId: bob.id, isManager: true });
    await client.ok('groupRemoveMembers', { token: tok(owner), body: { groupId: g.id, userIds: [carol.id] } });
    expect(only(await nextUpdate())).toMatchObject({ userId: carol.id, quit: true });
    await client.ok('groupModify', { token: tok(owner), body: { id: g.id, name: 'Delta 2' } });
    expect((await nextUpdate()).members).toBeUndefined();
  });

  it('spec §5 limits answer their catalogue keys and change nothing', async () => {
    await refused(owner, 'groupCreate', 'groupNameBlank', { body: { name: '   ' } });
    await refused(owner, 'groupCreate', 'groupNameLength', { body: { name: 'n'.repeat(Limits.GROUP_NAME_MAX + 1) } });
    const g = await client.ok('groupCreate', { token: tok(owner), body: { name: 'n'.repeat(Limits.GROUP_NAME_MAX) } });
    await refused(owner, 'groupModify', 'noticeLength', {
      body: { id: g.id, notice: 'x'.repeat(Limits.ANNOUNCEMENT_MAX + 1) },
    });
    await refused(owner, 'groupModify', 'groupNickNameLength', { body: { id: g.id, remarkNickName: 'x'.repeat(21) } });
    await refused(owner, 'groupModify', 'groupRemarkLength', { body: { id: g.id, remarkGroupName: 'x'.repeat(21) } });
    await refused(owner, 'groupCreate', 'invalidParam', {
      body: { name: 'ok', friendIds: Array.from({ length: 51 }, (_, i) => i + 1) },
    });
    const full = await client.ok('groupModify', {
      token: tok(owner),
      body: { id: g.id, notice: 'x'.repeat(Limits.ANNOUNCEMENT_MAX), remarkNickName: 'y'.repeat(20) },
    });
    expect([full.notice.length, full.showNickName]).toEqual([Limits.ANNOUNCEMENT_MAX, 'y'.repeat(20)]);
  });

  it('the member cap (here 4) refuses an invitation past it', async () => {
    const [d, e] = [await registerUser(client), await registerUser(client)];
    await befriend(client, owner, d);
    await befriend(client, owner, e);
    const g = await client.ok('groupCreate', {
      token: tok(owner),
      body: { name: 'Cap', friendIds: [bob.id, carol.id] },
    });
    await client.ok('groupInvite', { token: tok(owner), body: { groupId: g.id, friendIds: [d.id] } });
    await refused(owner, 'groupInvite', 'groupFull', { body: { groupId: g.id, friendIds: [e.id] } });
  });

  it('the admin cap (here 1) refuses an admin past it, also two at once; a removal makes room', async () => {
    const g = await client.ok('groupCreate', {
      token: tok(owner),
      body: { name: 'Admins', friendIds: [bob.id, carol.id] },
    });
    await refused(owner, 'groupAddManagers', 'tooManyAdmins', { body: { groupId: g.id, userIds: [bob.id, carol.id] } });
    await client.ok('groupAddManagers', { token: tok(owner), body: { groupId: g.id, userIds: [bob.id] } });
    // Bob again is no change: not refused.
    await client.ok('groupAddManagers', { token: tok(owner), body: { groupId: g.id, userIds: [bob.id] } });
    const res = await client.call('groupAddManagers', {
      token: tok(owner),
      body: { groupId: g.id, userIds: [carol.id] },
    });
    expect([res.body.key, res.body.message]).toEqual(['tooManyAdmins', 'A group can have at most 1 admins']);
    await client.ok('groupRemoveManagers', { token: tok(owner), body: { groupId: g.id, userIds: [bob.id] } });
    await client.ok('groupAddManagers', { token: tok(owner), body: { groupId: g.id, userIds: [carol.id] } });
    const members = await client.ok('groupMembers', { token: tok(owner), params: { groupId: g.id } });
    expect(members.filter((m) => m.isManager && m.userId !== owner.id).map((m) => m.userId)).toEqual([carol.id]);
  });
});

describe('messages', () => {
  let g: Group;
  beforeAll(async () => {
    g = await client.ok('groupCreate', { token: tok(owner), body: { name: 'Chat', friendIds: [bob.id, carol.id] } });
  });

  it('a receipt message: each read reaches the sender live with the count, then receiptOk; the read list', async () => {
    const ownerSocket = await connect(owner);
    const msg = await client.ok('groupSend', { token: tok(owner), body: text(g.id, 'read me', { receipt: true }) });
    expect([msg.receipt, msg.readedCount, msg.receiptOk]).toEqual([true, 0, false]);
    await client.ok('groupReaded', { token: tok(bob), query: { groupId: g.id, messageId: msg.id } });
    const first = (await ownerSocket.next(groupFrame(MessageType.RECEIPT, g.id))).data as GroupReceiptNotice;
    expect([first.id, first.readedCount, first.receiptOk]).toEqual([msg.id, 1, false]);
    expect(
      await client.ok('groupFindReadedUsers', { token: tok(owner), query: { groupId: g.id, messageId: msg.id } }),
    ).toEqual([bob.id]);
    await client.ok('groupReaded', { token: tok(carol), query: { groupId: g.id, messageId: msg.id } });
    const second = (await ownerSocket.next(groupFrame(MessageType.RECEIPT, g.id))).data as GroupReceiptNotice;
    expect([second.readedCount, second.receiptOk]).toEqual([2, true]);
    const [stored] = await client.ok('groupHistory', { token: tok(owner), query: { groupId: g.id, size: 1 } });
    expect([stored?.id, stored?.readedCount, stored?.receiptOk]).toEqual([msg.id, 2, true]);
  });

  it('my read position comes back with the group (readedMaxId): forward only, per member', async () => {
    const readedMaxId = async (u: TestUser) =>
      (await client.ok('groupFind', { token: tok(u), params: { groupId: g.id } })).readedMaxId;
    const carolBefore = await readedMaxId(carol);
    const one = await client.ok('groupSend', { token: tok(owner), body: text(g.id, 'one') });
    const two = await client.ok('groupSend', { token: tok(owner), body: text(g.id, 'two') });
    await client.ok('groupReaded', { token: tok(bob), query: { groupId: g.id, messageId: two.id } });
    expect(await readedMaxId(bob)).toBe(two.id);
    await client.ok('groupReaded', { token: tok(bob), query: { groupId: g.id, messageId: one.id } });
    expect(await readedMaxId(bob)).toBe(two.id);
    const listed = await client.ok('groupList', { token: tok(bob) });
    expect(listed.find((x) => x.id === g.id)?.readedMaxId).toBe(two.id);
    expect(await readedMaxId(carol)).toBe(carolBefore);
  });

  it("members carry the group's newest message id at their join (joinedAtId): a receipt's audience", async () => {
    const before = await client.ok('groupSend', { token: tok(owner), body: text(g.id, 'before dave') });
    const dave = await registerUser(client);
    await befriend(client, owner, dave);
    await client.ok('groupInvite', { token: tok(owner), body: { groupId: g.id, friendIds: [dave.id] } });
    const members = await client.ok('groupMembers', { token: tok(bob), params: { groupId: g.id } });
    const joinedAt = (u: TestUser) => members.find((m) => m.userId === u.id)?.joinedAtId;
    // The invite's tip is the first message Dave receives.
    expect(joinedAt(dave)).toBe(before.id);
    expect(joinedAt(bob)).toBeLessThan(before.id);
    await client.ok('groupRemoveMembers', { token: tok(owner), body: { groupId: g.id, userIds: [dave.id] } });
  });

  it('mentions: members only; @everyone for owner and admins', async () => {
    const stranger = await registerUser(client);
    await refused(bob, 'groupSend', 'notGroupMembers', { body: text(g.id, '@x', { atUserIds: [stranger.id] }) });
    await refused(bob, 'groupSend', 'atAllNotAllowed', { body: text(g.id, '@all', { atUserIds: [-1] }) });
    const m = await client.ok('groupSend', { token: tok(bob), body: text(g.id, '@carol', { atUserIds: [carol.id] }) });
    expect(m.atUserIds).toEqual([carol.id]);
    expect(m.sendNickName).toBe('Bob');
  });

  it('tmpId: a true repeat returns the stored message; another send under it is refused', async () => {
    const body = text(g.id, 'once');
    const first = await client.ok('groupSend', { token: tok(bob), body });
    expect((await client.ok('groupSend', { token: tok(bob), body })).id).toBe(first.id);
    await refused(bob, 'groupSend', 'tmpIdReused', { body: { ...body, content: 'other' } });
  });

  it('recall: the original turns RECALL for everyone and a RECALL message is stored', async () => {
    const carolSocket = await connect(carol);
    const msg = await client.ok('groupSend', { token: tok(bob), body: text(g.id, 'oops') });
    const recall = await client.ok('groupRecall', { token: tok(bob), params: { id: msg.id } });
    expect([recall.type, recall.content]).toEqual([MessageType.RECALL, String(msg.id)]);
    await carolSocket.next((f) => f.cmd === Cmd.GROUP_MESSAGE && (f.data as GroupMessage).id === recall.id);
    const history = await client.ok('groupHistory', { token: tok(carol), query: { groupId: g.id, size: 5 } });
    expect(history.find((h) => h.id === msg.id)?.status).toBe(2);
  });
});

describe('forbid mutual contact, presence, complaints', () => {
  it('with forbid on, two members who only share this group cannot add each other', async () => {
    const [x, y] = [await registerUser(client), await registerUser(client)];
    await befriend(client, owner, x);
    await befriend(client, owner, y);
    const g = await client.ok('groupCreate', { token: tok(owner), body: { name: 'Quiet', friendIds: [x.id, y.id] } });
    await client.ok('groupForbidAddFriend', { token: tok(owner), body: { groupId: g.id, enabled: true } });
    await refused(x, 'friendAdd', 'addFriendForbiddenInGroup', { query: { friendId: y.id } });
    // A second, open group they share lifts it.
    await client.ok('groupCreate', { token: tok(owner), body: { name: 'Open', friendIds: [x.id, y.id] } });
    await client.ok('friendAdd', { token: tok(x), query: { friendId: y.id } });
  });

  it('fellow members see each other online; a group can be reported', async () => {
    const dave = await registerUser(client, { nickName: 'Dave' });
    await befriend(client, owner, dave);
    const g = await client.ok('groupCreate', {
      token: tok(owner),
      body: { name: 'Seen', friendIds: [dave.id, bob.id] },
    });
    await connect(dave);
    expect(await client.ok('userTerminalOnline', { token: tok(bob), query: { userIds: `${dave.id}` } })).toEqual([
      { userId: dave.id, terminals: [0] },
    ]);
    const members = await client.ok('groupMembers', { token: tok(bob), params: { groupId: g.id } });
    expect(members[0]?.online).toBe(true);
    await client.ok('complaintInitiate', {
      token: tok(bob),
      body: { targetType: ComplaintTargetType.GROUP, targetId: g.id, type: ComplaintType.FRAUD, content: 'scam group' },
    });
    const [complaint] = await client.ok('complaintPage', { token: tok(bob) });
    expect([complaint?.targetType, complaint?.targetName]).toEqual([ComplaintTargetType.GROUP, 'Seen']);
  });
});
