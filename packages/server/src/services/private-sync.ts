/**
 * Private messages, read side (wire-contract §6): the offline pull over the socket,
 * history pages, read marks (READED / RECEIPT frames) and maxReadedId.
 * Why the pull cannot skip a message: docs/MESSAGE-DELIVERY.md.
 */
import type { Kysely } from 'kysely';
import {
  Cmd,
  MessageStatus,
  MessageType,
  MessageTypeRange,
  type PrivateMessage,
  type PrivateReadNotice,
  type Terminal,
} from '@parley/protocol';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { PushService } from '../realtime/push.js';
import { toWireWithQuotes } from './private-message-wire.js';
import type { RelationService } from './relation.js';
import type { UserSerializer } from './user-serializer.js';

import { PULL_BATCH, pullOffline } from './offline-pull.js';

export class PrivateSyncService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly serializer: UserSerializer,
    private readonly push: PushService,
    private readonly relations: RelationService,
    private readonly clock: () => number,
  ) {}

  /**
   * The offline pull (offline-pull.ts) of every message the user sent or received
   * with id > minId. Recalled originals come with status RECALL, RECALL messages as stored.
   */
  pullOffline(me: number, terminal: Terminal, minId: number): Promise<void> {
    return pullOffline(this.push, me, terminal, minId, {
      cmd: Cmd.PRIVATE_MESSAGE,
      batchAfter: (cursor) => this.batchAfter(me, cursor),
      toWire: (rows) => toWireWithQuotes(this.db, rows),
    });
  }

  /**
   * The user's next PULL_BATCH messages above `cursor`, in id order. Sent and received
   * are read separately, each walking its own (user, id) index, and merged: one `OR`
   * query could make the planner walk the whole table by id.
   */
  private async batchAfter(me: number, cursor: number) {
    const side = (column: 'send_id' | 'recv_id') =>
      this.db
        .selectFrom('private_messages')
        .selectAll()
        .where(column, '=', me)
        .where('id', '>', cursor)
        .orderBy('id')
        .limit(PULL_BATCH)
        .execute();
    const [sent, received] = await Promise.all([side('send_id'), side('recv_id')]);
    const merged = [...sent, ...received.filter((r) => r.send_id !== me)].sort((a, b) => a.id - b.id);
    return merged.slice(0, PULL_BATCH);
  }

  /**
   * Messages between the pair, newest first; `page` is 1-based. An ex-friend's chat
   * stays readable; an empty page for someone who was never a friend and has no
   * messages with me is notFriend (checked only then: a non-empty page proves the chat).
   */
  async history(me: number, friendId: number, page: number, size: number): Promise<PrivateMessage[]> {
    const rows = await this.db
      .selectFrom('private_messages')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('send_id', '=', me), eb('recv_id', '=', friendId)]),
          eb.and([eb('send_id', '=', friendId), eb('recv_id', '=', me)]),
        ]),
      )
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    if (rows.length === 0) await this.assertChatPartner(me, friendId);
    return toWireWithQuotes(this.db, rows);
  }

  /**
   * I have read `friendId`'s messages: their normal messages (types 0-9; not tips or
   * RECALL messages) with a status below RECALL become READED.
   * My other terminals get READED (11) and the friend's terminals RECEIPT (12), both
   * with `content` = the largest read id ("-1" when none). Sent even when nothing
   * changed, so a terminal that missed an earlier one catches up.
   * Needs the relationship a send needs (friends both ways, no block either way, with
   * the send's keys), so no stranger can push frames to anyone.
   */
  async readed(me: number, terminal: Terminal, friendId: number): Promise<void> {
    await this.relations.assertChatOpen(me, friendId);
    await this.serializer.run([me, friendId], async (db) => {
      await db
        .updateTable('private_messages')
        .set({ status: MessageStatus.READED })
        .where('send_id', '=', friendId)
        .where('recv_id', '=', me)
        .where('status', '<', MessageStatus.RECALL)
        .where('type', '<=', MessageTypeRange.NORMAL[1])
        .execute();
      const maxId = await maxReadId(db, friendId, me);
      const notice = (type: PrivateReadNotice['type']) => {
        const data: PrivateReadNotice = {
          type,
          sendId: me,
          recvId: friendId,
          content: String(maxId),
          sendTime: this.clock(),
        };
        return { cmd: Cmd.PRIVATE_MESSAGE, data } as const;
      };
      await this.push.toUser(me, notice(MessageType.READED), { exceptTerminal: terminal });
      await this.push.toUser(friendId, notice(MessageType.RECEIPT));
    });
  }

  /** The largest id of my messages to `friendId` that they have read, or -1; notFriend as for history. */
  async maxReadedId(me: number, friendId: number): Promise<number> {
    const maxId = await maxReadId(this.db, me, friendId);
    if (maxId === -1) await this.assertChatPartner(me, friendId);
    return maxId;
  }

  private async assertChatPartner(me: number, other: number): Promise<void> {
    if (!(await this.relations.isChatPartner(me, other))) throw new AppError('notFriend');
  }
}

/** Largest id of `sendId`'s messages to `recvId` with status READED, or -1. */
async function maxReadId(db: Kysely<Database>, sendId: number, recvId: number): Promise<number> {
  const row = await db
    .selectFrom('private_messages')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .where('send_id', '=', sendId)
    .where('recv_id', '=', recvId)
    .where('status', '=', MessageStatus.READED)
    .executeTakeFirst();
  const value = row?.maxId;
  return value === null || value === undefined ? -1 : Number(value);
}
