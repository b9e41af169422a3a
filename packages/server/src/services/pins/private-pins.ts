/**
 * Pinned messages of private chats (issue 21 point 3, docs/PROTOCOL.md "Pinned
 * messages"). Like edit and recall, a pin or unpin runs under the serializer of both
 * users: the PIN (15) message (and a pin's TIP_TEXT) commit and are pushed in id
 * order to every terminal of both, and the offline pull brings them in that order.
 */
import type { Kysely } from 'kysely';
import { Cmd, MessageStatus, MessageType, PINS_MAX, TipText, type PinNotice, type PrivatePins } from '@parley/protocol';
import type { Database, PrivateMessageRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { PushService } from '../../realtime/push.js';
import { toWirePrivateMessage, toWireWithQuotes } from '../private-message-wire.js';
import type { RelationService } from '../relation.js';
import type { UserSerializer } from '../user-serializer.js';
import {
  PinKind,
  assertPinnable,
  countPins,
  findPin,
  lastPinTime,
  pinEntries,
  listPins,
  nextPinTime,
  privateChatKey,
} from './pin-store.js';

export class PrivatePinService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly serializer: UserSerializer,
    private readonly push: PushService,
    private readonly relations: RelationService,
    private readonly clock: () => number,
  ) {}

  /**
   * Rule order: a message of my chats (else messageNotExist), the other party may still
   * get my messages (as a send), then for a pin: pinnable (pinNotPinnable,
   * pinRecalled), already pinned (success, nothing stored), the cap (pinsFull).
   * Unpinning what is not pinned is a success that stores nothing.
   */
  async setPinned(me: number, id: number, pinned: boolean): Promise<null> {
    const original = await this.find(this.db, id);
    if (!original || (original.send_id !== me && original.recv_id !== me)) throw new AppError('messageNotExist');
    const other = original.send_id === me ? original.recv_id : original.send_id;
    await this.relations.assertCanSend(me, other);
    if (pinned && !(await findPin(this.db, PinKind.PRIVATE, id))) assertPinnable(original);
    const key = privateChatKey(me, other);

    await this.serializer.run([me, other], async (db) => {
      const rows = await db.transaction().execute(async (tx) => {
        // A recall or another pin may have come in while waiting: decide on what is stored now.
        const current = await this.find(tx, id);
        if (!current) throw new AppError('messageNotExist');
        if (((await findPin(tx, PinKind.PRIVATE, id)) !== undefined) === pinned) return [];
        if (pinned) {
          assertPinnable(current);
          if ((await countPins(tx, PinKind.PRIVATE, key)) >= PINS_MAX)
            throw new AppError('pinsFull', { max: PINS_MAX });
        }
        const now = this.clock();
        const pinTime = await nextPinTime(tx, PinKind.PRIVATE, key, now);
        if (pinned) {
          await tx
            .insertInto('message_pins')
            .values({ kind: PinKind.PRIVATE, chat_key: key, message_id: id, pinned_by: me, pinned_at: pinTime })
            .execute();
        } else {
          await tx
            .deleteFrom('message_pins')
            .where('kind', '=', PinKind.PRIVATE)
            .where('message_id', '=', id)
            .execute();
        }
        const notice: PinNotice = { id, pinned, pinTime, by: me };
        const stored = [await this.insert(tx, me, other, MessageType.PIN, JSON.stringify(notice), now)];
        // Only a pin writes a tip ("Ana pinned a message"); an unpin is quiet.
        if (pinned) stored.push(await this.insert(tx, me, other, MessageType.TIP_TEXT, TipText.messagePinned, now));
        return stored;
      });
      for (const row of rows) {
        await this.push.toUsers([me, other], { cmd: Cmd.PRIVATE_MESSAGE, data: toWirePrivateMessage(row) });
      }
    });
    return null;
  }

  /** The chat's pins, newest first, for either party of a chat (as its history). */
  async list(me: number, friendId: number): Promise<PrivatePins> {
    if (!(await this.relations.isChatPartner(me, friendId))) throw new AppError('notFriend');
    const key = privateChatKey(me, friendId);
    // The clock first: a pin committed after it shows up in the list and above it.
    const pinTime = await lastPinTime(this.db, PinKind.PRIVATE, key);
    const pins = await listPins(this.db, PinKind.PRIVATE, key);
    if (pins.length === 0) return { pins: [], pinTime };
    const rows = await this.db
      .selectFrom('private_messages')
      .selectAll()
      .where(
        'id',
        'in',
        pins.map((p) => p.message_id),
      )
      .execute();
    return { pins: pinEntries(pins, await toWireWithQuotes(this.db, rows)), pinTime };
  }

  private insert(db: Kysely<Database>, me: number, other: number, type: number, content: string, now: number) {
    return db
      .insertInto('private_messages')
      .values({
        tmp_id: null,
        send_id: me,
        recv_id: other,
        type,
        content,
        status: MessageStatus.SENDED,
        send_time: now,
        quote_message_id: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private find(db: Kysely<Database>, id: number): Promise<PrivateMessageRow | undefined> {
    return db.selectFrom('private_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
