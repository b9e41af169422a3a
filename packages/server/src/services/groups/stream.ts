/**
 * The group message stream (docs/MESSAGE-DELIVERY.md): one id sequence for every
 * group, and one lock. Every write that adds a group message or changes who is a
 * member runs under `run`, from id allocation through commit and the push to the
 * bus, so group message ids are committed and published in increasing order for
 * every member at once — one lock per send, not one per member — and a member's
 * window (joined_at_id, quit_at_id) is cut at an exact point of that order.
 */
import { sql, type Kysely } from 'kysely';
import {
  Cmd,
  MessageStatus,
  MessageType,
  type BuiltGroupTip,
  type GroupMessage,
  type Terminal,
} from '@parley/protocol';
import type { Database, GroupMessageRow } from '../../db/schema.js';
import type { PushService } from '../../realtime/push.js';
import type { UserSerializer } from '../user-serializer.js';
import { toWireGroupMessage } from './wire.js';

/** The serializer key of the group stream (user ids, the other keys, are ≥ 1). */
const GROUP_STREAM_KEY = 0;

export class GroupStream {
  constructor(
    private readonly serializer: UserSerializer,
    private readonly push: PushService,
    readonly clock: () => number,
  ) {}

  run<T>(fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.serializer.run([GROUP_STREAM_KEY], fn);
  }

  /** The last id of the stream (0 when empty); under `run`, nothing commits past it meanwhile. */
  async lastId(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('group_messages')
      .select(sql<number | null>`max(id)`.as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  async activeMemberIds(db: Kysely<Database>, groupId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where('quit', '=', 0)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** Stores a TIP_TEXT message of the group: its English content and its tip (call under `run`). */
  tip(db: Kysely<Database>, groupId: number, sendId: number, tip: BuiltGroupTip): Promise<GroupMessageRow> {
    return db
      .insertInto('group_messages')
      .values({
        tmp_id: null,
        group_id: groupId,
        send_id: sendId,
        send_nick_name: '',
        type: MessageType.TIP_TEXT,
        content: tip.content,
        status: MessageStatus.SENDED,
        send_time: this.clock(),
        at_user_ids: '[]',
        receipt: 0,
        receipt_ok: 0,
        quote_message_id: null,
        tip: JSON.stringify(tip.tip),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * The group's new announcement as a card message (GROUP_ANNOUNCEMENT, 22) from `sendId`,
   * stored in the stream so an offline member pulls it once, and published to the current
   * members (call under `run`).
   */
  async announce(db: Kysely<Database>, groupId: number, sendId: number, sendNickName: string, notice: string) {
    const row = await db
      .insertInto('group_messages')
      .values({
        tmp_id: null,
        group_id: groupId,
        send_id: sendId,
        send_nick_name: sendNickName,
        type: MessageType.GROUP_ANNOUNCEMENT,
        content: notice,
        status: MessageStatus.SENDED,
        send_time: this.clock(),
        at_user_ids: '[]',
        receipt: 0,
        receipt_ok: 0,
        quote_message_id: null,
        tip: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.publish(await this.activeMemberIds(db, groupId), toWireGroupMessage(row));
    return row;
  }

  /** Publishes a stored message to the members (call under `run`, after the commit). */
  async publish(memberIds: readonly number[], msg: GroupMessage, sender?: { id: number; terminal: Terminal }) {
    const frame = { cmd: Cmd.GROUP_MESSAGE, data: msg } as const;
    const others = sender ? memberIds.filter((id) => id !== sender.id) : memberIds;
    await this.push.toUsers(others, frame);
    if (sender && memberIds.includes(sender.id)) {
      await this.push.toUser(sender.id, frame, { exceptTerminal: sender.terminal });
    }
  }

  /** A tip stored and published to the group's current members (call under `run`). */
  async tipToMembers(db: Kysely<Database>, groupId: number, sendId: number, tip: BuiltGroupTip, extra: number[] = []) {
    const row = await this.tip(db, groupId, sendId, tip);
    const members = [...new Set([...(await this.activeMemberIds(db, groupId)), ...extra])];
    await this.publish(members, toWireGroupMessage(row));
    return row;
  }
}
