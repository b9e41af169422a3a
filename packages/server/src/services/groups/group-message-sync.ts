/**
 * Group messages, read side (wire-contract §6): the offline pull over the socket
 * (cmd 4, bracketed by LOADING, to the asking socket only, as for private
 * messages), history inside the member's window, read marks with RECEIPT frames
 * to the senders of receipt messages, and the read list.
 */
import type { Kysely } from 'kysely';
import {
  Cmd,
  MessageStatus,
  MessageType,
  type GroupMessage,
  type GroupReadNotice,
  type GroupReceiptNotice,
  type Terminal,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { PushService } from '../../realtime/push.js';
import { PULL_BATCH, pullOffline } from '../offline-pull.js';
import { assertEverMember, assertMember, loadAccess } from './access.js';
import type { GroupStream } from './stream.js';
import { readCount, readersQuery, toWireGroupMessages } from './wire.js';

export class GroupMessageSyncService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stream: GroupStream,
    private readonly push: PushService,
  ) {}

  /**
   * To the caller's sockets of `terminal` logged in now: LOADING "true", every group
   * message above `minId` inside the caller's window of each group (after they
   * joined, up to when they left), in id order, then LOADING "false".
   */
  pullOffline(me: number, terminal: Terminal, minId: number): Promise<void> {
    return pullOffline(this.push, me, terminal, minId, {
      cmd: Cmd.GROUP_MESSAGE,
      batchAfter: (cursor) =>
        this.windowQuery(me).where('g.id', '>', cursor).orderBy('g.id').limit(PULL_BATCH).execute(),
      toWire: (rows) => toWireGroupMessages(this.db, rows),
    });
  }

  /** The group's messages I may see (after I joined, up to when I left), newest first; `page` is 1-based. */
  async history(me: number, groupId: number, page: number, size: number): Promise<GroupMessage[]> {
    assertEverMember(await loadAccess(this.db, groupId, me));
    const rows = await this.windowQuery(me)
      .where('g.group_id', '=', groupId)
      .orderBy('g.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return toWireGroupMessages(this.db, rows);
  }

  /**
   * I have read the group up to `messageId`: my read position moves forward (never
   * back). My other terminals get READED (11); the sender of each receipt message the
   * read covers gets RECEIPT (12) with its new count, and `receiptOk` once every
   * member who was there has read it.
   */
  async readed(me: number, terminal: Terminal, groupId: number, messageId: number): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    const member = assertMember(access);
    const target = await this.db
      .selectFrom('group_messages')
      .select('id')
      .where('id', '=', messageId)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    if (!target || messageId <= member.joined_at_id) throw new AppError('messageNotExist');
    const from = member.read_max_id;
    if (messageId > from) {
      // Only forward: a slower concurrent read of an older message must not move it back.
      await this.db
        .updateTable('group_members')
        .set({ read_max_id: messageId })
        .where('id', '=', member.id)
        .where('read_max_id', '<', messageId)
        .execute();
    }
    const now = this.stream.clock();
    const read: GroupReadNotice = {
      type: MessageType.READED,
      groupId,
      sendId: me,
      content: String(Math.max(from, messageId)),
      sendTime: now,
    };
    await this.push.toUser(me, { cmd: Cmd.GROUP_MESSAGE, data: read }, { exceptTerminal: terminal });
    if (messageId <= from) return;
    const receipts = await this.db
      .selectFrom('group_messages')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('receipt', '=', 1)
      .where('send_id', '!=', me)
      .where('status', '!=', MessageStatus.RECALL)
      .where('id', '>', from)
      .where('id', '<=', messageId)
      .execute();
    for (const msg of receipts) {
      const readedCount = await readCount(this.db, msg);
      const expected = await this.membersAt(groupId, msg.id, msg.send_id);
      const receiptOk = readedCount >= expected;
      if (receiptOk && msg.receipt_ok === 0) {
        await this.db.updateTable('group_messages').set({ receipt_ok: 1 }).where('id', '=', msg.id).execute();
      }
      const data: GroupReceiptNotice = {
        type: MessageType.RECEIPT,
        groupId,
        id: msg.id,
        readedCount,
        receiptOk,
        sendTime: now,
      };
      await this.push.toUser(msg.send_id, { cmd: Cmd.GROUP_MESSAGE, data });
    }
  }

  /**
   * Who (of the members who were there) has read `messageId`: a message inside my
   * window only, as history shows it; any other id reads as missing.
   */
  async findReadedUsers(me: number, groupId: number, messageId: number): Promise<number[]> {
    assertEverMember(await loadAccess(this.db, groupId, me));
    const msg = await this.windowQuery(me)
      .where('g.id', '=', messageId)
      .where('g.group_id', '=', groupId)
      .executeTakeFirst();
    if (!msg) throw new AppError('messageNotExist');
    const rows = await readersQuery(this.db, msg).select('user_id').orderBy('user_id').execute();
    return rows.map((r) => r.user_id);
  }

  /** Members other than the sender who were in the group when message `id` was sent and are still in. */
  private async membersAt(groupId: number, id: number, senderId: number): Promise<number> {
    const row = await this.db
      .selectFrom('group_members')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('group_id', '=', groupId)
      .where('user_id', '!=', senderId)
      .where('joined_at_id', '<', id)
      .where('quit', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Group messages inside `me`'s window of their group: joined_at_id < id ≤ quit_at_id (when left). */
  private windowQuery(me: number) {
    return this.db
      .selectFrom('group_messages as g')
      .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.group_id').on('m.user_id', '=', me))
      .selectAll('g')
      .whereRef('g.id', '>', 'm.joined_at_id')
      .where((eb) => eb.or([eb('m.quit_at_id', 'is', null), eb('g.id', '<=', eb.ref('m.quit_at_id'))]));
  }
}
