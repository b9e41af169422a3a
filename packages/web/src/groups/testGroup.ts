/** A complete Group and GroupMember for tests. */
import type { Group, GroupMember } from '@parley/protocol';

export function makeGroup(id: number, patch: Partial<Group> = {}): Group {
  const name = patch.name ?? `group${id}`;
  return {
    id,
    name,
    showGroupName: patch.remarkGroupName || name,
    headImage: '',
    headImageThumb: '',
    notice: '',
    ownerId: 1,
    remarkNickName: '',
    showNickName: 'me',
    remarkGroupName: '',
    isMuted: false,
    forbidAddFriend: false,
    pinByMembers: false,
    isDnd: false,
    pinnedAt: 0,
    isManager: false,
    isMemberMuted: false,
    isBanned: false,
    reason: '',
    dissolve: false,
    quit: false,
    memberCount: 3,
    readedMaxId: 0,
    createTime: 1_700_000_000_000,
    ...patch,
  };
}

export function makeMember(userId: number, patch: Partial<GroupMember> = {}): GroupMember {
  return {
    userId,
    showNickName: `user${userId}`,
    remarkNickName: '',
    headImage: '',
    headImageThumb: '',
    isOwner: false,
    isManager: false,
    isMuted: false,
    online: false,
    quit: false,
    joinedAtId: 0,
    ...patch,
  };
}
