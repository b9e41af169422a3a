/**
 * Pinned messages of groups (issue 21 point 3, docs/PROTOCOL.md "Pinned messages"):
 * the owner and admins pin, or every member when the group's `pin_by_members` is on.
 * A pin or unpin runs under the group stream's lock: its PIN (15) message (and a pin's
 * tip) commit and are published to the members in stream order.
 */
import type { Kysely } from 'kysely';
import { MessageStatus, MessageType, PINS_MAX, buildGroupTip, type GroupPins, type PinNotice } from '@parley/protocol';
import type { Database, GroupMessageRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { assertActive, assertMember, isManager, loadAccess, type GroupAccess } from '../groups/access.js';
import type { GroupChanges } from '../groups/changes.js';
import type { GroupStream } from '../groups/stream.js';
import { toWireGroupMessage, toWireGroupMessages } from '../groups/wire.js';
import {
  PinKind,
  assertPinnable,
  countPins,
  findPin,
  groupChatKey,
  lastPinTime,
  pinEntries,
  listPins,
  nextPinTime,
} from './pin-store.js';

/** A current member of a live group who may pin there: owner, admin, or anyone when the group allows. */
function assertMayPin(access: GroupAccess): void {
  assertActive(access);
  if (!isManager(access) && access.group.pin_by_members !== 1) throw new AppError('pinNotAllowed');
}

export class GroupPinService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly stream: GroupStream,
    private readonly changes: GroupChanges,
  ) {}

  /**
   * Rule order: a message I could see (else messageNotExist), my membership and the
   * group's state (assertActive), my right to pin (pinNotAllowed), then for a pin:
   * pinnable, already pinned (success, nothing stored), the cap (pinsFull). Unpinning
   * what is not pinned is a success that stores nothing.
   */
  async setPinned(me: number, id: number, pinned: boolean): Promise<null> {
    const original = await this.find(this.db, id);
    if (!original) throw new AppError('messageNotExist');
    const groupId = original.group_id;
    const access = await loadAccess(this.db, groupId, me);
    if (!access.member || access.member.joined_at_id >= id) throw new AppError('messageNotExist');
    assertMayPin(access);
    if (pinned && !(await findPin(this.db, PinKind.GROUP, id))) assertPinnable(original);
    const key = groupChatKey(groupId);

    await this.stream.run(async (db) => {
      // Membership, role and the setting may have changed while waiting for the stream.
      assertMayPin(await loadAccess(db, groupId, me));
      const members = await this.stream.activeMemberIds(db, groupId);
      const name = await this.changes.name(db, groupId, me);
      const rows = await db.transaction().execute(async (tx) => {
        const current = await this.find(tx, id);
        if (!current) throw new AppError('messageNotExist');
        if (((await findPin(tx, PinKind.GROUP, id)) !== undefined) === pinned) return [];
        if (pinned) {
          assertPinnable(current);
          if ((await countPins(tx, PinKind.GROUP, key)) >= PINS_MAX) throw new AppError('pinsFull', { max: PINS_MAX });
        }
        const now = this.stream.clock();
        const pinTime = await nextPinTime(tx, PinKind.GROUP, key, now);
        if (pinned) {
          await tx
            .insertInto('message_pins')
            .values({ kind: PinKind.GROUP, chat_key: key, message_id: id, pinned_by: me, pinned_at: pinTime })
            .execute();
        } else {
          await tx.deleteFrom('message_pins').where('kind', '=', PinKind.GROUP).where('message_id', '=', id).execute();
        }
        const notice: PinNotice = { id, pinned, pinTime, by: me };
        const stored = [await this.insertNotice(tx, groupId, me, name, JSON.stringify(notice), now)];
        // Only a pin writes a tip, in each reader's language (tips.group.pinned).
        if (pinned) stored.push(await this.stream.tip(tx, groupId, me, buildGroupTip('pinned', { name })));
        return stored;
      });
      for (const row of rows) await this.stream.publish(members, toWireGroupMessage(row));
    });
    return null;
  }

  /**
   * The group's pins, newest first, for a current member: only pins of messages inside
   * my window (after I joined), as history shows them.
   */
  async list(me: number, groupId: number): Promise<GroupPins> {
    const member = assertMember(await loadAccess(this.db, groupId, me));
    const key = groupChatKey(groupId);
    const pinTime = await lastPinTime(this.db, PinKind.GROUP, key);
    const pins = (await listPins(this.db, PinKind.GROUP, key)).filter((p) => p.message_id > member.joined_at_id);
    if (pins.length === 0) return { pins: [], pinTime };
    const rows = await this.db
      .selectFrom('group_messages')
      .selectAll()
      .where(
        'id',
        'in',
        pins.map((p) => p.message_id),
      )
      .execute();
    return { pins: pinEntries(pins, await toWireGroupMessages(this.db, rows)), pinTime };
  }

  /** Owner or admin: whether every member may pin (synced to the members as type 92). */
  async setPinByMembers(me: number, groupId: number, enabled: boolean): Promise<void> {
    const access = await loadAccess(this.db, groupId, me);
    assertActive(access);
    if (!isManager(access)) throw new AppError('onlyOwnerOrAdminForbid');
    const value = enabled ? 1 : 0;
    await this.db.updateTable('groups').set({ pin_by_members: value }).where('id', '=', groupId).execute();
    await this.changes.syncAll({ ...access.group, pin_by_members: value });
  }

  private insertNotice(db: Kysely<Database>, groupId: number, me: number, name: string, content: string, now: number) {
    return db
      .insertInto('group_messages')
      .values({
        tmp_id: null,
        group_id: groupId,
        send_id: me,
        send_nick_name: name,
        type: MessageType.PIN,
        content,
        status: MessageStatus.SENDED,
        send_time: now,
        at_user_ids: '[]',
        receipt: 0,
        receipt_ok: 0,
        quote_message_id: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private find(db: Kysely<Database>, id: number): Promise<GroupMessageRow | undefined> {
    return db.selectFrom('group_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
