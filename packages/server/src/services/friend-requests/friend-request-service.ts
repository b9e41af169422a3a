/**
 * Friend requests with consent (issue 22 point 1, docs/PROTOCOL.md "Friend requests").
 * Adding someone who requires approval files a request; they accept (today's add:
 * rows, tip, type 80 to both) or decline; the sender may withdraw it. Every change of
 * a request reaches both users' every terminal as a type-83 frame with its full state;
 * a terminal that was away reloads GET /friend/requests, and the newest `updateTime`
 * per request id wins, so each change counts once. A block ends the pending requests
 * between the two in its transaction (endForBlock); becoming friends settles every
 * request between them as accepted (befriend).
 */
import { sql, type Kysely } from 'kysely';
import {
  Cmd,
  FriendRequestStatus,
  Limits,
  MessageType,
  type FriendRequest,
  type FriendRequestReply,
  type FriendSyncMessage,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { PushService } from '../../realtime/push.js';
import type { FriendService } from '../friend.js';
import { requestRows, toWireRequest } from './wire.js';

const { PENDING, ACCEPTED, DECLINED, CANCELLED } = FriendRequestStatus;
/** What a friendship settles as accepted. */
const UNSETTLED = [PENDING, DECLINED, CANCELLED] as const;

export class FriendRequestService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly friends: FriendService,
    private readonly push: PushService,
    /** FRIEND_REQUESTS: "require my approval" for users who never chose. */
    private readonly defaultConsent: boolean,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The user's own choice, else the operator's default. */
  consentOf(row: { friend_consent: number | null }): boolean {
    return row.friend_consent === null ? this.defaultConsent : row.friend_consent === 1;
  }

  /**
   * Friends at once when the target does not require approval or had asked me already;
   * otherwise my pending request to them is filed (or, pending already, gets the new
   * greeting and time). Every add rule (FriendService.assertMayAdd) holds either way.
   */
  async request(me: number, friendId: number, greeting = ''): Promise<FriendRequestReply> {
    await this.friends.assertMayAdd(me, friendId);
    const [target, theirs] = await Promise.all([
      this.db.selectFrom('users').select('friend_consent').where('id', '=', friendId).executeTakeFirstOrThrow(),
      this.pendingId(friendId, me),
    ]);
    if (theirs !== undefined || !this.consentOf(target)) {
      // The instant add answers as it always did: a concurrent add of the pair that won
      // leaves this one alreadyFriend (as assertMayAdd would have a moment later).
      await this.befriend(me, friendId, undefined, false);
      return { state: 'friends' };
    }
    const now = this.clock();
    // One row per ordered pair: asking again reopens it; its time only grows, so clients keep the newest.
    const row = await this.db
      .insertInto('friend_requests')
      .values({ from_user_id: me, to_user_id: friendId, greeting, status: PENDING, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['from_user_id', 'to_user_id']).doUpdateSet({
          greeting,
          status: PENDING,
          created_at: sql<number>`case when friend_requests.status = ${PENDING} then friend_requests.created_at else ${now} end`,
          updated_at: sql<number>`case when friend_requests.updated_at >= ${now} then friend_requests.updated_at + 1 else ${now} end`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = await this.pushChange(Number(row.id));
    // They asked me at the same moment (crossed requests, possibly on another node): both asked, so friends.
    if ((await this.pendingId(friendId, me)) !== undefined) {
      await this.befriend(me, friendId);
      return { state: 'friends' };
    }
    return { state: 'requested', request };
  }

  /** My incoming and outgoing requests, newest change first, at most FRIEND_REQUESTS_PAGE. */
  async list(me: number): Promise<FriendRequest[]> {
    const rows = await requestRows(this.db)
      .where((eb) => eb.or([eb('r.to_user_id', '=', me), eb('r.from_user_id', '=', me)]))
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(Limits.FRIEND_REQUESTS_PAGE)
      .execute();
    return rows.map(toWireRequest);
  }

  /** The receiver accepts: both become friends (the add rules checked again now). */
  async accept(me: number, id: number): Promise<FriendRequest> {
    const row = await this.answerable(me, id, 'to');
    await this.friends.assertMayAdd(me, row.from_user_id);
    if (!(await this.change(id, ACCEPTED))) throw new AppError('friendRequestNotPending');
    await this.befriend(me, row.from_user_id, id);
    return this.pushChange(id);
  }

  /** The receiver declines; the sender learns it on their terminals. */
  async decline(me: number, id: number): Promise<FriendRequest> {
    await this.answerable(me, id, 'to');
    if (!(await this.change(id, DECLINED))) throw new AppError('friendRequestNotPending');
    return this.pushChange(id);
  }

  /** The sender withdraws their pending request. */
  async cancel(me: number, id: number): Promise<FriendRequest> {
    await this.answerable(me, id, 'from');
    if (!(await this.change(id, CANCELLED))) throw new AppError('friendRequestNotPending');
    return this.pushChange(id);
  }

  /**
   * The request `id` with me on `side`, still pending. One I am not on that side of is
   * as absent to me (its existence is not told).
   */
  private async answerable(me: number, id: number, side: 'from' | 'to') {
    const row = await this.db
      .selectFrom('friend_requests')
      .selectAll()
      .where('id', '=', id)
      .where(side === 'to' ? 'to_user_id' : 'from_user_id', '=', me)
      .executeTakeFirst();
    if (!row) throw new AppError('friendRequestNotExist');
    if (row.status !== PENDING) throw new AppError('friendRequestNotPending');
    return { ...row, from_user_id: Number(row.from_user_id), to_user_id: Number(row.to_user_id) };
  }

  /**
   * Inside a block's transaction (BlacklistService.add): the blocked user's pending request
   * to the blocker is declined, the blocker's own to them withdrawn, as if answered, so
   * the blocked user learns no more than a decline tells. Returns the ids changed; the
   * caller announces them after the commit.
   */
  async endForBlock(tx: Kysely<Database>, blocker: number, blocked: number): Promise<number[]> {
    const ended: number[] = [];
    for (const [from, to, status] of [
      [blocked, blocker, DECLINED],
      [blocker, blocked, CANCELLED],
    ] as const) {
      const row = await tx
        .selectFrom('friend_requests')
        .select('id')
        .where('from_user_id', '=', from)
        .where('to_user_id', '=', to)
        .where('status', '=', PENDING)
        .executeTakeFirst();
      if (row && (await this.change(Number(row.id), status, [PENDING], tx))) ended.push(Number(row.id));
    }
    return ended;
  }

  /** Each request's new state to both users' terminals (after the change committed). */
  async announce(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      // A party's account is deleted: the request is listed to nobody, so nobody is told.
      await this.pushChange(id).catch((err: unknown) => {
        if (!(err instanceof AppError && err.key === 'userNotExist')) throw err;
      });
    }
  }

  /**
   * One of `from` (default: pending) → `status` (a concurrent answer wins once); true
   * when this call changed it.
   */
  private async change(
    id: number,
    status: number,
    from: readonly number[] = [PENDING],
    db: Kysely<Database> = this.db,
  ): Promise<boolean> {
    const now = this.clock();
    const result = await db
      .updateTable('friend_requests')
      .set({
        status,
        updated_at: sql<number>`case when updated_at >= ${now} then updated_at + 1 else ${now} end`,
      })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private async pendingId(from: number, to: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('friend_requests')
      .select('id')
      .where('from_user_id', '=', from)
      .where('to_user_id', '=', to)
      .where('status', '=', PENDING)
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  /**
   * Today's add, then every other request between the two (either way) that is not
   * accepted is accepted too: friends have nothing left to answer, and New friends never
   * shows "Declined" or "Withdrawn" beside a friend (an old answer is settled by the
   * friendship, whichever way it came). `except` is already settled.
   */
  private async befriend(me: number, other: number, except?: number, settled = true): Promise<void> {
    try {
      await this.friends.connect(me, other);
    } catch (err) {
      // A concurrent add of the pair won: for an answered or crossed request they are
      // friends, which is what was asked (`settled`); an instant add reports it.
      if (!settled || !(err instanceof AppError && err.key === 'alreadyFriend')) throw err;
    }
    const open = await this.db
      .selectFrom('friend_requests')
      .select('id')
      .where('status', '!=', ACCEPTED)
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user_id', '=', me), eb('to_user_id', '=', other)]),
          eb.and([eb('from_user_id', '=', other), eb('to_user_id', '=', me)]),
        ]),
      )
      .execute();
    for (const { id } of open) {
      if (Number(id) !== except && (await this.change(Number(id), ACCEPTED, UNSETTLED))) {
        await this.pushChange(Number(id));
      }
    }
  }

  /** The request's full state to both users' every terminal (type 83, cmd 3; never stored). */
  private async pushChange(id: number): Promise<FriendRequest> {
    const row = await requestRows(this.db).where('r.id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('userNotExist');
    const request = toWireRequest(row);
    const data: FriendSyncMessage = {
      type: MessageType.FRIEND_REQUEST,
      sendId: request.from.id,
      recvId: request.to.id,
      content: JSON.stringify(request),
      sendTime: request.updateTime,
    };
    await this.push.toUsers([request.from.id, request.to.id], { cmd: Cmd.PRIVATE_MESSAGE, data });
    return request;
  }
}
