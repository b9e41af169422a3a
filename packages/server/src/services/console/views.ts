/** The console's views of users, groups and complaints: everything, including banned and deleted rows. */
import type { Kysely } from 'kysely';
import {
  ComplaintTargetType,
  ConsoleLimits,
  type ConsoleComplaint,
  type ConsoleGroup,
  type ConsoleUser,
} from '@parley/protocol';
import type { ComplaintRow, Database, GroupRow, UserRow } from '../../db/schema.js';
import { toWireComplaint } from '../complaint.js';

export interface Paged<T> {
  items: T[];
  total: number;
}

/** LIKE pattern matching `text` anywhere, wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A keyword of digits may also be an id. */
export const idOf = (keyword: string): number | undefined => (/^\d{1,15}$/.test(keyword) ? Number(keyword) : undefined);

export const offset = (page: number) => (page - 1) * ConsoleLimits.PAGE_SIZE;

async function complaintCounts(
  db: Kysely<Database>,
  targetType: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('complaints')
    .select(['target_id', (eb) => eb.fn.countAll().as('n')])
    .where('target_type', '=', targetType)
    .where('target_id', 'in', [...new Set(ids)])
    .groupBy('target_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.target_id), Number(r.n)]));
}

export async function consoleUsers(db: Kysely<Database>, rows: readonly UserRow[]): Promise<ConsoleUser[]> {
  const counts = await complaintCounts(
    db,
    ComplaintTargetType.USER,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    userName: r.user_name,
    nickName: r.nick_name,
    headImageThumb: r.head_image_thumb,
    type: r.type,
    isBanned: r.is_banned === 1,
    reason: r.ban_reason,
    deleted: r.deleted === 1,
    isOperator: r.is_operator === 1,
    createTime: r.created_at,
    complaintCount: counts.get(r.id) ?? 0,
  }));
}

export async function consoleGroups(db: Kysely<Database>, rows: readonly GroupRow[]): Promise<ConsoleGroup[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await complaintCounts(db, ComplaintTargetType.GROUP, ids);
  const members = await db
    .selectFrom('group_members')
    .select(['group_id', (eb) => eb.fn.countAll().as('n')])
    .where('group_id', 'in', ids)
    .where('quit', '=', 0)
    .groupBy('group_id')
    .execute();
  const memberCount = new Map(members.map((m) => [Number(m.group_id), Number(m.n)]));
  const owners = await db
    .selectFrom('users')
    .select(['id', 'nick_name'])
    .where('id', 'in', [...new Set(rows.map((r) => r.owner_id))])
    .execute();
  const ownerName = new Map(owners.map((o) => [o.id, o.nick_name]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    headImageThumb: r.head_image_thumb,
    ownerId: r.owner_id,
    ownerName: ownerName.get(r.owner_id) ?? '',
    memberCount: memberCount.get(r.id) ?? 0,
    isBanned: r.is_banned === 1,
    reason: r.ban_reason,
    dissolve: r.dissolved === 1,
    createTime: r.created_at,
    complaintCount: counts.get(r.id) ?? 0,
  }));
}

export async function consoleComplaints(
  db: Kysely<Database>,
  rows: readonly ComplaintRow[],
): Promise<ConsoleComplaint[]> {
  if (rows.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'nick_name', 'user_name'])
    .where('id', 'in', [...new Set(rows.map((r) => r.user_id))])
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.map((r) => {
    const u = byId.get(r.user_id);
    return {
      ...toWireComplaint(r),
      complainant: { id: r.user_id, nickName: u?.nick_name ?? '', userName: u?.user_name ?? '' },
      deadline: r.created_at + ConsoleLimits.COMPLAINT_DEADLINE_MS,
    };
  });
}

/** `count(*)` of a query's result as a number (PostgreSQL returns bigint counts as text). */
export const countOf = (row: { n: string | number | bigint } | undefined): number => Number(row?.n ?? 0);
