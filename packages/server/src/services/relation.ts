/**
 * Who may see or reach whom: the one place for relationship checks between users,
 * so every endpoint answers the same question the same way.
 * - Presence (online flag, terminals) and the user name (e-mail): the user themself
 *   and friends in both directions. The groups issue adds fellow group members to
 *   `canSeePresence` (not to `canSeeUserName`).
 * - A chat (send, read marks): friends in both directions and no block either way; a
 *   send also needs the receiver's account to be usable.
 * - A chat's past (history, maxReadedId): a friend, or anyone the user has messages
 *   with, so a deleted friend's chat stays readable.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { Facts, type PairFacts } from './facts/facts.js';

export class RelationService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Cached pair and account facts for the per-message checks (send, read marks, typing). */
    private readonly facts: Facts,
  ) {}

  /** Of `others`, the users who are `me`'s friends in both directions (`liveOnly`: not deleted). */
  async mutualFriends(me: number, others: readonly number[], liveOnly = false): Promise<Set<number>> {
    const ids = [...new Set(others)].filter((id) => id !== me);
    if (ids.length === 0) return new Set();
    let query = this.db
      .selectFrom('friends as f')
      .innerJoin('friends as back', (join) =>
        join.onRef('back.user_id', '=', 'f.friend_id').onRef('back.friend_id', '=', 'f.user_id'),
      )
      .select('f.friend_id')
      .where('f.user_id', '=', me)
      .where('f.friend_id', 'in', ids);
    if (liveOnly) query = query.innerJoin('users as u', 'u.id', 'f.friend_id').where('u.deleted', '=', 0);
    const rows = await query.execute();
    return new Set(rows.map((r) => r.friend_id));
  }

  /**
   * Of `others`, the users whose online status and terminals `viewer` may see: the
   * viewer, friends in both directions whose account is not deleted, and fellow
   * members of a live group — less anyone who has blocked the viewer.
   */
  async canSeePresence(viewer: number, others: readonly number[]): Promise<Set<number>> {
    const visible = await this.mutualFriends(viewer, others, true);
    for (const id of await this.fellowMembers(viewer, others)) visible.add(id);
    if (visible.size > 0) {
      const blockers = await this.db
        .selectFrom('blacklist')
        .select('user_id')
        .where('to_user_id', '=', viewer)
        .where('user_id', 'in', [...visible])
        .execute();
      for (const b of blockers) visible.delete(b.user_id);
    }
    if (others.includes(viewer)) visible.add(viewer);
    return visible;
  }

  /** Of `others`, the users who share a live group with `me` as current members. */
  async fellowMembers(me: number, others: readonly number[]): Promise<Set<number>> {
    const ids = [...new Set(others)].filter((id) => id !== me);
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('group_members as mine')
      .innerJoin('group_members as theirs', 'theirs.group_id', 'mine.group_id')
      .innerJoin('groups as g', 'g.id', 'mine.group_id')
      .select('theirs.user_id')
      .distinct()
      .where('mine.user_id', '=', me)
      .where('mine.quit', '=', 0)
      .where('theirs.quit', '=', 0)
      .where('g.dissolved', '=', 0)
      .where('theirs.user_id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** Of `others`, the users whose user name (e-mail) `viewer` may see without searching for it. */
  async canSeeUserName(viewer: number, others: readonly number[]): Promise<Set<number>> {
    const visible = await this.mutualFriends(viewer, others, true);
    if (others.includes(viewer)) visible.add(viewer);
    return visible;
  }

  /**
   * The chat between `me` and `other` is open (send and read marks). Rule order:
   * friends in both directions (notFriendCannotSend), `other` blocked me
   * (blockedCannotSend), I blocked `other` (alreadyBlocked).
   */
  async assertChatOpen(me: number, other: number): Promise<void> {
    const pair = await this.facts.pair(me, other);
    this.assertFriendsIn(pair, me, other);
    this.assertNoBlockIn(pair, me, other);
  }

  /**
   * `me` may send to `recvId`: assertChatOpen, with the receiver's account checked
   * after the friendship (strangers learn nothing of it): deleted → userNotExist,
   * banned → recipientUnavailable.
   */
  async assertCanSend(me: number, recvId: number): Promise<void> {
    const pair = await this.facts.pair(me, recvId);
    this.assertFriendsIn(pair, me, recvId);
    const receiver = await this.facts.user(recvId);
    if (!receiver || receiver.deleted === 1) throw new AppError('userNotExist');
    if (receiver.is_banned === 1) throw new AppError('recipientUnavailable');
    this.assertNoBlockIn(pair, me, recvId);
  }

  private assertFriendsIn(pair: PairFacts, me: number, other: number): void {
    if (me === other || !Facts.side(pair, me, other).friends || !Facts.side(pair, other, me).friends) {
      throw new AppError('notFriendCannotSend');
    }
  }

  private assertNoBlockIn(pair: PairFacts, me: number, other: number): void {
    if (Facts.side(pair, other, me).blocks) throw new AppError('blockedCannotSend');
    if (Facts.side(pair, me, other).blocks) throw new AppError('alreadyBlocked');
  }

  /** `me` and `other` are friends (either direction) or have at least one message between them. */
  async isChatPartner(me: number, other: number): Promise<boolean> {
    const friend = await this.db
      .selectFrom('friends')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', me), eb('friend_id', '=', other)]),
          eb.and([eb('user_id', '=', other), eb('friend_id', '=', me)]),
        ]),
      )
      .executeTakeFirst();
    if (friend) return true;
    const message = await this.db
      .selectFrom('private_messages')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('send_id', '=', me), eb('recv_id', '=', other)]),
          eb.and([eb('send_id', '=', other), eb('recv_id', '=', me)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return message !== undefined;
  }
}
