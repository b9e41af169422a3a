/**
 * Editing a group message (issue 21 point 1, docs/PROTOCOL.md "Edit"): the original
 * keeps its id and place with the new content, `edited_time` and mentions; an EDIT
 * (13) message is stored on the group stream and published to the members, so the
 * change reaches them live and in the offline pull, in stream order (the last edit
 * wins). Its `atUserIds` are the mentions the edit added: only those notify.
 */
import type { Kysely } from 'kysely';
import {
  AT_ALL,
  MessageStatus,
  MessageType,
  type EditNotice,
  type GroupEditRequest,
  type GroupMessage,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { editedContent, nextEditTime, previewAfterEdit } from '../edit-rules.js';
import { activeMembers, assertActive, isManager, loadAccess } from './access.js';
import type { GroupStream } from './stream.js';
import { toWireGroupMessage } from './wire.js';

export class GroupEditService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stream: GroupStream,
    private readonly windowMs: number,
  ) {}

  /**
   * Rule order: a message I could see (else messageNotExist), mine (editNotOwn), my
   * membership and the group's state (assertActive), then the rules of edit-rules.ts,
   * mute all and my own mute (an edit speaks as a send does), and the mentions as a
   * send checks them. Replies the EDIT message.
   */
  async edit(me: number, id: number, req: GroupEditRequest): Promise<GroupMessage> {
    const original = await this.find(this.db, id);
    if (!original) throw new AppError('messageNotExist');
    const access = await loadAccess(this.db, original.group_id, me);
    if (!access.member || access.member.joined_at_id >= id) throw new AppError('messageNotExist');
    if (original.send_id !== me) throw new AppError('editNotOwn');
    const member = assertActive(access);
    editedContent(original, req.content, this.stream.clock(), this.windowMs);
    const manager = isManager(access);
    if (access.group.is_muted === 1 && !manager) throw new AppError('groupMutedAll');
    if (member.is_muted === 1) throw new AppError('memberMuted');
    const atUserIds = [...new Set(req.atUserIds)];
    if (atUserIds.includes(AT_ALL) && !manager) throw new AppError('atAllNotAllowed');
    const named = atUserIds.filter((u) => u !== AT_ALL);
    if (named.length > 0) await activeMembers(this.db, original.group_id, named);

    return this.stream.run(async (db) => {
      // Membership may have changed while waiting for the stream: read under it.
      const members = await this.stream.activeMemberIds(db, original.group_id);
      if (!members.includes(me)) throw new AppError('groupNotJoined');
      const row = await db.transaction().execute(async (tx) => {
        const current = await this.find(tx, id);
        if (!current) throw new AppError('messageNotExist');
        const now = this.stream.clock();
        const content = editedContent(current, req.content, now, this.windowMs);
        const editTime = nextEditTime(current, now);
        const before = JSON.parse(current.at_user_ids) as number[];
        const added = atUserIds.filter((u) => !before.includes(u));
        await tx
          .updateTable('group_messages')
          .set({
            content,
            edited_time: editTime,
            at_user_ids: JSON.stringify(atUserIds),
            link_preview: previewAfterEdit(current.link_preview, content),
          })
          .where('id', '=', id)
          .execute();
        const notice: EditNotice = { id, content, editTime };
        return tx
          .insertInto('group_messages')
          .values({
            tmp_id: null,
            group_id: current.group_id,
            send_id: me,
            send_nick_name: current.send_nick_name,
            type: MessageType.EDIT,
            content: JSON.stringify(notice),
            status: MessageStatus.SENDED,
            send_time: now,
            at_user_ids: JSON.stringify(added),
            receipt: 0,
            receipt_ok: 0,
            quote_message_id: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      const msg = toWireGroupMessage(row);
      await this.stream.publish(members, msg);
      return msg;
    });
  }

  private find(db: Kysely<Database>, id: number) {
    return db.selectFrom('group_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
