/**
 * The group authorization matrix, group messages (issue 8): every group message
 * endpoint × (owner, admin, member, left member, stranger) with the expected
 * answer; a refusal changes nothing. Management is in group-authorization.test.ts.
 */
import { expect } from 'vitest';
import {
  describeMatrix,
  g,
  messageEndpoints,
  ok,
  outsiders,
  people,
  refused,
  sent,
  text,
  type GroupMessageEndpoint,
  type Row,
} from './support/group-world.js';

const matrix = (): Record<GroupMessageEndpoint, Row> => ({
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
  groupEdit: {
    owner: async () => {
      const msg = await ok('owner', 'groupSend', { body: text(g, 'typo') });
      await ok('owner', 'groupEdit', { params: { id: msg.id }, body: { content: 'fixed', atUserIds: [-1] } });
    },
    admin: () =>
      refused('admin', 'groupEdit', 'editNotOwn', { params: { id: sent.member }, body: { content: 'mine now' } }),
    member: async () => {
      const msg = await ok('member', 'groupSend', { body: text(g, 'typo') });
      await ok('member', 'groupEdit', { params: { id: msg.id }, body: { content: 'fixed' } });
      await refused('member', 'groupEdit', 'atAllNotAllowed', {
        params: { id: msg.id },
        body: { content: 'everyone', atUserIds: [-1] },
      });
      await refused('member', 'groupEdit', 'editNotOwn', { params: { id: sent.owner }, body: { content: 'x' } });
    },
    left: () => refused('left', 'groupEdit', 'groupNotJoined', { params: { id: sent.left }, body: { content: 'x' } }),
    stranger: () =>
      refused('stranger', 'groupEdit', 'messageNotExist', { params: { id: sent.owner }, body: { content: 'x' } }),
  },
  // Pins: owner and admins while the group's pinByMembers is off (group-pins in pins.test.ts turns it on).
  groupPin: {
    owner: async () => {
      await ok('owner', 'groupPin', { params: { id: sent.member } });
      await ok('owner', 'groupUnpin', { params: { id: sent.member } });
    },
    admin: async () => {
      await ok('admin', 'groupPin', { params: { id: sent.owner } });
      await ok('admin', 'groupUnpin', { params: { id: sent.owner } });
    },
    member: () => refused('member', 'groupPin', 'pinNotAllowed', { params: { id: sent.member } }),
    left: () => refused('left', 'groupPin', 'groupNotJoined', { params: { id: sent.left } }),
    stranger: () => refused('stranger', 'groupPin', 'messageNotExist', { params: { id: sent.owner } }),
  },
  groupUnpin: {
    owner: async () => {
      await ok('owner', 'groupPin', { params: { id: sent.owner } });
      await ok('owner', 'groupUnpin', { params: { id: sent.owner } });
    },
    admin: async () => {
      await ok('admin', 'groupUnpin', { params: { id: sent.member } });
    },
    member: () => refused('member', 'groupUnpin', 'pinNotAllowed', { params: { id: sent.member } }),
    left: () => refused('left', 'groupUnpin', 'groupNotJoined', { params: { id: sent.left } }),
    stranger: () => refused('stranger', 'groupUnpin', 'messageNotExist', { params: { id: sent.owner } }),
  },
  groupPins: {
    owner: async () => {
      await ok('owner', 'groupPins', { query: { groupId: g } });
    },
    admin: async () => {
      await ok('admin', 'groupPins', { query: { groupId: g } });
    },
    member: async () => {
      await ok('member', 'groupPins', { query: { groupId: g } });
    },
    ...outsiders('groupPins', () => ({ query: { groupId: g } })),
  },
  groupReact: {
    owner: async () => {
      const r = await ok('owner', 'groupReact', { params: { id: sent.member }, body: { emoji: '👍' } });
      expect(r.mine).toBe('👍');
      await ok('owner', 'groupReact', { params: { id: sent.member }, body: { emoji: null } });
    },
    admin: async () => {
      await ok('admin', 'groupReact', { params: { id: sent.owner }, body: { emoji: '❤️' } });
      await ok('admin', 'groupReact', { params: { id: sent.owner }, body: { emoji: '❤️' } });
    },
    member: async () => {
      await ok('member', 'groupReact', { params: { id: sent.member }, body: { emoji: '🙏' } });
      await ok('member', 'groupReact', { params: { id: sent.member }, body: { emoji: null } });
    },
    left: () => refused('left', 'groupReact', 'groupNotJoined', { params: { id: sent.left }, body: { emoji: '👍' } }),
    stranger: () =>
      refused('stranger', 'groupReact', 'messageNotExist', { params: { id: sent.owner }, body: { emoji: '👍' } }),
  },
  groupReactions: {
    owner: async () => {
      expect((await ok('owner', 'groupReactions', { query: { id: sent.member } })).more).toBe(false);
    },
    admin: async () => {
      await ok('admin', 'groupReactions', { query: { id: sent.owner, emoji: '👍' } });
    },
    member: async () => {
      await ok('member', 'groupReactions', { query: { id: sent.owner, page: 2 } });
    },
    left: () => refused('left', 'groupReactions', 'groupNotJoined', { query: { id: sent.left } }),
    stranger: () => refused('stranger', 'groupReactions', 'messageNotExist', { query: { id: sent.owner } }),
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
    // Inside the window history shows, up to the tip of their leaving; later ids read as missing.
    left: async () => {
      await ok('left', 'groupFindReadedUsers', { query: { groupId: g, messageId: sent.left } });
      await refused('left', 'groupFindReadedUsers', 'messageNotExist', {
        query: { groupId: g, messageId: sent.owner },
      });
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

describeMatrix('group messages', messageEndpoints, matrix);
