/**
 * Who may do what to a member (spec §6, issue 8): the screens show an action only
 * to the roles that may use it; the server enforces the same rules.
 */
import type { GroupMember } from '@parley/protocol';
import type { GroupRole } from './groupsReducer';

type Target = Pick<GroupMember, 'userId' | 'isOwner' | 'isManager' | 'quit'>;

/** Owner or admin; never the owner, never yourself; an admin removes plain members only. */
export function canRemove(role: GroupRole, target: Target, selfId: number): boolean {
  if (target.quit || target.isOwner || target.userId === selfId) return false;
  if (role === 'owner') return true;
  return role === 'admin' && !target.isManager;
}

/** Owner or admin; an admin cannot mute the owner or another admin. */
export function canMute(role: GroupRole, target: Target, selfId: number): boolean {
  return canRemove(role, target, selfId);
}

/** Only the owner sets admins (not themselves). */
export function canSetAdmin(role: GroupRole, target: Target): boolean {
  return role === 'owner' && !target.isOwner && !target.quit;
}

export const canInvite = (role: GroupRole): boolean => role !== 'none';
export const canManage = (role: GroupRole): boolean => role === 'owner' || role === 'admin';
/** @everyone is for the owner and admins. */
export const canMentionAll = canManage;
