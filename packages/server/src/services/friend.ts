/**
 * Friends (wire-contract §4). One row per direction; both are written and removed
 * together. Every change reaches the affected terminals through the push path as
 * friend-sync frames (cmd 3, types 80 new / 81 deleted / 82 updated), and a new
 * friendship stores one "you are now friends" tip message for the pair.
 */
import type { Kysely } from 'kysely';
import {
  Cmd,
  MessageStatus,
  MessageType,
  Terminal,
  TipText,
  type Friend,
  type FriendSyncMessage,
} from '@parley/protocol';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Presence } from '../realtime/presence.js';
import type { PushService } from '../realtime/push.js';
import { assertCanReach, hasBlocked } from './blacklist.js';
import { toWirePrivateMessage } from './private-message-wire.js';
import type { Facts } from './facts/facts.js';
import type { UserSerializer } from './user-serializer.js';

type FriendSyncType = typeof MessageType.FRIEND_NEW | typeof MessageType.FRIEND_DEL | typeof MessageType.FRIEND_UPDATE;

/** A friend row joined with the friend's user and the owner's block of them (FriendService.rows). */
interface FriendJoinRow {
  ownerId: number;
  friendId: number;
  remark: string;
  is_dnd: number;
  pinned_at: number;
  created_at: number;
  user_name: string;
  nick_name: string;
  head_image: string;
  head_image_thumb: string;
  sex: number;
  signature: string;
  deleted: number;
  last_online_at: number | null;
  /** The friend's and the list owner's "show my last seen" (1: on). */
  friendShowsLastSeen: number;
  ownerShowsLastSeen: number;
  blockId: number | null;
  /** The friend has the owner on their blocklist: the owner no longer sees them online. */
  blockedById: number | null;
}

