/**
 * Editing a private message (issue 21 point 1, docs/PROTOCOL.md "Edit"). The original
 * keeps its id and place with the new content and `edited_time`; an EDIT (13) message
 * is stored (so an offline pull brings the change, in order) and pushed to every
 * terminal of both users. Like recall, it runs under the serializer of both users, so
 * edits commit and publish in id order and the last edit wins everywhere.
 */
import type { Kysely } from 'kysely';
import {
  Cmd,
  MessageStatus,
  MessageType,
  type EditNotice,
  type PrivateEditRequest,
  type PrivateMessage,
} from '@parley/protocol';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { PushService } from '../realtime/push.js';
import { editedContent, nextEditTime, previewAfterEdit } from './edit-rules.js';
import { toWirePrivateMessage } from './private-message-wire.js';
import type { RelationService } from './relation.js';
import type { UserSerializer } from './user-serializer.js';

export class PrivateEditService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly serializer: UserSerializer,
    private readonly push: PushService,
    private readonly relations: RelationService,
    private readonly clock: () => number,
    private readonly windowMs: number,
  ) {}

  /**
   * Rule order: a message of my chats (else messageNotExist), mine (the receiver gets
   * editNotOwn), the other party may still get my messages (as a send), then the rules
   * of edit-rules.ts. Replies the EDIT message.
   */
  async edit(me: number, id: number, req: PrivateEditRequest): Promise<PrivateMessage> {
    const original = await this.find(this.db, id);
    if (!original || (original.send_id !== me && original.recv_id !== me)) throw new AppError('messageNotExist');
    if (original.send_id !== me) throw new AppError('editNotOwn');
    await this.relations.assertCanSend(me, original.recv_id);
    editedContent(original, req.content, this.clock(), this.windowMs);

    return this.serializer.run([me, original.recv_id], async (db) => {
      const row = await db.transaction().execute(async (tx) => {
        const current = await this.find(tx, id);
        if (!current) throw new AppError('messageNotExist');
        const now = this.clock();
        const content = editedContent(current, req.content, now, this.windowMs);
        const editTime = nextEditTime(current, now);
        await tx
          .updateTable('private_messages')
          .set({ content, edited_time: editTime, link_preview: previewAfterEdit(current.link_preview, content) })
          .where('id', '=', id)
          .execute();
        const notice: EditNotice = { id, content, editTime };
        return tx
          .insertInto('private_messages')
          .values({
            tmp_id: null,
            send_id: me,
            recv_id: current.recv_id,
            type: MessageType.EDIT,
            content: JSON.stringify(notice),
            status: MessageStatus.SENDED,
            send_time: now,
            quote_message_id: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      const msg = toWirePrivateMessage(row);
      await this.push.toUsers([me, original.recv_id], { cmd: Cmd.PRIVATE_MESSAGE, data: msg });
      return msg;
    });
  }

  private find(db: Kysely<Database>, id: number) {
    return db.selectFrom('private_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
