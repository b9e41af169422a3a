/**
 * The group authorization matrix (issue 8): every group endpoint × (owner, admin,
 * member, left member, stranger) with the expected answer; a refusal changes
 * nothing. Successful writes run on a fresh group so the shared one stays put.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, ServerErrors, api, type EndpointName, type ServerErrorKey } from '@parley/protocol';
import { ApiClient, registerUser, type CallOptions, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { tmpId } from './support/messages.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';

const ROLES = ['owner', 'admin', 'member', 'left', 'stranger'] as const;
type Role = (typeof ROLES)[number];
type GroupEndpoint = Extract<EndpointName, `group${string}`>;

let ts: TestServer;
let client: ApiClient;
let people: Record<Role | 'target' | 'invitee', TestUser>;
/** The shared group, and a message of each role in it. */
let g: number;
let sent: Record<'owner' | 'member' | 'left', number>;

const tok = (r: keyof typeof people) => people[r].tokens.accessToken;
const text = (groupId: number, content = 'hi') => ({ tmpId: tmpId(), groupId, type: MessageType.TEXT, content });

/** A group of owner, admin, member, target, and `left` who joined and left. */
async function makeGroup(): Promise<number> {
  const ids = (['admin', 'member', 'left', 'target'] as const).map((r) => people[r].id);
  const group = await client.ok('groupCreate', { token: tok('owner'), body: { name: 'Team', friendIds: ids } });
  await client.ok('groupAddManagers', { token: tok('owner'), body: { groupId: group.id, userIds: [people.admin.id] } });
  return group.id;
}
async function leave(groupId: number) {
  await client.ok('groupQuit', { token: tok('left'), params: { groupId } });
}

async function refused(role: Role, name: GroupEndpoint, key: ServerErrorKey, opts: CallOptions): Promise<void> {
  const before = await snapshotState(ts);
  const res = await client.call(name, { token: tok(role), ...opts });
  expect([res.status, res.body.key], `${name} as ${role} → ${JSON.stringify(res.body)}`).toEqual([
    ServerErrors[key].code,
    key,
  ]);
  expect(await snapshotState(ts)).toBe(before);
}
const ok = <N extends EndpointName>(role: Role, name: N, opts: CallOptions) =>
  client.ok(name, { token: tok(role), ...opts });

type Cell = () => Promise<void>;
type Row = Record<Role, Cell>;
const byGroupId = (groupId: () => number) => ({ params: { groupId: groupId() } });

/** Left and stranger are refused the same way for every call on a group they are not in. */
const outsiders = (name: GroupEndpoint, opts: () => CallOptions, leftKey: ServerErrorKey = 'groupNotJoined') => ({
  left: () => refused('left', name, leftKey, opts()),
  stranger: () => refused('stranger', name, 'notGroupMember', opts()),
});

