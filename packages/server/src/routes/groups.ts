/** Thin handlers for wire-contract §5 (groups) and the group half of §6 (group messages). */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';
import { ReactionKind } from '../services/reactions/summary.js';

export const groupRoutes = ({
  groups,
  groupRoles,
  groupMessages,
  groupEdits,
  groupPins,
  groupSync,
  groupCalls,
  reactions,
}: Services) => {
  const done = async (work: Promise<void>) => {
    await work;
    return null;
  };
  const groupCreate: Handler<'groupCreate'> = ({ auth, body }) => groups.create(auth.userId, body);
  const groupModify: Handler<'groupModify'> = ({ auth, body }) => groups.modify(auth.userId, body);
  // Group changes end or shrink the group's call (docs/CALLS.md §3.1).
  const groupDelete: Handler<'groupDelete'> = async ({ auth, params }) => {
    await groups.dissolve(auth.userId, params.groupId);
    return done(groupCalls.onGroupDissolved(params.groupId));
  };
  const groupFind: Handler<'groupFind'> = ({ auth, params }) => groups.find(auth.userId, params.groupId);
  const groupList: Handler<'groupList'> = ({ auth }) => groups.list(auth.userId);
  const groupInvite: Handler<'groupInvite'> = ({ auth, body }) =>
    done(groups.invite(auth.userId, body.groupId, body.friendIds));
  const groupMembers: Handler<'groupMembers'> = ({ auth, params }) => groups.members(auth.userId, params.groupId);
  const groupRemoveMembers: Handler<'groupRemoveMembers'> = async ({ auth, body }) => {
    await groups.remove(auth.userId, body.groupId, body.userIds);
    return done(groupCalls.onMembersLeft(body.groupId, body.userIds));
  };
  const groupQuit: Handler<'groupQuit'> = async ({ auth, params }) => {
    await groups.quit(auth.userId, params.groupId);
    return done(groupCalls.onMembersLeft(params.groupId, [auth.userId]));
  };
  const groupDnd: Handler<'groupDnd'> = ({ auth, body }) => done(groupRoles.dnd(auth.userId, body.groupId, body.isDnd));
  const groupAddManagers: Handler<'groupAddManagers'> = ({ auth, body }) =>
    done(groupRoles.setManagers(auth.userId, body.groupId, body.userIds, true));
  const groupRemoveManagers: Handler<'groupRemoveManagers'> = ({ auth, body }) =>
    done(groupRoles.setManagers(auth.userId, body.groupId, body.userIds, false));
  const groupMuted: Handler<'groupMuted'> = ({ auth, body }) =>
    done(groupRoles.muteAll(auth.userId, body.groupId, body.isMuted));
  const groupMembersMuted: Handler<'groupMembersMuted'> = ({ auth, body }) =>
    done(groupRoles.muteMembers(auth.userId, body.groupId, body.userIds, body.isMuted));
  const groupForbidAddFriend: Handler<'groupForbidAddFriend'> = ({ auth, body }) =>
    done(groupRoles.forbidAddFriend(auth.userId, body.groupId, body.enabled));

  const groupSend: Handler<'groupSend'> = ({ auth, body }) => groupMessages.send(auth.userId, auth.terminal, body);
  const groupRecall: Handler<'groupRecall'> = ({ auth, params }) => groupMessages.recall(auth.userId, params.id);
  const groupEdit: Handler<'groupEdit'> = ({ auth, params, body }) => groupEdits.edit(auth.userId, params.id, body);
  const groupPin: Handler<'groupPin'> = ({ auth, params }) => groupPins.setPinned(auth.userId, params.id, true);
  const groupUnpin: Handler<'groupUnpin'> = ({ auth, params }) => groupPins.setPinned(auth.userId, params.id, false);
  const groupPinList: Handler<'groupPins'> = ({ auth, query }) => groupPins.list(auth.userId, query.groupId);
  const groupPinByMembers: Handler<'groupPinByMembers'> = ({ auth, body }) =>
    done(groupPins.setPinByMembers(auth.userId, body.groupId, body.enabled));
  const groupReact: Handler<'groupReact'> = ({ auth, params, body }) =>
    reactions.react(ReactionKind.GROUP, auth.userId, params.id, body.emoji);
  const groupReactions: Handler<'groupReactions'> = ({ auth, query }) =>
    reactions.reactors(ReactionKind.GROUP, auth.userId, query);
  const groupPullOffline: Handler<'groupPullOffline'> = ({ auth, query }) =>
    done(groupSync.pullOffline(auth.userId, auth.terminal, query.minId));
  const groupReaded: Handler<'groupReaded'> = ({ auth, query }) =>
    done(groupSync.readed(auth.userId, auth.terminal, query.groupId, query.messageId));
  const groupFindReadedUsers: Handler<'groupFindReadedUsers'> = ({ auth, query }) =>
    groupSync.findReadedUsers(auth.userId, query.groupId, query.messageId);
  const groupHistory: Handler<'groupHistory'> = ({ auth, query }) =>
    groupSync.history(auth.userId, query.groupId, query.page, query.size);

  return {
    groupCreate,
    groupModify,
    groupDelete,
    groupFind,
    groupList,
    groupInvite,
    groupMembers,
    groupRemoveMembers,
    groupQuit,
    groupDnd,
    groupAddManagers,
    groupRemoveManagers,
    groupMuted,
    groupMembersMuted,
    groupForbidAddFriend,
    groupSend,
    groupRecall,
    groupEdit,
    groupPin,
    groupUnpin,
    groupPins: groupPinList,
    groupPinByMembers,
    groupReact,
    groupReactions,
    groupPullOffline,
    groupReaded,
    groupFindReadedUsers,
    groupHistory,
  };
};