export class FriendService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly presence: Presence,
    private readonly push: PushService,
    private readonly serializer: UserSerializer,
    private readonly facts: Facts,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Friend rows joined with the friend's user, the owner's block of them and theirs of the owner. */
  private rows() {
    return this.db
      .selectFrom('friends as f')
      .innerJoin('users as u', 'u.id', 'f.friend_id')
      .innerJoin('users as o', 'o.id', 'f.user_id')
      .leftJoin('blacklist as b', (join) =>
        join.onRef('b.user_id', '=', 'f.user_id').onRef('b.to_user_id', '=', 'f.friend_id'),
      )
      .leftJoin('blacklist as rb', (join) =>
        join.onRef('rb.user_id', '=', 'f.friend_id').onRef('rb.to_user_id', '=', 'f.user_id'),
      )
      .select([
        'f.user_id as ownerId',
        'f.friend_id as friendId',
        'f.remark',
        'f.is_dnd',
        'f.pinned_at',
        'f.created_at',
        'u.user_name',
        'u.nick_name',
        'u.head_image',
        'u.head_image_thumb',
        'u.sex',
        'u.signature',
        'u.deleted',
        'u.last_online_at',
        'u.show_last_seen as friendShowsLastSeen',
        'o.show_last_seen as ownerShowsLastSeen',
        'b.id as blockId',
        'rb.id as blockedById',
      ]);
  }

  private toFriend(row: FriendJoinRow, online: readonly Terminal[]): Friend {
    // A friend who blocked the owner, or whose account is deleted, shows offline (RelationService.canSeePresence).
    const hidden = row.blockedById !== null || row.deleted === 1;
    const terminals = hidden ? [] : online;
    // Last seen is reciprocal: both must show theirs (issue 22 point 11).
    const lastSeen =
      !hidden && row.friendShowsLastSeen === 1 && row.ownerShowsLastSeen === 1 && row.last_online_at !== null
        ? { lastSeenAt: Number(row.last_online_at) }
        : {};
    return {
      id: row.friendId,
      userName: row.user_name,
      nickName: row.nick_name,
      headImage: row.head_image,
      headImageThumb: row.head_image_thumb,
      sex: row.sex,
      signature: row.signature,
      remark: row.remark,
      showNickName: row.remark || row.nick_name,
      online: terminals.length > 0,
      onlineWeb: terminals.includes(Terminal.WEB),
      onlineApp: terminals.includes(Terminal.APP),
      ...lastSeen,
      isDnd: row.is_dnd === 1,
      pinnedAt: Number(row.pinned_at),
      deleted: row.deleted === 1,
      isBlocked: row.blockId !== null,
      createTime: row.created_at,
    };
  }

  /** `ownerId`'s entries, in the order they were added. */
  async list(ownerId: number): Promise<Friend[]> {
    const rows = await this.rows().where('f.user_id', '=', ownerId).orderBy('f.id').execute();
    const online = await this.presence.onlineTerminals(rows.map((r) => r.friendId));
    return rows.map((r) => this.toFriend(r, online.get(r.friendId) ?? []));
  }

  /** `ownerId`'s entry for `friendId`, or undefined when they are not friends. */
  async view(ownerId: number, friendId: number): Promise<Friend | undefined> {
    const row = await this.rows()
      .where('f.user_id', '=', ownerId)
      .where('f.friend_id', '=', friendId)
      .executeTakeFirst();
    if (!row) return undefined;
    const online = await this.presence.onlineTerminals([friendId]);
    return this.toFriend(row, online.get(friendId) ?? []);
  }

  async find(ownerId: number, friendId: number): Promise<Friend> {
    const friend = await this.view(ownerId, friendId);
    if (!friend) throw new AppError('notFriend');
    return friend;
  }

  async isFriend(ownerId: number, friendId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('friends')
      .select('id')
      .where('user_id', '=', ownerId)
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Both directions in one transaction, plus one TIP_TEXT message (sender = me).
   * The instant add; FriendRequestService decides when it may run (consent).
   */
  async add(me: number, friendId: number): Promise<void> {
    await this.assertMayAdd(me, friendId);
    await this.connect(me, friendId);
  }

  /**
   * May `me` add `friendId` (or ask to)? Rule order: yourself, target missing or deleted,
   * already friends, the target blocked me, I blocked the target, a shared group forbids it.
   */
  async assertMayAdd(me: number, friendId: number): Promise<void> {
    if (friendId === me) throw new AppError('cannotAddSelf');
    const target = await this.db
      .selectFrom('users')
      .select(['id', 'deleted'])
      .where('id', '=', friendId)
      .executeTakeFirst();
    if (!target || target.deleted === 1) throw new AppError('userNotExist');
    if (await this.isFriend(me, friendId)) throw new AppError('alreadyFriend');
    await assertCanReach(this.db, me, friendId);
    if (await hasBlocked(this.db, me, friendId)) throw new AppError('alreadyBlocked');
    if (await this.onlyForbiddingGroupsShared(me, friendId)) throw new AppError('addFriendForbiddenInGroup');
  }

  /** Makes the two friends (the rules already checked): rows, tip, type 80 to both. */
  async connect(me: number, friendId: number): Promise<void> {
    // The tip is a private message: stored and pushed under both users' message locks,
    // so it keeps the per-user id order the offline pull relies on (docs/MESSAGE-DELIVERY.md).
    await this.serializer.run([me, friendId], async (db) => {
      const now = this.clock();
      const tip = await db.transaction().execute(async (tx) => {
        // Rows go in in a fixed order (smaller user id first), so concurrent adds of one
        // pair (either direction) queue on the same row instead of deadlocking; the loser
        // finds its row taken and rolls back. A surviving half from an interrupted delete
        // is kept (with its remark).
        const rows: [number, number][] = [
          [me, friendId],
          [friendId, me],
        ];
        rows.sort((x, y) => x[0] - y[0]);
        let mineInserted = false;
        for (const [userId, otherId] of rows) {
          const result = await tx
            .insertInto('friends')
            .values({ user_id: userId, friend_id: otherId, remark: '', is_dnd: 0, created_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
            .executeTakeFirst();
          if (userId === me) mineInserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
        }
        if (!mineInserted) throw new AppError('alreadyFriend');
        return tx
          .insertInto('private_messages')
          .values({
            tmp_id: null,
            send_id: me,
            recv_id: friendId,
            type: MessageType.TIP_TEXT,
            content: TipText.friendAdded,
            status: MessageStatus.SENDED,
            send_time: now,
            quote_message_id: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      await this.facts.changed({ kind: 'pair', a: me, b: friendId });

      await this.push.toUsers([me, friendId], { cmd: Cmd.PRIVATE_MESSAGE, data: toWirePrivateMessage(tip) });
    });
    await Promise.all([
      this.pushEntry(me, friendId, MessageType.FRIEND_NEW),
      this.pushEntry(friendId, me, MessageType.FRIEND_NEW),
    ]);
  }

  /** Both directions; both users' terminals hear type 81. */
  async delete(me: number, friendId: number): Promise<void> {
    if (!(await this.isFriend(me, friendId))) throw new AppError('notFriend');
    await this.db
      .deleteFrom('friends')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', me), eb('friend_id', '=', friendId)]),
          eb.and([eb('user_id', '=', friendId), eb('friend_id', '=', me)]),
        ]),
      )
      .execute();
    await this.facts.changed({ kind: 'pair', a: me, b: friendId });
    await Promise.all([
      this.push.toUser(me, syncFrame(MessageType.FRIEND_DEL, me, friendId, String(friendId))),
      this.push.toUser(friendId, syncFrame(MessageType.FRIEND_DEL, friendId, me, String(me))),
    ]);
  }

  /** My remark for the friend; only my terminals learn it. Empty clears it. */
  async remark(me: number, friendId: number, remark: string): Promise<void> {
    const result = await this.db
      .updateTable('friends')
      .set({ remark })
      .where('user_id', '=', me)
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('notFriend');
    await this.pushEntry(me, friendId, MessageType.FRIEND_UPDATE);
  }

  /** My do-not-disturb for the friend; only my terminals learn it. */
  async dnd(me: number, friendId: number, isDnd: boolean): Promise<void> {
    const result = await this.db
      .updateTable('friends')
      .set({ is_dnd: isDnd ? 1 : 0 })
      .where('user_id', '=', me)
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('notFriend');
    await this.pushEntry(me, friendId, MessageType.FRIEND_UPDATE);
  }

  /** Pins my chat with the friend to the top of my chat list (now), or unpins it; only my terminals learn it. */
  async top(me: number, friendId: number, isTop: boolean): Promise<void> {
    const result = await this.db
      .updateTable('friends')
      .set({ pinned_at: isTop ? this.clock() : 0 })
      .where('user_id', '=', me)
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('notFriend');
    await this.pushEntry(me, friendId, MessageType.FRIEND_UPDATE);
  }

  /**
   * The two are fellow members of at least one group, and every group they share
   * forbids members adding each other (an owner or admin switched it on).
   */
  private async onlyForbiddingGroupsShared(a: number, b: number): Promise<boolean> {
    const shared = await this.db
      .selectFrom('group_members as ma')
      .innerJoin('group_members as mb', 'mb.group_id', 'ma.group_id')
      .innerJoin('groups as g', 'g.id', 'ma.group_id')
      .select('g.forbid_add_friend')
      .where('ma.user_id', '=', a)
      .where('mb.user_id', '=', b)
      .where('ma.quit', '=', 0)
      .where('mb.quit', '=', 0)
      .where('g.dissolved', '=', 0)
      .execute();
    return shared.length > 0 && shared.every((g) => g.forbid_add_friend === 1);
  }

  /** Pushes `ownerId`'s fresh entry for `friendId` (type 82) to the owner's terminals; nothing when not friends. */
  async pushUpdate(ownerId: number, friendId: number): Promise<void> {
    await this.pushEntry(ownerId, friendId, MessageType.FRIEND_UPDATE);
  }

  /**
   * `userId`'s online terminals changed: every user who has them as a friend gets
   * their own entry for them (type 82, with the fresh online flags).
   */
  async pushPresence(userId: number): Promise<void> {
    // Coming online or going offline is the moment "last seen" means.
    // (Not a cached fact: friend entries read it from the table.)
    await this.db.updateTable('users').set({ last_online_at: this.clock() }).where('id', '=', userId).execute();
    const rows = await this.rows().where('f.friend_id', '=', userId).execute();
    if (rows.length === 0) return;
    const terminals = (await this.presence.onlineTerminals([userId])).get(userId) ?? [];
    await Promise.all(
      rows.map((r) =>
        this.push.toUser(
          r.ownerId,
          syncFrame(MessageType.FRIEND_UPDATE, r.ownerId, userId, JSON.stringify(this.toFriend(r, terminals))),
        ),
      ),
    );
  }

  /**
   * `userId` switched "show my last seen": their entry in every friend's list and every
   * entry of their own list change (type 82 to each list owner).
   */
  async pushLastSeenSetting(userId: number): Promise<void> {
    const rows = await this.rows()
      .where((eb) => eb.or([eb('f.friend_id', '=', userId), eb('f.user_id', '=', userId)]))
      .execute();
    const online = await this.presence.onlineTerminals([...new Set(rows.map((r) => r.friendId))]);
    await Promise.all(
      rows.map((r) =>
        this.push.toUser(
          r.ownerId,
          syncFrame(
            MessageType.FRIEND_UPDATE,
            r.ownerId,
            r.friendId,
            JSON.stringify(this.toFriend(r, online.get(r.friendId) ?? [])),
          ),
        ),
      ),
    );
  }

  /**
   * Runs pushPresence on every presence change, one at a time per user so frames
   * leave in the order the changes happened. Returns the stop function, which
   * unsubscribes and waits for the work in flight.
   */
  syncPresence(onError: (err: unknown) => void): () => Promise<void> {
    const chains = new Map<number, Promise<void>>();
    const off = this.presence.onChange((userId) => {
      const next = (chains.get(userId) ?? Promise.resolve()).then(() => this.pushPresence(userId)).catch(onError);
      chains.set(userId, next);
      void next.then(() => {
        if (chains.get(userId) === next) chains.delete(userId);
      });
    });
    return async () => {
      off();
      await Promise.all(chains.values());
    };
  }

  private async pushEntry(ownerId: number, friendId: number, type: FriendSyncType): Promise<void> {
    const friend = await this.view(ownerId, friendId);
    if (!friend) return;
    await this.push.toUser(ownerId, syncFrame(type, ownerId, friendId, JSON.stringify(friend)));
  }
}

/** Friend-sync frame for the list owner: sendId = owner, recvId = the friend the entry is about. */
function syncFrame(type: FriendSyncType, ownerId: number, friendId: number, content: string) {
  const data: FriendSyncMessage = { type, sendId: ownerId, recvId: friendId, content, sendTime: Date.now() };
  return { cmd: Cmd.PRIVATE_MESSAGE, data } as const;
}
