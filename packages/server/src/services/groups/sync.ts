/** Group-list sync (cmd 4, types 90 new, 91 deleted, 92 updated): each member gets the group as they see it. */
import type { Kysely } from 'kysely';
import { Cmd, MessageType, type Group, type GroupMember, type GroupSyncMessage } from '@parley/protocol';
import type { Database, GroupRow } from '../../db/schema.js';
import type { Presence } from '../../realtime/presence.js';
import type { PushService } from '../../realtime/push.js';
import { toWireGroup, toWireMember } from './wire.js';

type SyncType = typeof MessageType.GROUP_NEW | typeof MessageType.GROUP_DEL | typeof MessageType.GROUP_UPDATE;

export async function memberCount(db: Kysely<Database>, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('group_id', '=', groupId)
    .where('quit', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The group as each of `userIds` (members, current or former) sees it. */
export async function groupViews(
  db: Kysely<Database>,
  group: GroupRow,
  userIds: readonly number[],
): Promise<Map<number, Group>> {
  const views = new Map<number, Group>();
  if (userIds.length === 0) return views;
  const count = await memberCount(db, group.id);
  const rows = await db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select('u.nick_name')
    .where('m.group_id', '=', group.id)
    .where('m.user_id', 'in', [...new Set(userIds)])
    .execute();
  for (const row of rows) views.set(row.user_id, toWireGroup(group, row, row, count));
  return views;
}

/** The member entries of `userIds` (current or gone) as the member list shows them: a sync frame's `members`. */
export async function memberEntries(
  db: Kysely<Database>,
  presence: Presence,
  group: GroupRow,
  userIds: readonly number[],
): Promise<GroupMember[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select(['u.nick_name', 'u.head_image', 'u.head_image_thumb'])
    .where('m.group_id', '=', group.id)
    .where('m.user_id', 'in', [...new Set(userIds)])
    .execute();
  const online = await presence.onlineTerminals(rows.map((r) => r.user_id));
  return rows.map((r) => toWireMember(group, r, online.has(r.user_id)));
}

export async function pushGroupSync(
  db: Kysely<Database>,
  push: PushService,
  group: GroupRow,
  userIds: readonly number[],
  type: SyncType,
  members?: readonly GroupMember[],
): Promise<void> {
  const views = await groupViews(db, group, userIds);
  const sendTime = Date.now();
  await Promise.all(
    [...views].map(([userId, view]) => {
      const content = type === MessageType.GROUP_DEL ? String(group.id) : JSON.stringify(view);
      const data: GroupSyncMessage = { type, groupId: group.id, content, sendTime };
      if (members && members.length > 0) data.members = [...members];
      return push.toUser(userId, { cmd: Cmd.GROUP_MESSAGE, data });
    }),
  );
}
