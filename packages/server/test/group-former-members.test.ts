/**
 * What a group shows to those outside it now (hardening, points 2–4): a former member
 * sees the group as it was when they left (find, list, favourites, complaints), the
 * read list answers inside the caller's window only, and to a stranger the group does
 * not exist for a complaint. Refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import {
  ChatType,
  Cmd,
  ComplaintTargetType,
  ComplaintType,
  MessageType,
  ServerErrors,
  type Group,
  type GroupSyncMessage,
  type ServerErrorKey,
  type ServerFrame,
} from '@parley/protocol';
import { backfillQuitViews } from '../src/db/migrations/0018_quit_view.js';
import { ApiClient, registerUser, type CallOptions, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { tmpId } from './support/messages.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let owner: TestUser;
let ann: TestUser;
let kim: TestUser;
let joe: TestUser;
let stranger: TestUser;
const sockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;

const send = async (u: TestUser, groupId: number, content: string) =>
  (
    await client.ok('groupSend', {
      token: tok(u),
      body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content },
    })
  ).id;
const find = (u: TestUser, groupId: number) => client.ok('groupFind', { token: tok(u), params: { groupId } });
const listed = async (u: TestUser, groupId: number) =>
  (await client.ok('groupList', { token: tok(u) })).find((x) => x.id === groupId);
const create = (name: string, members: TestUser[], notice = '') =>
  client.ok('groupCreate', { token: tok(owner), body: { name, notice, friendIds: members.map((m) => m.id) } });
const readers = (u: TestUser, groupId: number, messageId: number) =>
  client.ok('groupFindReadedUsers', { token: tok(u), query: { groupId, messageId } });
const complainAbout = (u: TestUser, targetId: number) =>
  client.call('complaintInitiate', {
    token: tok(u),
    body: { targetType: ComplaintTargetType.GROUP, targetId, type: ComplaintType.FRAUD, content: 'scam' },
  });

async function refused(u: TestUser, name: Parameters<ApiClient['call']>[0], key: ServerErrorKey, opts: CallOptions) {
  const before = await snapshotState(ts);
  const res = await client.call(name, { token: tok(u), ...opts });
  expect([res.status, res.body.key], JSON.stringify(res.body)).toEqual([ServerErrors[key].code, key]);
  expect(await snapshotState(ts)).toBe(before);
}

const groupUpdate =
  (groupId: number) =>
  (f: ServerFrame): boolean => {
    const d = f.data as { type?: number; groupId?: number } | undefined;
    return f.cmd === Cmd.GROUP_MESSAGE && d?.type === MessageType.GROUP_UPDATE && d.groupId === groupId;
  };

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  const named = (nickName: string) => registerUser(client, { nickName });
  [owner, ann, kim, joe, stranger] = [
    await named('Owner'),
    await named('Ann'),
    await named('Kim'),
    await named('Joe'),
    await named('Stranger'),
  ];
  for (const u of [ann, kim, joe]) await befriend(client, owner, u);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('a former member sees the group as it was when they left', () => {
  it('find and list keep the name, announcement and count of that moment, whatever changed after', async () => {
    const g = (await create('Secret Project X', [ann, kim], 'Kick-off Monday')).id;
    const annSocket = await TestSocket.login(ts.wsUrl, tok(ann));
    sockets.push(annSocket);
    await client.ok('groupQuit', { token: tok(ann), params: { groupId: g } });
    // The frame that told Ann she left is what she keeps seeing.
    const told = JSON.parse(((await annSocket.next(groupUpdate(g))).data as GroupSyncMessage).content) as Group;
    expect(told).toMatchObject({ name: 'Secret Project X', notice: 'Kick-off Monday', memberCount: 2, quit: true });
    await client.ok('groupRemoveMembers', { token: tok(owner), body: { groupId: g, userIds: [kim.id] } });

    await client.ok('groupModify', { token: tok(owner), body: { id: g, name: 'Project Y', notice: 'Moved' } });
    await client.ok('groupInvite', { token: tok(owner), body: { groupId: g, friendIds: [joe.id] } });
    await client.ok('groupMuted', { token: tok(owner), body: { groupId: g, isMuted: true } });
    await client.ok('groupDelete', { token: tok(owner), params: { groupId: g } });

    expect(await find(ann, g)).toEqual(told);
    expect(await listed(ann, g)).toEqual(told);
    const kimSees = await find(kim, g);
    expect(kimSees).toMatchObject({
      name: 'Secret Project X',
      showGroupName: 'Secret Project X',
      notice: 'Kick-off Monday',
      memberCount: 1,
      isMuted: false,
      dissolve: false,
      quit: true,
    });
    expect(await listed(kim, g)).toEqual(kimSees);
    // Those still in see it as it is.
    expect(await find(joe, g)).toMatchObject({ name: 'Project Y', notice: 'Moved', dissolve: true, quit: false });
  });

  it('back in the group, the live group again; a complaint or favourite uses the name they knew', async () => {
    const g = (await create('Book Club', [ann])).id;
    const before = await send(owner, g, 'chapter one');
    await client.ok('groupQuit', { token: tok(ann), params: { groupId: g } });
    await client.ok('groupModify', { token: tok(owner), body: { id: g, name: 'Wine Club' } });

    expect((await complainAbout(ann, g)).status).toBe(200);
    expect((await client.ok('complaintPage', { token: tok(ann) }))[0]?.targetName).toBe('Book Club');
    const fav = await client.ok('favouriteAdd', {
      token: tok(ann),
      body: { chatType: ChatType.GROUP, messageId: before },
    });
    expect(fav.chatName).toBe('Book Club');

    await client.ok('groupInvite', { token: tok(owner), body: { groupId: g, friendIds: [ann.id] } });
    expect(await find(ann, g)).toMatchObject({ name: 'Wine Club', memberCount: 2, quit: false });
  });
});

describe('a complaint about a group needs its complainant to be or to have been a member', () => {
  it('a stranger is refused exactly as for a group that does not exist; nothing stored', async () => {
    const g = (await create('Secret Project X', [ann])).id;
    const before = await snapshotState(ts);
    const [real, missing] = [await complainAbout(stranger, g), await complainAbout(stranger, 99_999_999)];
    expect([real.status, real.body.key]).toEqual([ServerErrors.groupNotExist.code, 'groupNotExist']);
    expect([real.status, real.body]).toEqual([missing.status, missing.body]);
    expect(await snapshotState(ts)).toBe(before);
    expect(await client.ok('complaintPage', { token: tok(stranger) })).toEqual([]);
  });
});

describe('findReadedUsers answers inside the caller’s window only', () => {
  it('a later joiner and a former member learn nothing of ids their history hides', async () => {
    const g = (await create('Readers', [ann, kim])).id;
    const early = await send(owner, g, 'before Joe');
    await client.ok('groupReaded', { token: tok(kim), query: { groupId: g, messageId: early } });
    await client.ok('groupQuit', { token: tok(ann), params: { groupId: g } });
    await client.ok('groupInvite', { token: tok(owner), body: { groupId: g, friendIds: [joe.id] } });
    const late = await send(owner, g, 'after Ann');
    await client.ok('groupReaded', { token: tok(kim), query: { groupId: g, messageId: late } });

    const history = async (u: TestUser) =>
      (await client.ok('groupHistory', { token: tok(u), query: { groupId: g, size: 100 } })).map((m) => m.id);
    expect(await history(joe)).not.toContain(early);
    expect(await history(ann)).not.toContain(late);
    await refused(joe, 'groupFindReadedUsers', 'messageNotExist', { query: { groupId: g, messageId: early } });
    await refused(ann, 'groupFindReadedUsers', 'messageNotExist', { query: { groupId: g, messageId: late } });
    await refused(stranger, 'groupFindReadedUsers', 'notGroupMember', { query: { groupId: g, messageId: early } });
    expect(await readers(joe, g, late)).toEqual([kim.id]);
    expect(await readers(ann, g, early)).toEqual([kim.id]);
  });
});

describe('members who left before migration 0018', () => {
  it('keep only the name they knew: the last rename before leaving, else the name when none came after', async () => {
    const db = ts.server.db.kysely;
    const renamed = (await create('Alpha', [ann, kim])).id;
    await client.ok('groupQuit', { token: tok(ann), params: { groupId: renamed } });
    await client.ok('groupModify', { token: tok(owner), body: { id: renamed, name: 'Beta' } });
    await client.ok('groupQuit', { token: tok(kim), params: { groupId: renamed } });
    await client.ok('groupModify', { token: tok(owner), body: { id: renamed, name: 'Gamma', notice: 'new' } });
    const kept = (await create('Kept', [ann], 'hello')).id;
    await client.ok('groupQuit', { token: tok(ann), params: { groupId: kept } });
    await db.updateTable('group_members').set({ quit_view: null }).where('group_id', 'in', [renamed, kept]).execute();

    await backfillQuitViews(db as unknown as Kysely<unknown>);
    const blank = { notice: '', headImage: '', memberCount: 0, quit: true };
    // Ann left 'Alpha' before any rename tip named it: nothing she knew can be told apart.
    expect(await find(ann, renamed)).toMatchObject({ ...blank, name: '' });
    expect(await find(kim, renamed)).toMatchObject({ ...blank, name: 'Beta' });
    expect(await find(ann, kept)).toMatchObject({ ...blank, name: 'Kept' });
  });
});
