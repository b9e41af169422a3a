/**
 * The shared content of one chat (issue 22 point 4, docs/PROTOCOL.md "Chat details"):
 * media (IMAGE, VIDEO), files (FILE) or links (TEXT holding an http(s) URL), newest
 * first, paged by id, never a recalled message. Edits change `content` in place, so a
 * link edited away leaves the list. What the caller may see is what history shows:
 * private messages they sent or received (an ex-friend's chat stays readable); group
 * messages inside their membership window (joined_at_id < id ≤ quit_at_id).
 *
 * Each kind has a partial index (migration 0026) whose condition the queries repeat
 * word for word, so a page walks only that kind's rows of the chat.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  MessageStatus,
  type GroupSharedQuery,
  type GroupSharedReply,
  type PrivateSharedQuery,
  type PrivateSharedReply,
  type SharedKind,
} from '@parley/protocol';
import type { Database, GroupMessageRow, PrivateMessageRow } from '../../db/schema.js';
import { SHARED_KIND_SQL } from '../../db/migrations/0026_chat_details.js';
import { AppError } from '../../http/app-error.js';
import { assertEverMember, loadAccess } from '../groups/access.js';
import { toWireGroupMessages } from '../groups/wire.js';
import { toWireWithQuotes } from '../private-message-wire.js';
import type { RelationService } from '../relation.js';

const kindSql = (kind: SharedKind): RawBuilder<unknown> => sql.raw(`(${SHARED_KIND_SQL[kind]})`);

export class SharedContentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly relations: RelationService,
  ) {}

  async privateShared(me: number, q: PrivateSharedQuery): Promise<PrivateSharedReply> {
    const below = q.beforeId !== undefined ? sql`AND id < ${q.beforeId}` : sql``;
    // One query per direction, each on the (send_id, recv_id, id) partial index; merged newest first.
    const side = async (from: number, to: number) => {
      const { rows } = await sql<PrivateMessageRow>`SELECT * FROM private_messages
        WHERE send_id = ${from} AND recv_id = ${to} AND ${kindSql(q.kind)}
        AND status != ${MessageStatus.RECALL} ${below}
        ORDER BY id DESC LIMIT ${q.size + 1}`.execute(this.db);
      return rows;
    };
    const [sent, received] = await Promise.all([side(me, q.friendId), side(q.friendId, me)]);
    const rows = (q.friendId === me ? sent : [...sent, ...received]).sort((a, b) => Number(b.id) - Number(a.id));
    if (rows.length === 0 && !(await this.relations.isChatPartner(me, q.friendId))) throw new AppError('notFriend');
    const page = rows.slice(0, q.size);
    return { messages: await toWireWithQuotes(this.db, page), next: nextOf(rows, page) };
  }

  async groupShared(me: number, q: GroupSharedQuery): Promise<GroupSharedReply> {
    const member = assertEverMember(await loadAccess(this.db, q.groupId, me));
    const below = q.beforeId !== undefined ? sql`AND id < ${q.beforeId}` : sql``;
    const upTo = member.quit_at_id !== null ? sql`AND id <= ${member.quit_at_id}` : sql``;
    const { rows } = await sql<GroupMessageRow>`SELECT * FROM group_messages
      WHERE group_id = ${q.groupId} AND ${kindSql(q.kind)}
      AND status != ${MessageStatus.RECALL} AND id > ${member.joined_at_id} ${upTo} ${below}
      ORDER BY id DESC LIMIT ${q.size + 1}`.execute(this.db);
    const page = rows.slice(0, q.size);
    return { messages: await toWireGroupMessages(this.db, page), next: nextOf(rows, page) };
  }
}

/** The next page's `beforeId`: the last id shown, when more rows were found than shown. */
function nextOf(rows: readonly { id: number }[], page: readonly { id: number }[]): number | null {
  return rows.length > page.length ? Number(page[page.length - 1]!.id) : null;
}
