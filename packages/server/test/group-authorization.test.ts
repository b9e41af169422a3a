/**
 * The group authorization matrix, management (issue 8): every group endpoint but
 * the message stream's × (owner, admin, member, left member, stranger) with the
 * expected answer; a refusal changes nothing. Successful writes run on a fresh group
 * so the shared one stays put; then a complaint about the group by each role. Group
 * messages: group-message-authorization.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ComplaintTargetType, ComplaintType, ServerErrors } from '@parley/protocol';
import { groupCallRows } from './support/group-call-matrix.js';
import { snapshotState } from './support/server.js';
import {
  byGroupId,
  client,
  describeMatrix,
  g,
  makeGroup,
  managementEndpoints,
  ok,
  outsiders,
  people,
  refused,
  text,
  tok,
  ts,
  type GroupManagementEndpoint,
  type Row,
} from './support/group-world.js';

/** The shared group as `left` saw it on leaving: 5 members then, 4 after. */
const leftView = () => ({ id: g, name: 'Team', showGroupName: 'Team', notice: '', memberCount: 4, quit: true });

const matrix = (): Record<GroupManagementEndpoint, Row> => ({
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
    // As it was when they left: not the rename, announcement or member count after.
    left: async () =>
      expect(
        await ok(
          'left',
          'groupFind',
          byGroupId(() => g),
        ),
      ).toMatchObject(leftView()),
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
    left: async () => expect((await ok('left', 'groupList', {})).find((x) => x.id === g)).toMatchObject(leftView()),
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
  groupPinByMembers: {
    owner: async () => {
      await ok('owner', 'groupPinByMembers', { body: { groupId: await makeGroup(), enabled: true } });
    },
    admin: async () => {
      await ok('admin', 'groupPinByMembers', { body: { groupId: await makeGroup(), enabled: true } });
    },
    member: () =>
      refused('member', 'groupPinByMembers', 'onlyOwnerOrAdminForbid', { body: { groupId: g, enabled: true } }),
    ...outsiders('groupPinByMembers', () => ({ body: { groupId: g, enabled: true } })),
  },
  // group calls
  ...groupCallRows(),
});

describeMatrix('group management', managementEndpoints, matrix);

// A complaint about the group: by its members, current or former, under the name they know.
describe('complaint about the group × role', () => {
  const about = (targetId: number) => ({
    targetType: ComplaintTargetType.GROUP,
    targetId,
    type: ComplaintType.FRAUD,
    content: 'spam',
  });
  it.each([
    ['owner', 'Team B'],
    ['admin', 'Team B'],
    ['member', 'Team B'],
    ['left', 'Team'],
  ] as const)('%s reports it as %s', async (role, name) => {
    await client.ok('complaintInitiate', { token: tok(role), body: about(g) });
    expect((await client.ok('complaintPage', { token: tok(role) }))[0]?.targetName).toBe(name);
  });
  it('stranger: refused exactly as a group that does not exist; nothing stored', async () => {
    const before = await snapshotState(ts);
    const asStranger = (id: number) => client.call('complaintInitiate', { token: tok('stranger'), body: about(id) });
    const [real, missing] = [await asStranger(g), await asStranger(99_999_999)];
    expect([real.status, real.body.key]).toEqual([ServerErrors.groupNotExist.code, 'groupNotExist']);
    expect([real.status, real.body]).toEqual([missing.status, missing.body]);
    expect(await snapshotState(ts)).toBe(before);
  });
});
