/** Group rows → wire shapes (wire-contract §5–§6). */
import type { Kysely } from 'kysely';
import type { Group, GroupMember, GroupMessage, GroupTip, LinkPreview, QuoteMessage } from '@parley/protocol';
import type { Database, GroupMemberRow, GroupMessageRow, GroupRow, UserRow } from '../../db/schema.js';
import { readQuitView } from './quit-view.js';
import { parseSummary } from '../reactions/summary.js';

/**
 * The group as `member` (their row, and their user row for the nickname) sees it: a
 * member who left sees it as it was when they left, with their own fields.
 */
export function toWireGroup(
  group: GroupRow,
  member: GroupMemberRow,
  user: Pick<UserRow, 'nick_name'>,
  memberCount: number,
): Group {
  const live = liveGroup(group, member, user, memberCount);
  if (member.quit !== 1) return live;
  const kept = readQuitView(member);
  return { ...live, ...kept, showGroupName: member.remark_group_name || kept.name };
}

function liveGroup(
  group: GroupRow,
  member: GroupMemberRow,
  user: Pick<UserRow, 'nick_name'>,
  memberCount: number,
): Group {
  return {
    id: group.id,
    name: group.name,
    showGroupName: member.remark_group_name || group.name,
    headImage: group.head_image,
    headImageThumb: group.head_image_thumb,
    notice: group.notice,
    ownerId: group.owner_id,
    remarkNickName: member.remark_nick_name,
    showNickName: member.remark_nick_name || user.nick_name,
    remarkGroupName: member.remark_group_name,
    isMuted: group.is_muted === 1,
    forbidAddFriend: group.forbid_add_friend === 1,
    pinByMembers: group.pin_by_members === 1,
    isDnd: member.is_dnd === 1,
    pinnedAt: Number(member.pinned_at),
    isManager: group.owner_id === member.user_id || member.is_manager === 1,
    isMemberMuted: member.is_muted === 1,
    isBanned: group.is_banned === 1,
    reason: group.ban_reason,
    dissolve: group.dissolved === 1,
    quit: member.quit === 1,
    memberCount,
    createTime: group.created_at,
    readedMaxId: member.read_max_id,
  };
}

export type MemberWithUser = GroupMemberRow & Pick<UserRow, 'nick_name' | 'head_image' | 'head_image_thumb'>;

export function toWireMember(group: GroupRow, m: MemberWithUser, online: boolean): GroupMember {
  return {
    userId: m.user_id,
    showNickName: m.remark_nick_name || m.nick_name,
    remarkNickName: m.remark_nick_name,
    headImage: m.head_image,
    headImageThumb: m.head_image_thumb,
    isOwner: group.owner_id === m.user_id,
    isManager: group.owner_id === m.user_id || m.is_manager === 1,
    isMuted: m.is_muted === 1,
    online,
    quit: m.quit === 1,
    joinedAtId: m.joined_at_id,
  };
}

export function toGroupQuote(row: GroupMessageRow): QuoteMessage {
  return { id: row.id, sendId: row.send_id, type: row.type, content: row.content, status: row.status };
}

export function toWireGroupMessage(row: GroupMessageRow, readedCount = 0, quote?: QuoteMessage): GroupMessage {
  const msg: GroupMessage = {
    id: row.id,
    groupId: row.group_id,
    sendId: row.send_id,
    sendNickName: row.send_nick_name,
    type: row.type,
    content: row.content,
    status: row.status,
    sendTime: row.send_time,
    atUserIds: JSON.parse(row.at_user_ids) as number[],
    receipt: row.receipt === 1,
    receiptOk: row.receipt_ok === 1,
    readedCount,
  };
  if (row.tmp_id !== null) msg.tmpId = row.tmp_id;
  if (quote) msg.quoteMessage = quote;
  if (row.tip !== null) msg.tip = JSON.parse(row.tip) as GroupTip;
  if (row.forwarded === 1) msg.forwarded = true;
  if (row.edited_time !== null && row.edited_time !== undefined) msg.editTime = row.edited_time;
  if (row.link_preview) msg.linkPreview = JSON.parse(row.link_preview) as LinkPreview;
  if (row.react_time !== null && row.react_time !== undefined) {
    msg.reactTime = row.react_time;
    const reactions = parseSummary(row.reactions);
    if (reactions.length > 0) msg.reactions = reactions;
  }
  return msg;
}

/** Wire messages for `rows` (same order) with their quotes; receipt messages carry their read count. */
export async function toWireGroupMessages(db: Kysely<Database>, rows: GroupMessageRow[]): Promise<GroupMessage[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.quote_message_id === null ? [] : [r.quote_message_id])))];
  const quotes = new Map<number, QuoteMessage>();
  if (ids.length > 0) {
    for (const q of await db.selectFrom('group_messages').selectAll().where('id', 'in', ids).execute()) {
      quotes.set(q.id, toGroupQuote(q));
    }
  }
  const counts = new Map<number, number>();
  for (const r of rows) if (r.receipt === 1) counts.set(r.id, await readCount(db, r));
  return rows.map((r) =>
    toWireGroupMessage(
      r,
      counts.get(r.id) ?? 0,
      r.quote_message_id === null ? undefined : quotes.get(r.quote_message_id),
    ),
  );
}

/** Members (not the sender) who were in the group when `msg` was sent and have read it. */
export async function readCount(db: Kysely<Database>, msg: GroupMessageRow): Promise<number> {
  const row = await readersQuery(db, msg)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function readersQuery(db: Kysely<Database>, msg: GroupMessageRow) {
  return db
    .selectFrom('group_members')
    .where('group_id', '=', msg.group_id)
    .where('user_id', '!=', msg.send_id)
    .where('joined_at_id', '<', msg.id)
    .where('read_max_id', '>=', msg.id);
}
