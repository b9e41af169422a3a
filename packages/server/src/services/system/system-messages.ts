/**
 * System notifications (docs/PROTOCOL.md "System notifications"): send to everyone
 * or to chosen users (the console calls `send`), the offline pull over the socket
 * (cmd 5, bracketed by LOADING), the content for recipients only, and the read
 * position (only forward, told to the reader's other terminals).
 */
import { sql, type Kysely } from 'kysely';
import {
  Cmd,
  MessageStatus,
  MessageType,
  systemMessageInput,
  type SystemMessageContent,
  type SystemMessageInput,
  type SystemReadNotice,
  type Terminal,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { fromZodError } from '../../http/error-handler.js';
import type { PushService } from '../../realtime/push.js';
import type { Facts } from '../facts/facts.js';
import { PULL_BATCH, pullOffline } from '../offline-pull.js';
import type { SystemStream } from './stream.js';
import { toWireSystemContent, toWireSystemMessage } from './wire.js';

/** Everyone existing at send time, or chosen users; deleted users are skipped either way. */
export type SystemAudience = { all: true } | { userIds: readonly number[] };

export interface SystemSendOptions {
  /** Chosen users of whom none can receive: `{recipients: 0}` instead of systemNoRecipients. */
  allowNone?: boolean;
  /** Runs in the send's transaction (the console's audit entry): both commit or neither. */
  inTx?: (tx: Kysely<Database>, sent: { id: number; recipients: number }) => Promise<void>;
}

/** A sent notification as the console lists it (protocol `ConsoleSystemItem`). */
export interface SystemSentItem {
  id: number;
  title: string;
  intro: string;
  coverUrl: string;
  sendTime: number;
  audience: 'all' | 'users';
  recipients: number;
  senderId: number | null;
  senderName: string;
}

export const SYSTEM_LIST_PAGE_SIZE = 20;

/** What a SystemMessage frame needs but the id (a pull row's `id` is the seqNo); never the content. */
const MESSAGE_COLUMNS = ['m.title', 'm.cover_url', 'm.intro', 'm.tip', 'm.send_time'] as const;

export class SystemMessageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stream: SystemStream,
    private readonly push: PushService,
    private readonly facts: Facts,
    private readonly clock: () => number,
  ) {}

  /**
   * Stores one notification with an inbox row per recipient and pushes each recipient
   * their cmd 5 frame. Chosen users of whom none exists (or all are deleted) are
   * systemNoRecipients and store nothing, unless `allowNone`.
   */
  async send(
    input: SystemMessageInput,
    audience: SystemAudience,
    senderId: number | null,
    opts: SystemSendOptions = {},
  ): Promise<{ id: number; recipients: number }> {
    const parsed = systemMessageInput.safeParse(input);
    if (!parsed.success) throw fromZodError(parsed.error);
    const msg = parsed.data;
    const userIds = 'all' in audience ? null : audience.userIds.filter((id) => Number.isSafeInteger(id) && id > 0);
    return this.stream.run(async (db) => {
      const stored = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('system_messages')
          .values({
            title: msg.title,
            cover_url: msg.coverUrl,
            intro: msg.intro,
            content: msg.content,
            tip: msg.tip ? JSON.stringify(msg.tip) : null,
            send_time: this.clock(),
            sender_id: senderId,
            audience: userIds ? 'users' : 'all',
            recipients: 0,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const delivered = await this.stream.deliver(tx, Number(row.id), userIds);
        // Thrown inside the transaction: nothing of the refused send is kept.
        if (userIds && delivered.length === 0 && !opts.allowNone) throw new AppError('systemNoRecipients');
        await tx
          .updateTable('system_messages')
          .set({ recipients: delivered.length })
          .where('id', '=', row.id)
          .execute();
        await opts.inTx?.(tx, { id: Number(row.id), recipients: delivered.length });
        return { row: { ...row, recipients: delivered.length }, delivered };
      });
      await this.stream.publish(stored.row, stored.delivered);
      return { id: Number(stored.row.id), recipients: stored.delivered.length };
    });
  }

  /**
   * To the caller's sockets of `terminal` logged in now: LOADING "true", every
   * notification with seqNo above `minSeqNo` in seqNo order, then LOADING "false".
   */
  pullOffline(me: number, terminal: Terminal, minSeqNo: number): Promise<void> {
    return pullOffline(this.push, me, terminal, minSeqNo, {
      cmd: Cmd.SYSTEM_MESSAGE,
      batchAfter: (cursor) =>
        this.db
          .selectFrom('system_inbox as i')
          .innerJoin('system_messages as m', 'm.id', 'i.message_id')
          // The pull's cursor is the seqNo (offline-pull.ts pages by `id`).
          .select(['i.seq_no as id', 'm.id as message_id', ...MESSAGE_COLUMNS])
          .where('i.user_id', '=', me)
          .where('i.seq_no', '>', cursor)
          .orderBy('i.seq_no')
          .limit(PULL_BATCH)
          .execute(),
      toWire: async (rows) => {
        const readed = await this.maxReadedSeqNo(me);
        return rows.map((r) => {
          const seqNo = Number(r.id);
          const status = seqNo <= readed ? MessageStatus.READED : MessageStatus.SENDED;
          return toWireSystemMessage({ ...r, id: r.message_id }, seqNo, status);
        });
      },
    });
  }

  /** The full notification, for its recipients only; anyone else gets messageNotExist. */
  async content(me: number, id: number): Promise<SystemMessageContent> {
    const row = await this.db
      .selectFrom('system_inbox as i')
      .innerJoin('system_messages as m', 'm.id', 'i.message_id')
      .selectAll('m')
      .where('i.user_id', '=', me)
      .where('i.message_id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('messageNotExist');
    return toWireSystemContent(row);
  }

  /**
   * I have read up to `maxSeqNo` (capped at my largest seqNo, so a later notification is
   * never born read): the read position moves forward only. My other terminals get
   * READED (11) with the position; a terminal takes the largest it hears.
   */
  async readed(me: number, terminal: Terminal, maxSeqNo: number): Promise<void> {
    const top = await this.db
      .selectFrom('system_inbox')
      .select((eb) => eb.fn.max('seq_no').as('m'))
      .where('user_id', '=', me)
      .executeTakeFirst();
    const target = Math.min(maxSeqNo, Number(top?.m ?? 0));
    await this.db
      .updateTable('users')
      .set({ system_readed_seq: target })
      .where('id', '=', me)
      .where('system_readed_seq', '<', target)
      .execute();
    await this.facts.changed({ kind: 'user', id: me });
    const data: SystemReadNotice = { type: MessageType.READED, content: String(await this.maxReadedSeqNo(me)) };
    await this.push.toUser(me, { cmd: Cmd.SYSTEM_MESSAGE, data }, { exceptTerminal: terminal });
  }

  /** My read position: 0 when nothing is read. */
  async maxReadedSeqNo(me: number): Promise<number> {
    const row = await this.db.selectFrom('users').select('system_readed_seq').where('id', '=', me).executeTakeFirst();
    return Number(row?.system_readed_seq ?? 0);
  }

  /** Sent notifications, newest first, SYSTEM_LIST_PAGE_SIZE a page (`page` 1-based), for the console. */
  async list(page: number): Promise<{ items: SystemSentItem[]; total: number }> {
    const rows = await this.db
      .selectFrom('system_messages as m')
      .leftJoin('users as u', 'u.id', 'm.sender_id')
      .select(['m.id', 'm.title', 'm.intro', 'm.cover_url', 'm.send_time', 'm.audience', 'm.recipients'])
      .select(['m.sender_id', 'u.nick_name'])
      .orderBy('m.id', 'desc')
      .limit(SYSTEM_LIST_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * SYSTEM_LIST_PAGE_SIZE)
      .execute();
    const count = await this.db
      .selectFrom('system_messages')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return {
      items: rows.map((r) => ({
        id: Number(r.id),
        title: r.title,
        intro: r.intro,
        coverUrl: r.cover_url,
        sendTime: Number(r.send_time),
        audience: r.audience,
        recipients: Number(r.recipients),
        senderId: r.sender_id === null ? null : Number(r.sender_id),
        senderName: r.nick_name ?? '',
      })),
      total: Number(count.n),
    };
  }
}
