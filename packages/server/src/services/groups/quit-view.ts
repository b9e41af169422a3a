/**
 * What a former member knows of a group: the group as it was when they left
 * (`group_members.quit_view`, migration 0018), nothing that changed after. Every
 * answer that shows a group to a member who left reads the group through here.
 */
import type { Kysely } from 'kysely';
import type { Group } from '@parley/protocol';
import type { Database, GroupMemberRow, GroupRow } from '../../db/schema.js';

/** The group's own fields of `Group` as the member last saw them. */
export type QuitView = Pick<
  Group,
  | 'name'
  | 'headImage'
  | 'headImageThumb'
  | 'notice'
  | 'isMuted'
  | 'forbidAddFriend'
  | 'pinByMembers'
  | 'isBanned'
  | 'reason'
  | 'dissolve'
  | 'memberCount'
>;

/** What is left when nothing was kept (members who left before migration 0018 keep only a name). */
const UNKNOWN: QuitView = {
  name: '',
  headImage: '',
  headImageThumb: '',
  notice: '',
  isMuted: false,
  forbidAddFriend: false,
  pinByMembers: false,
  isBanned: false,
  reason: '',
  dissolve: false,
  memberCount: 0,
};

/** The view to keep for members leaving `group` now, `memberCount` members staying. */
export function quitViewOf(group: GroupRow, memberCount: number): string {
  const view: QuitView = {
    name: group.name,
    headImage: group.head_image,
    headImageThumb: group.head_image_thumb,
    notice: group.notice,
    isMuted: group.is_muted === 1,
    forbidAddFriend: group.forbid_add_friend === 1,
    pinByMembers: group.pin_by_members === 1,
    isBanned: group.is_banned === 1,
    reason: group.ban_reason,
    dissolve: group.dissolved === 1,
    memberCount,
  };
  return JSON.stringify(view);
}

/** The kept view of a member who left, the unknown fields blank. */
export function readQuitView(member: Pick<GroupMemberRow, 'quit_view'>): QuitView {
  let kept: Partial<QuitView> = {};
  try {
    kept = member.quit_view === null ? {} : (JSON.parse(member.quit_view) as Partial<QuitView>);
  } catch {
    // a damaged view shows as unknown rather than as the live group
  }
  return { ...UNKNOWN, ...kept };
}

/** The group's name as the member knows it: the live name, or the one they knew when they left. */
export function knownGroupName(groupName: string, member: Pick<GroupMemberRow, 'quit' | 'quit_view'>): string {
  return member.quit === 1 ? readQuitView(member).name : groupName;
}

/**
 * The group's name as `userId` knows it, or undefined when the group does not exist
 * or they never were a member (to them it does not exist either).
 */
export async function groupNameFor(
  db: Kysely<Database>,
  groupId: number,
  userId: number,
): Promise<{ name: string } | undefined> {
  const row = await db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .select(['g.name', 'm.quit', 'm.quit_view'])
    .where('m.group_id', '=', groupId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return row && { name: knownGroupName(row.name, row) };
}
