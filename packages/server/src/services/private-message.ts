/**
 * Private messages, write side (wire-contract §6): send and recall. Every write runs
 * under the per-user serializer of both users, from insert through the push, so each
 * user's message ids are committed and pushed in increasing order
 * (docs/MESSAGE-DELIVERY.md). Read state, history and the offline pull live in
 * private-sync.ts.
 */
import type { Kysely } from 'kysely';
import {
  Cmd,
  MessageStatus,
  MessageType,
  Timing,
  checkMessageContent,
  isNormalType,
  modeOfRecordType,
  type ContentCheck,
  type PrivateMessage,
  type PrivateSendRequest,
  type Terminal,
} from '@parley/protocol';
import type { Insertable } from 'kysely';
import type { Database, PrivateMessageRow, PrivateMessagesTable } from '../db/schema.js';
import { prepare } from '../db/prepared.js';
import type { InsertBatchSpec, PgInsertBatch } from '../db/pg-insert-batch.js';
import type { WriteBatch } from '../db/write-batch.js';
import { isUniqueViolation } from '../db/errors.js';
import { AppError } from '../http/app-error.js';
import type { PushService } from '../realtime/push.js';
import { toQuote, toWirePrivateMessage, toWireWithQuotes } from './private-message-wire.js';
import { PinKind, dropPin } from './pins/pin-store.js';
import type { LinkPreviewService } from './link-preview/link-preview-service.js';
import { clearReactions } from './reactions/clear.js';
import { ReactionKind } from './reactions/summary.js';
import type { RelationService } from './relation.js';
import type { UserSerializer } from './user-serializer.js';

// edited_time, reactions, react_time: only an edit (private-edit.ts) or a reaction notice (reactions/) sets them.
type NewPrivateMessage = Omit<Insertable<PrivateMessagesTable>, 'id' | 'edited_time' | 'reactions' | 'react_time'>;

/** The private send's row for PgInsertBatch: its columns' types and the (sender, tmpId) key. */
export const PRIVATE_MESSAGE_BATCH: InsertBatchSpec = {
  table: 'private_messages',
  columns: [
    ['tmp_id', 'text'],
    ['send_id', 'bigint'],
    ['recv_id', 'bigint'],
    ['type', 'smallint'],
    ['content', 'text'],
    ['status', 'smallint'],
    ['send_time', 'bigint'],
    ['quote_message_id', 'bigint'],
    ['forwarded', 'smallint'],
    ['link_preview', 'text'],
  ],
  conflict: '(send_id, tmp_id) WHERE tmp_id IS NOT NULL',
  key: ['send_id', 'tmp_id'],
};

