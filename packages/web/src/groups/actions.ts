/**
 * Group management calls (wire-contract §5) with their local effect: the list is
 * patched at once and the member list reloaded, and the server's sync frames
 * (90-92) confirm or correct it. Failures throw (the request wrapper has shown why).
 */
import type { Group, GroupCreateRequest, GroupModifyRequest } from '@parley/protocol';
import { call } from '../api/call';
import { patchLocalGroup, putGroup } from './groupsStore';
import { loadMembers } from './members';

export async function createGroup(req: GroupCreateRequest): Promise<Group> {
  const g = await call('groupCreate', { body: req });
  putGroup(g);
  return g;
}

export async function modifyGroup(req: GroupModifyRequest): Promise<Group> {
  const g = await call('groupModify', { body: req });
  putGroup(g);
  if (req.remarkNickName !== undefined) void loadMembers(req.id);
  return g;
}

export async function dissolveGroup(groupId: number): Promise<void> {
  await call('groupDelete', { params: { groupId } });
  patchLocalGroup(groupId, { dissolve: true });
}

export async function quitGroup(groupId: number): Promise<void> {
  await call('groupQuit', { params: { groupId } });
  patchLocalGroup(groupId, { quit: true, isManager: false });
}

export async function setGroupDnd(groupId: number, isDnd: boolean): Promise<void> {
  await call('groupDnd', { body: { groupId, isDnd } });
  patchLocalGroup(groupId, { isDnd });
}

export async function setMuteAll(groupId: number, isMuted: boolean): Promise<void> {
  await call('groupMuted', { body: { groupId, isMuted } });
  patchLocalGroup(groupId, { isMuted });
}

export async function setForbidAddFriend(groupId: number, enabled: boolean): Promise<void> {
  await call('groupForbidAddFriend', { body: { groupId, enabled } });
  patchLocalGroup(groupId, { forbidAddFriend: enabled });
}

/** Owner or admin: every member may pin messages (docs/PROTOCOL.md "Pinned messages"). */
export async function setPinByMembers(groupId: number, enabled: boolean): Promise<void> {
  await call('groupPinByMembers', { body: { groupId, enabled } });
  patchLocalGroup(groupId, { pinByMembers: enabled });
}

export async function inviteFriends(groupId: number, friendIds: number[]): Promise<void> {
  await call('groupInvite', { body: { groupId, friendIds } });
  await loadMembers(groupId);
}

export async function removeMembers(groupId: number, userIds: number[]): Promise<void> {
  await call('groupRemoveMembers', { body: { groupId, userIds } });
  await loadMembers(groupId);
}

export async function setManagers(groupId: number, userIds: number[], on: boolean): Promise<void> {
  await call(on ? 'groupAddManagers' : 'groupRemoveManagers', { body: { groupId, userIds } });
  await loadMembers(groupId);
}

export async function muteMembers(groupId: number, userIds: number[], isMuted: boolean): Promise<void> {
  await call('groupMembersMuted', { body: { groupId, userIds, isMuted } });
  await loadMembers(groupId);
}
