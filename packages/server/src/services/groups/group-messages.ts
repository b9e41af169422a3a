/**
 * Group messages, write side (wire-contract §6): send and recall, on the group
 * stream (stream.ts) so every member's ids commit and publish in order.
 * Read marks, history and the offline pull are in group-message-sync.ts.
 */
import type { Kysely } from 'kysely';
import {
  AT_ALL,
  MessageStatus,
  MessageType,
  Timing,
  checkMessageContent,
  isNormalType,
  type ContentCheck,
  type GroupMessage,
  type GroupSendRequest,
  type Terminal,
} from '@parley/protocol';
import type { Database, GroupMemberRow, GroupMessageRow } from '../../db/schema.js';
import type { Facts } from '../facts/facts.js';
import type { LinkPreviewService } from '../link-preview/link-preview-service.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { PinKind, dropPin } from '../pins/pin-store.js';
import { activeMembers, assertActive, isManager, loadAccess } from './access.js';
import type { GroupStream } from './stream.js';
import { clearReactions } from '../reactions/clear.js';
import { ReactionKind } from '../reactions/summary.js';
import { toGroupQuote, toWireGroupMessage, toWireGroupMessages } from './wire.js';

export class GroupMessageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stream: GroupStream,
    private readonly facts: Facts,
    /** The cached preview a TEXT send names (link-preview-service.ts). */
    private readonly linkPreviews: LinkPreviewService,
  ) {}

  /**
   * Stores and pushes one message to the current members. Rule order: tmpId already
   * used (the same request again returns the stored message; another is
   * tmpIdReused), content, membership and the group's state (assertActive), mute
   * all (owner and admins may still speak), my own mute, mentions (@everyone only
   * for owner and admins; others must be members), the quoted message.
   */
  async send(me: number, terminal: Terminal, req: GroupSendRequest): Promise<GroupMessage> {
    const checked = checkMessageContent(req.type, req.content);
    const atUserIds = [...new Set(req.atUserIds)];
    let member: GroupMemberRow;
    let quote: GroupMessageRow | undefined;
    let nickName: string;
    try {
      if (!checked.ok) {
        throw new AppError(checked.key, { field: checked.key === 'invalidMessageType' ? 'type' : 'content' });
      }
      const access = await loadAccess(this.db, req.groupId, me);
      member = assertActive(access);
      const manager = isManager(access);
      if (access.group.is_muted === 1 && !manager) throw new AppError('groupMutedAll');
      if (member.is_muted === 1) throw new AppError('memberMuted');
      if (atUserIds.includes(AT_ALL) && !manager) throw new AppError('atAllNotAllowed');
      const named = atUserIds.filter((id) => id !== AT_ALL);
      if (named.length > 0) await activeMembers(this.db, req.groupId, named);
      if (req.quoteMessageId !== undefined) quote = await this.visible(me, req.groupId, req.quoteMessageId);
      // The sender's own account: cached (services/facts).
      nickName = (await this.facts.user(me))?.nick_name ?? '';
    } catch (err) {
      // A retry of a message already stored gets it back, whatever changed since (tmpId is the first rule).
      const stored = err instanceof AppError ? await this.findByTmpId(this.db, me, req.tmpId) : undefined;
      if (stored) return this.repeat(this.db, stored, req, checked);
      throw err;
    }

    // Only a send naming a link reads the preview cache; any other send is as before.
    const preview = req.linkPreview ? await this.linkPreviews.attach(req.type, checked.content, req.linkPreview) : null;
    return this.stream.run(async (db) => {
      // Membership may have changed while waiting for the stream: the members are read under it.
      const members = await this.stream.activeMemberIds(db, req.groupId);
      if (!members.includes(me)) throw new AppError('groupNotJoined');
      let row: GroupMessageRow;
      try {
        row = await db
          .insertInto('group_messages')
          .values({
            tmp_id: req.tmpId,
            group_id: req.groupId,
            send_id: me,
            send_nick_name: member.remark_nick_name || nickName,
            type: req.type,
            content: checked.content,
            status: MessageStatus.SENDED,
            send_time: this.stream.clock(),
            at_user_ids: JSON.stringify(atUserIds),
            receipt: req.receipt ? 1 : 0,
            receipt_ok: 0,
            quote_message_id: quote?.id ?? null,
            forwarded: req.forwarded === true ? 1 : 0,
            link_preview: preview,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (err) {
        // The unique (sender, tmpId) index: a retry (or a reuse) of a stored tmpId.
        const winner = isUniqueViolation(err) ? await this.findByTmpId(db, me, req.tmpId) : undefined;
        if (winner) return this.repeat(db, winner, req, checked);
        throw err;
      }
      const msg = toWireGroupMessage(row, 0, quote && toGroupQuote(quote));
      await this.stream.publish(members, msg, { id: me, terminal });
      return msg;
    });
  }

  /**
   * The sender recalls a normal message within Timing.RECALL_WINDOW_MS: the original
   * becomes RECALL with blank content and a RECALL message (content = its id) is
   * stored and pushed to the members. A second recall returns the first's message.
   */
  async recall(me: number, id: number): Promise<GroupMessage> {
    const original = await this.db.selectFrom('group_messages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!original || !isNormalType(original.type)) throw new AppError('messageNotExist');
    const access = await loadAccess(this.db, original.group_id, me);
    if (!access.member || access.member.joined_at_id >= id) throw new AppError('messageNotExist');
    if (original.send_id !== me) throw new AppError('recallNotOwn');
    assertActive(access);
    if (
      original.status !== MessageStatus.RECALL &&
      this.stream.clock() - original.send_time > Timing.RECALL_WINDOW_MS
    ) {
      throw new AppError('recallTimeout');
    }
    return this.stream.run(async (db) => {
      const marked = await db.transaction().execute(async (tx) => {
        const done = await tx
          .updateTable('group_messages')
          .set({ status: MessageStatus.RECALL, content: '', link_preview: null, reactions: null })
          .where('id', '=', id)
          .where('status', '!=', MessageStatus.RECALL)
          .executeTakeFirst();
        // A recalled message keeps no reactions and leaves the pins; its RECALL clears both on every terminal.
        if (Number(done.numUpdatedRows) > 0) {
          await clearReactions(tx, ReactionKind.GROUP, id);
          await dropPin(tx, PinKind.GROUP, id);
        }
        return done;
      });
      if (Number(marked.numUpdatedRows) === 0) {
        const first = await db
          .selectFrom('group_messages')
          .selectAll()
          .where('group_id', '=', original.group_id)
          .where('type', '=', MessageType.RECALL)
          .where('content', '=', String(id))
          .executeTakeFirst();
        if (!first) throw new AppError('messageNotExist');
        return toWireGroupMessage(first);
      }
      const row = await db
        .insertInto('group_messages')
        .values({
          tmp_id: null,
          group_id: original.group_id,
          send_id: me,
          send_nick_name: original.send_nick_name,
          type: MessageType.RECALL,
          content: String(id),
          status: MessageStatus.SENDED,
          send_time: this.stream.clock(),
          at_user_ids: '[]',
          receipt: 0,
          receipt_ok: 0,
          quote_message_id: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const msg = toWireGroupMessage(row);
      await this.stream.publish(await this.stream.activeMemberIds(db, original.group_id), msg);
      return msg;
    });
  }

  /** A message of the group that `me` could see (inside their window); else messageNotExist. */
  private async visible(me: number, groupId: number, id: number): Promise<GroupMessageRow> {
    const row = await this.db
      .selectFrom('group_messages as g')
      .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'g.group_id').on('m.user_id', '=', me))
      .selectAll('g')
      .where('g.id', '=', id)
      .where('g.group_id', '=', groupId)
      .whereRef('g.id', '>', 'm.joined_at_id')
      .executeTakeFirst();
    if (!row) throw new AppError('messageNotExist');
    return row;
  }

  private findByTmpId(db: Kysely<Database>, sendId: number, tmpId: string) {
    return db
      .selectFrom('group_messages')
      .selectAll()
      .where('send_id', '=', sendId)
      .where('tmp_id', '=', tmpId)
      .executeTakeFirst();
  }

  /** The stored message for a true repeat of its request; anything else under its tmpId is tmpIdReused. */
  private async repeat(db: Kysely<Database>, stored: GroupMessageRow, req: GroupSendRequest, checked: ContentCheck) {
    const same =
      stored.group_id === req.groupId &&
      stored.type === req.type &&
      (stored.quote_message_id ?? undefined) === req.quoteMessageId &&
      (stored.status === MessageStatus.RECALL || (checked.ok && stored.content === checked.content));
    if (!same) throw new AppError('tmpIdReused');
    const [msg] = await toWireGroupMessages(db, [stored]);
    return msg!;
  }
}