export class PrivateMessageService {
  /** The send's insert, compiled once (db/prepared.ts). */
  private readonly insertMessage;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly serializer: UserSerializer,
    private readonly push: PushService,
    private readonly relations: RelationService,
    private readonly clock: () => number,
    /** Group commit on SQLite (db/write-batch.ts). */
    private readonly writes: WriteBatch,
    /** The cached preview a TEXT send names (link-preview-service.ts). */
    private readonly linkPreviews: LinkPreviewService,
    /** PostgreSQL: concurrent sends' inserts in one statement (db/pg-insert-batch.ts). */
    private readonly pgBatch?: PgInsertBatch<PrivateMessageRow>,
  ) {
    this.insertMessage = prepare<Required<NewPrivateMessage>, PrivateMessageRow>(db, (db, p) =>
      db
        .insertInto('private_messages')
        .values({
          tmp_id: p.tmp_id,
          send_id: p.send_id,
          recv_id: p.recv_id,
          type: p.type,
          content: p.content,
          status: p.status,
          send_time: p.send_time,
          quote_message_id: p.quote_message_id,
          forwarded: p.forwarded,
          link_preview: p.link_preview,
        })
        .returningAll(),
    );
  }

  /**
   * Stores and pushes one message. The same request again under the same (sender,
   * tmpId) returns the stored message unchanged and pushes nothing; a different one
   * is tmpIdReused (see `repeat`). The sending terminal gets the message as the
   * reply; the receiver's terminals and the sender's other terminals get a cmd 3 frame.
   * Rule order: tmpId already used, content, RelationService.assertCanSend (friends
   * both ways, the receiver's account, blocks either way), the quoted message.
   *
   * The common case reads nothing before its one insert (the checks use cached facts):
   * a retry is found by the unique (sender, tmpId) index refusing the insert, and a
   * refused send looks for a stored one first, so the rule order above holds. Only a
   * send naming a link preview reads its cache entry.
   */
  async send(me: number, terminal: Terminal, req: PrivateSendRequest): Promise<PrivateMessage> {
    const checked = checkMessageContent(req.type, req.content);
    let quote: PrivateMessageRow | undefined;
    try {
      if (!checked.ok)
        throw new AppError(checked.key, { field: checked.key === 'invalidMessageType' ? 'type' : 'content' });
      await this.relations.assertCanSend(me, req.recvId);
      if (req.quoteMessageId !== undefined) quote = await this.quoted(me, req.recvId, req.quoteMessageId);
    } catch (err) {
      // A retry of a message already stored gets it back, whatever changed since.
      const stored = err instanceof AppError ? await this.findByTmpId(this.db, me, req.tmpId) : undefined;
      if (stored) return this.repeat(this.db, stored, req, checked);
      throw err;
    }

    // Only a send naming a link reads the preview cache; any other send is as before.
    const preview = req.linkPreview ? await this.linkPreviews.attach(req.type, checked.content, req.linkPreview) : null;
    return this.serializer.run([me, req.recvId], async (db) => {
      let row: PrivateMessageRow;
      try {
        const values: Required<NewPrivateMessage> = {
          tmp_id: req.tmpId,
          send_id: me,
          recv_id: req.recvId,
          type: req.type,
          content: checked.content,
          status: MessageStatus.SENDED,
          send_time: this.clock(),
          quote_message_id: quote?.id ?? null,
          forwarded: req.forwarded === true ? 1 : 0,
          link_preview: preview,
        };
        row = await this.insertRow(db, values);
      } catch (err) {
        // The unique (sender, tmpId) index: this tmpId is stored already (a retry, or a reuse).
        const winner = isUniqueViolation(err) ? await this.findByTmpId(db, me, req.tmpId) : undefined;
        if (winner) return this.repeat(db, winner, req, checked);
        throw err;
      }
      const msg = toWirePrivateMessage(row, quote && toQuote(quote));
      const frame = { cmd: Cmd.PRIVATE_MESSAGE, data: msg } as const;
      await this.push.toUser(req.recvId, frame);
      await this.push.toUser(me, frame, { exceptTerminal: terminal });
      return msg;
    });
  }

  /**
   * The insert of a send: batched with concurrent sends (SQLite: group commit; one node
   * on PostgreSQL: one multi-row statement), or alone on the connection holding the
   * cross-node locks. A taken (sender, tmpId) throws a unique violation either way.
   */
  private async insertRow(db: Kysely<Database>, values: Required<NewPrivateMessage>): Promise<PrivateMessageRow> {
    if (db === this.db && this.pgBatch) {
      const row = await this.pgBatch.insert(values);
      if (!row) throw Object.assign(new Error('tmpId taken'), { code: '23505' });
      return row;
    }
    const query = this.insertMessage(values);
    const result = db === this.db ? await this.writes.run(query) : await db.executeQuery(query);
    return result.rows[0]!;
  }

  /** A message of the chat between `me` and `other`; messageNotExist otherwise. */
  private async quoted(me: number, other: number, id: number): Promise<PrivateMessageRow> {
    const quote = await this.db
      .selectFrom('private_messages')
      .selectAll()
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('send_id', '=', me), eb('recv_id', '=', other)]),
          eb.and([eb('send_id', '=', other), eb('recv_id', '=', me)]),
        ]),
      )
      .executeTakeFirst();
    if (!quote) throw new AppError('messageNotExist');
    return quote;
  }

  /**
   * The sender recalls a normal message within Timing.RECALL_WINDOW_MS: the original
   * becomes status RECALL with blank content, and a RECALL message (content = the
   * original's id) is stored and pushed to every terminal of both users. Recalling an
   * already recalled message returns the existing RECALL message and pushes nothing.
   * The receiver gets recallNotOwn; anyone else, like a missing id, messageNotExist.
   */
  async recall(me: number, id: number): Promise<PrivateMessage> {
    const original = await this.db.selectFrom('private_messages').selectAll().where('id', '=', id).executeTakeFirst();
    // Call records are the server's: neither party may recall one (docs/CALLS.md §2.4).
    const own = original !== undefined && (original.send_id === me || original.recv_id === me);
    if (own && modeOfRecordType(original.type) !== undefined) throw new AppError('invalidMessageType');
    if (!original || !isNormalType(original.type)) throw new AppError('messageNotExist');
    if (original.send_id !== me) throw new AppError(original.recv_id === me ? 'recallNotOwn' : 'messageNotExist');
    if (original.status !== MessageStatus.RECALL && this.clock() - original.send_time > Timing.RECALL_WINDOW_MS) {
      throw new AppError('recallTimeout');
    }

    return this.serializer.run([me, original.recv_id], async (db) => {
      const now = this.clock();
      const recall = await db.transaction().execute(async (tx) => {
        const marked = await tx
          .updateTable('private_messages')
          .set({ status: MessageStatus.RECALL, content: '', link_preview: null, reactions: null })
          .where('id', '=', id)
          .where('status', '!=', MessageStatus.RECALL)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) return undefined;
        await dropPin(tx, PinKind.PRIVATE, id);
        // A recalled message keeps no reactions; its RECALL clears them on every terminal.
        await clearReactions(tx, ReactionKind.PRIVATE, id);
        return tx
          .insertInto('private_messages')
          .values({
            tmp_id: null,
            send_id: me,
            recv_id: original.recv_id,
            type: MessageType.RECALL,
            content: String(id),
            status: MessageStatus.SENDED,
            send_time: now,
            quote_message_id: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      if (!recall) return this.wire(db, await this.findRecallOf(db, original));
      const msg = toWirePrivateMessage(recall);
      await this.push.toUsers([me, original.recv_id], { cmd: Cmd.PRIVATE_MESSAGE, data: msg });
      return msg;
    });
  }

  /**
   * A send whose tmpId is already stored. Only the same request (receiver, type,
   * content after the same normalisation, quote) is a retry and gets the stored
   * message; anything else would silently drop a new message, so it is refused.
   * A recalled message has lost its content: its receiver, type and quote decide.
   */
  private async repeat(
    db: Kysely<Database>,
    stored: PrivateMessageRow,
    req: PrivateSendRequest,
    checked: ContentCheck,
  ): Promise<PrivateMessage> {
    const sameContent = stored.status === MessageStatus.RECALL || (checked.ok && checked.content === stored.content);
    const same =
      sameContent &&
      stored.recv_id === req.recvId &&
      stored.type === req.type &&
      (stored.quote_message_id ?? null) === (req.quoteMessageId ?? null);
    if (!same) throw new AppError('tmpIdReused');
    return this.wire(db, stored);
  }

  private findByTmpId(db: Kysely<Database>, sendId: number, tmpId: string) {
    return db
      .selectFrom('private_messages')
      .selectAll()
      .where('send_id', '=', sendId)
      .where('tmp_id', '=', tmpId)
      .executeTakeFirst();
  }

  private async findRecallOf(db: Kysely<Database>, original: PrivateMessageRow): Promise<PrivateMessageRow> {
    const row = await db
      .selectFrom('private_messages')
      .selectAll()
      .where('send_id', '=', original.send_id)
      .where('recv_id', '=', original.recv_id)
      .where('type', '=', MessageType.RECALL)
      .where('content', '=', String(original.id))
      .executeTakeFirst();
    if (!row) throw new AppError('messageNotExist');
    return row;
  }

  /** Under the serializer, `db` must be the handle it gave (the pool may be exhausted by lock holders). */
  private async wire(db: Kysely<Database>, row: PrivateMessageRow): Promise<PrivateMessage> {
    const [msg] = await toWireWithQuotes(db, [row]);
    return msg!;
  }
}
