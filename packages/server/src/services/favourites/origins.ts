/**
 * Where each favourite's message still is for its owner (the `origin` of the wire shape):
 * a private message they sent or received that is not recalled; a group message that is
 * not recalled, inside their window, of a group they are still in and that still exists.
 * One query per chat type for a whole page.
 */
import type { Kysely } from 'kysely';
import { ChatType, MessageStatus, type Favourite } from '@parley/protocol';
import type { Database, FavouriteRow } from '../../db/schema.js';

type Origin = NonNullable<Favourite['origin']>;

export async function originsOf(db: Kysely<Database>, me: number, rows: readonly FavouriteRow[]) {
  const privateIds = rows.filter((r) => r.chat_type !== ChatType.GROUP).map((r) => r.message_id);
  const groupIds = rows.filter((r) => r.chat_type === ChatType.GROUP).map((r) => r.message_id);
  const priv = new Map<number, Origin>();
  const group = new Map<number, Origin>();
  if (privateIds.length) {
    const found = await db
      .selectFrom('private_messages')
      .select(['id', 'send_id', 'recv_id'])
      .where('id', 'in', privateIds)
      .where('status', '!=', MessageStatus.RECALL)
      .where((eb) => eb.or([eb('send_id', '=', me), eb('recv_id', '=', me)]))
      .execute();
    for (const m of found) priv.set(m.id, { targetId: m.send_id === me ? m.recv_id : m.send_id, messageId: m.id });
  }
  if (groupIds.length) {
    const found = await db
      .selectFrom('group_messages as g')
      .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.group_id').on('m.user_id', '=', me))
      .innerJoin('groups as gr', 'gr.id', 'g.group_id')
      .select(['g.id', 'g.group_id'])
      .where('g.id', 'in', groupIds)
      .where('g.status', '!=', MessageStatus.RECALL)
      .where('m.quit', '=', 0)
      .where('gr.dissolved', '=', 0)
      .whereRef('g.id', '>', 'm.joined_at_id')
      .execute();
    for (const m of found) group.set(m.id, { targetId: m.group_id, messageId: m.id });
  }
  return (row: FavouriteRow): Origin | null =>
    (row.chat_type === ChatType.GROUP ? group : priv).get(row.message_id) ?? null;
}
