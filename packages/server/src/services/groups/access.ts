/**
 * Who may do what in a group: the group and the caller's membership loaded once,
 * and the role rules of wire-contract §5 as assertions with the spec's catalogue keys.
 */
import type { Kysely } from 'kysely';
import type { Database, GroupMemberRow, GroupRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';

export interface GroupAccess {
  group: GroupRow;
  /** The caller's row; absent when they never were a member. */
  member: GroupMemberRow | undefined;
}

export const isOwner = (a: GroupAccess, userId: number) => a.group.owner_id === userId;
export const isManager = (a: GroupAccess) =>
  a.member !== undefined && (a.group.owner_id === a.member.user_id || a.member.is_manager === 1);
export const isActive = (m: GroupMemberRow | undefined): m is GroupMemberRow => m !== undefined && m.quit === 0;

export async function loadAccess(db: Kysely<Database>, groupId: number, userId: number): Promise<GroupAccess> {
  const group = await db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirst();
  if (!group) throw new AppError('groupNotExist');
  const member = await db
    .selectFrom('group_members')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { group, member };
}

/** Ever a member (may read what they saw): else notGroupMember. */
export function assertEverMember(a: GroupAccess): GroupMemberRow {
  if (!a.member) throw new AppError('notGroupMember');
  return a.member;
}

/** A current member, whatever the group's state: never a member → notGroupMember, left → groupNotJoined. */
export function assertMember(a: GroupAccess): GroupMemberRow {
  const member = assertEverMember(a);
  if (member.quit === 1) throw new AppError('groupNotJoined');
  return member;
}

/**
 * A current member of a live group (assertMember), and the group neither banned
 * (groupBanned, with the reason) nor dissolved (groupDissolved).
 */
export function assertActive(a: GroupAccess): GroupMemberRow {
  const member = assertMember(a);
  if (a.group.is_banned === 1) throw new AppError('groupBanned', { reason: a.group.ban_reason });
  if (a.group.dissolved === 1) throw new AppError('groupDissolved');
  return member;
}

/** The current members among `userIds`; any other id → notGroupMembers. */
export async function activeMembers(
  db: Kysely<Database>,
  groupId: number,
  userIds: readonly number[],
): Promise<GroupMemberRow[]> {
  const ids = [...new Set(userIds)];
  const rows = await db
    .selectFrom('group_members')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('user_id', 'in', ids)
    .where('quit', '=', 0)
    .execute();
  if (rows.length !== ids.length) throw new AppError('notGroupMembers');
  return rows;
}