const matrix = (): Record<GroupEndpoint, Row> => ({
  groupCreate: {
    owner: async () => {
      await ok('owner', 'groupCreate', { body: { name: 'New', friendIds: [people.member.id] } });
    },
    admin: async () => {
      await ok('admin', 'groupCreate', { body: { name: 'Solo' } });
    },
    member: async () => {
      await ok('member', 'groupCreate', { body: { name: 'Solo' } });
    },
    // Only friends can be put in a group.
    left: () =>
      refused('left', 'groupCreate', 'inviteFailed', { body: { name: 'X', friendIds: [people.stranger.id] } }),
    stranger: () =>
      refused('stranger', 'groupCreate', 'inviteFailed', { body: { name: 'X', friendIds: [people.member.id] } }),
  },
  groupModify: {
    owner: async () => {
      const group = await ok('owner', 'groupModify', {
        body: { id: await makeGroup(), name: 'Renamed', notice: 'Hi' },
      });
      expect([group.name, group.notice]).toEqual(['Renamed', 'Hi']);
    },
    admin: () => refused('admin', 'groupModify', 'onlyOwnerEditGroup', { body: { id: g, name: 'Mine now' } }),
    member: async () => {
      await refused('member', 'groupModify', 'onlyOwnerEditGroup', { body: { id: g, notice: 'x' } });
      const mine = await ok('member', 'groupModify', {
        body: { id: g, remarkNickName: 'M!', remarkGroupName: 'Work' },
      });
      expect([mine.showNickName, mine.showGroupName]).toEqual(['M!', 'Work']);
    },
    ...outsiders('groupModify', () => ({ body: { id: g, remarkNickName: 'x' } })),
  },
  groupDelete: {
    owner: async () => {
      const id = await makeGroup();
      await ok('owner', 'groupDelete', { params: { groupId: id } });
      expect((await ok('member', 'groupFind', { params: { groupId: id } })).dissolve).toBe(true);
      await refused('member', 'groupSend', 'groupDissolved', { body: text(id) });
    },
    admin: () =>
      refused(
        'admin',
        'groupDelete',
        'onlyOwnerDisband',
        byGroupId(() => g),
      ),
    member: () =>
      refused(
        'member',
        'groupDelete',
        'onlyOwnerDisband',
        byGroupId(() => g),
      ),
    ...outsiders('groupDelete', () => byGroupId(() => g)),
  },
  groupFind: {
    owner: async () =>
      expect(
        (
          await ok(
            'owner',
            'groupFind',
            byGroupId(() => g),
          )
        ).isManager,
      ).toBe(true),
    admin: async () =>
      expect(
        (
          await ok(
            'admin',
            'groupFind',
            byGroupId(() => g),
          )
        ).isManager,
      ).toBe(true),
    member: async () =>
      expect(
        (
          await ok(
            'member',
            'groupFind',
            byGroupId(() => g),
          )
        ).isManager,
      ).toBe(false),
    left: async () =>
      expect(
        (
          await ok(
            'left',
            'groupFind',
            byGroupId(() => g),
          )
        ).quit,
      ).toBe(true),
    stranger: () =>
      refused(
        'stranger',
        'groupFind',
        'notGroupMember',
        byGroupId(() => g),
      ),
  },
  groupList: {
    owner: async () => expect((await ok('owner', 'groupList', {})).map((x) => x.id)).toContain(g),
    admin: async () => expect((await ok('admin', 'groupList', {})).map((x) => x.id)).toContain(g),
    member: async () => expect((await ok('member', 'groupList', {})).map((x) => x.id)).toContain(g),
    left: async () => expect((await ok('left', 'groupList', {})).find((x) => x.id === g)?.quit).toBe(true),
    stranger: async () => expect((await ok('stranger', 'groupList', {})).map((x) => x.id)).not.toContain(g),
  },
  groupInvite: {
    owner: async () => {
      await ok('owner', 'groupInvite', { body: { groupId: await makeGroup(), friendIds: [people.invitee.id] } });
    },
    admin: async () => {
      await ok('admin', 'groupInvite', { body: { groupId: await makeGroup(), friendIds: [people.invitee.id] } });
    },
    member: async () => {
      await ok('member', 'groupInvite', { body: { groupId: await makeGroup(), friendIds: [people.invitee.id] } });
      // Only one's own friends.
      await refused('member', 'groupInvite', 'inviteFailed', { body: { groupId: g, friendIds: [people.stranger.id] } });
    },
    ...outsiders('groupInvite', () => ({ body: { groupId: g, friendIds: [people.invitee.id] } })),
  },
  groupMembers: {
    owner: async () =>
      expect(
        (
          await ok(
            'owner',
            'groupMembers',
            byGroupId(() => g),
          )
        ).length,
      ).toBe(4),
    admin: async () =>
      expect(
        (
          await ok(
            'admin',
            'groupMembers',
            byGroupId(() => g),
          )
        ).length,
      ).toBe(4),
    member: async () => {
      const members = await ok(
        'member',
        'groupMembers',
        byGroupId(() => g),
      );
      expect(members.map((m) => m.userId)).not.toContain(people.left.id);
    },
    ...outsiders('groupMembers', () => byGroupId(() => g)),
  },
  groupRemoveMembers: {
    owner: async () => {
      await ok('owner', 'groupRemoveMembers', { body: { groupId: await makeGroup(), userIds: [people.admin.id] } });
      await refused('owner', 'groupRemoveMembers', 'cannotRemoveSelf', {
        body: { groupId: g, userIds: [people.owner.id] },
      });
    },
    admin: async () => {
      await ok('admin', 'groupRemoveMembers', { body: { groupId: await makeGroup(), userIds: [people.target.id] } });
      await refused('admin', 'groupRemoveMembers', 'noPermissionKick', {
        body: { groupId: g, userIds: [people.owner.id] },
      });
    },
    member: () =>
      refused('member', 'groupRemoveMembers', 'noPermissionKick', {
        body: { groupId: g, userIds: [people.target.id] },
      }),
    ...outsiders('groupRemoveMembers', () => ({ body: { groupId: g, userIds: [people.target.id] } })),
  },
  groupQuit: {
    owner: () =>
      refused(
        'owner',
        'groupQuit',
        'ownerCannotQuit',
        byGroupId(() => g),
      ),
    admin: async () => {
      await ok('admin', 'groupQuit', { params: { groupId: await makeGroup() } });
    },
    member: async () => {
      await ok('member', 'groupQuit', { params: { groupId: await makeGroup() } });
    },
    ...outsiders('groupQuit', () => byGroupId(() => g)),
  },
  groupDnd: {
    owner: async () => {
      await ok('owner', 'groupDnd', { body: { groupId: g, isDnd: false } });
    },
    admin: async () => {
      await ok('admin', 'groupDnd', { body: { groupId: g, isDnd: false } });
    },
    member: async () => {
      await ok('member', 'groupDnd', { body: { groupId: g, isDnd: true } });
      expect(
        (
          await ok(
            'member',
            'groupFind',
            byGroupId(() => g),
          )
        ).isDnd,
      ).toBe(true);
    },
    ...outsiders('groupDnd', () => ({ body: { groupId: g, isDnd: true } })),
  },
  groupAddManagers: {
    owner: async () => {
      await ok('owner', 'groupAddManagers', { body: { groupId: await makeGroup(), userIds: [people.member.id] } });
    },
    admin: () =>
      refused('admin', 'groupAddManagers', 'onlyOwnerSetAdmin', { body: { groupId: g, userIds: [people.member.id] } }),
    member: () =>
      refused('member', 'groupAddManagers', 'onlyOwnerSetAdmin', { body: { groupId: g, userIds: [people.member.id] } }),
    ...outsiders('groupAddManagers', () => ({ body: { groupId: g, userIds: [people.member.id] } })),
  },
  groupRemoveManagers: {
    owner: async () => {
      await ok('owner', 'groupRemoveManagers', { body: { groupId: await makeGroup(), userIds: [people.admin.id] } });
    },
    admin: () =>
      refused('admin', 'groupRemoveManagers', 'onlyOwnerSetAdmin', {
        body: { groupId: g, userIds: [people.admin.id] },
      }),
    member: () =>
      refused('member', 'groupRemoveManagers', 'onlyOwnerSetAdmin', {
        body: { groupId: g, userIds: [people.admin.id] },
      }),
    ...outsiders('groupRemoveManagers', () => ({ body: { groupId: g, userIds: [people.admin.id] } })),
  },
  groupMuted: {
    owner: async () => {
      const id = await makeGroup();
      await ok('owner', 'groupMuted', { body: { groupId: id, isMuted: true } });
      await refused('member', 'groupSend', 'groupMutedAll', { body: text(id) });
      // Owner and admins may still speak.
      await ok('admin', 'groupSend', { body: text(id) });
    },
    admin: () => refused('admin', 'groupMuted', 'onlyOwnerMuteAll', { body: { groupId: g, isMuted: true } }),
    member: () => refused('member', 'groupMuted', 'onlyOwnerMuteAll', { body: { groupId: g, isMuted: true } }),
    ...outsiders('groupMuted', () => ({ body: { groupId: g, isMuted: true } })),
  },
  groupMembersMuted: {
    owner: async () => {
      const id = await makeGroup();
      await ok('owner', 'groupMembersMuted', { body: { groupId: id, userIds: [people.admin.id], isMuted: true } });
      await refused('admin', 'groupSend', 'memberMuted', { body: text(id) });
    },
    admin: async () => {
      const id = await makeGroup();
      await ok('admin', 'groupMembersMuted', { body: { groupId: id, userIds: [people.member.id], isMuted: true } });
      await refused('admin', 'groupMembersMuted', 'cannotMuteManager', {
        body: { groupId: id, userIds: [people.owner.id], isMuted: true },
      });
    },
    member: () =>
      refused('member', 'groupMembersMuted', 'onlyOwnerOrAdminMute', {
        body: { groupId: g, userIds: [people.target.id], isMuted: true },
      }),
    ...outsiders('groupMembersMuted', () => ({ body: { groupId: g, userIds: [people.target.id], isMuted: true } })),
  },
  groupForbidAddFriend: {
    owner: async () => {
      await ok('owner', 'groupForbidAddFriend', { body: { groupId: await makeGroup(), enabled: true } });
    },
    admin: async () => {
      await ok('admin', 'groupForbidAddFriend', { body: { groupId: await makeGroup(), enabled: true } });
    },
    member: () =>
      refused('member', 'groupForbidAddFriend', 'onlyOwnerOrAdminForbid', { body: { groupId: g, enabled: true } }),
    ...outsiders('groupForbidAddFriend', () => ({ body: { groupId: g, enabled: true } })),
  },
  groupSend: {
    owner: async () => {
      await ok('owner', 'groupSend', { body: { ...text(g), atUserIds: [-1] } });
    },
    admin: async () => {
      await ok('admin', 'groupSend', { body: { ...text(g), atUserIds: [people.member.id] } });
    },
    member: async () => {
      await ok('member', 'groupSend', { body: text(g) });
      await refused('member', 'groupSend', 'atAllNotAllowed', { body: { ...text(g), atUserIds: [-1] } });
    },
    ...outsiders('groupSend', () => ({ body: text(g) })),
  },
  groupRecall: {
    owner: async () => {
      const msg = await ok('owner', 'groupSend', { body: text(g, 'oops') });
      await ok('owner', 'groupRecall', { params: { id: msg.id } });
    },
    admin: () => refused('admin', 'groupRecall', 'recallNotOwn', { params: { id: sent.member } }),
    member: () => refused('member', 'groupRecall', 'recallNotOwn', { params: { id: sent.owner } }),
    left: () => refused('left', 'groupRecall', 'groupNotJoined', { params: { id: sent.left } }),
    stranger: () => refused('stranger', 'groupRecall', 'messageNotExist', { params: { id: sent.owner } }),
  },
  groupPullOffline: {
    owner: async () => {
      await ok('owner', 'groupPullOffline', { query: { minId: 0 } });
    },
    admin: async () => {
      await ok('admin', 'groupPullOffline', { query: { minId: 0 } });
    },
    member: async () => {
      await ok('member', 'groupPullOffline', { query: { minId: 0 } });
    },
    left: async () => {
      await ok('left', 'groupPullOffline', { query: { minId: 0 } });
    },
    stranger: async () => {
      await ok('stranger', 'groupPullOffline', { query: { minId: 0 } });
    },
  },
  groupReaded: {
    owner: async () => {
      await ok('owner', 'groupReaded', { query: { groupId: g, messageId: sent.member } });
    },
    admin: async () => {
      await ok('admin', 'groupReaded', { query: { groupId: g, messageId: sent.member } });
    },
    member: async () => {
      await ok('member', 'groupReaded', { query: { groupId: g, messageId: sent.owner } });
    },
    ...outsiders('groupReaded', () => ({ query: { groupId: g, messageId: sent.owner } })),
  },
  groupFindReadedUsers: {
    owner: async () => {
      await ok('owner', 'groupFindReadedUsers', { query: { groupId: g, messageId: sent.owner } });
    },
    admin: async () => {
      await ok('admin', 'groupFindReadedUsers', { query: { groupId: g, messageId: sent.owner } });
    },
    member: async () => {
      await ok('member', 'groupFindReadedUsers', { query: { groupId: g, messageId: sent.owner } });
    },
    left: async () => {
      await ok('left', 'groupFindReadedUsers', { query: { groupId: g, messageId: sent.owner } });
    },
    stranger: () =>
      refused('stranger', 'groupFindReadedUsers', 'notGroupMember', { query: { groupId: g, messageId: sent.owner } }),
  },
  groupHistory: {
    owner: async () => expect((await ok('owner', 'groupHistory', { query: { groupId: g } })).length).toBeGreaterThan(0),
    admin: async () => expect((await ok('admin', 'groupHistory', { query: { groupId: g } })).length).toBeGreaterThan(0),
    member: async () =>
      expect((await ok('member', 'groupHistory', { query: { groupId: g } })).length).toBeGreaterThan(0),
    // A member who left reads up to the tip of their leaving, nothing after.
    left: async () => {
      const ids = (await ok('left', 'groupHistory', { query: { groupId: g, size: 100 } })).map((m) => m.id);
      expect(ids).toContain(sent.left);
      expect(ids).not.toContain(sent.owner);
    },
    stranger: () => refused('stranger', 'groupHistory', 'notGroupMember', { query: { groupId: g } }),
  },
});

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  const roles = ['owner', 'admin', 'member', 'left', 'stranger', 'target', 'invitee'] as const;
  const users = await Promise.all(roles.map((r) => registerUser(client, { nickName: r })));
  people = Object.fromEntries(roles.map((r, i) => [r, users[i]!])) as typeof people;
  for (const r of ['admin', 'member', 'left', 'target', 'invitee', 'stranger'] as const) {
    await befriend(client, people.owner, people[r]);
  }
  for (const r of ['admin', 'member'] as const) await befriend(client, people[r], people.invitee);
  await befriend(client, people.left, people.member);
  g = await makeGroup();
  const left = (await ok('left', 'groupSend', { body: text(g, 'before I go') })).id;
  await leave(g);
  sent = {
    left,
    owner: (await ok('owner', 'groupSend', { body: text(g, 'from the owner') })).id,
    member: (await ok('member', 'groupSend', { body: text(g, 'from a member') })).id,
  };
});
afterAll(() => ts?.close());

const groupEndpoints = (Object.keys(api) as EndpointName[]).filter((n): n is GroupEndpoint => n.startsWith('group'));

describe('the group matrix covers the table', () => {
  it('every group endpoint has a row with every role', () => {
    const rows = matrix();
    for (const name of groupEndpoints)
      for (const role of ROLES) expect(rows[name]?.[role], `${name} × ${role}`).toBeDefined();
  });
});

describe('each role', () => {
  const cells = groupEndpoints.flatMap((name) => ROLES.map((role) => [name, role] as [GroupEndpoint, Role]));
  it.each(cells)('%s × %s', async (name, role) => {
    await matrix()[name][role]();
  });
});
