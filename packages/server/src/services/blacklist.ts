/**
 * The blocklist (wire-contract §4) and the one reachability check every feature
 * uses before letting a user reach another (friend add now; messages and calls later).
 * Blocking keeps the friendship; the blocker's list shows `isBlocked` (type 82 push).
 * A block ends the pending friend requests between the two in its own transaction.
 */
import type { Kysely } from 'kysely';
import type { BlacklistEntry, ServerErrorKey } from '@parley/protocol';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/errors.js';
import { AppError } from '../http/app-error.js';

/** True when `userId` has `otherId` on their blocklist. */
export async function hasBlocked(db: Kysely<Database>, userId: number, otherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('blacklist')
    .select('id')
    .where('user_id', '=', userId)
    .where('to_user_id', '=', otherId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Throws `key` (default `blockedByOther`) when `toUserId` has blocked `fromUserId`.
 * The single block check; features pass their own catalogue key (messages: `blockedCannotSend`).
 */
export async function assertCanReach(
  db: Kysely<Database>,
  fromUserId: number,
  toUserId: number,
  key: ServerErrorKey = 'blockedByOther',
): Promise<void> {
  if (await hasBlocked(db, toUserId, fromUserId)) throw new AppError(key);
}

/** Told after a block or unblock, so the blocker's friend entry (isBlocked) can be pushed. */
export type BlockListener = (userId: number, otherId: number) => Promise<void>;

/** What a block does to friend requests (FriendRequestService): ended in the block's transaction, announced after. */
export interface BlockEndsRequests {
  endForBlock(tx: Kysely<Database>, blocker: number, blocked: number): Promise<number[]>;
  announce(ids: readonly number[]): Promise<void>;
}

export class BlacklistService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onChange: BlockListener,
    private readonly requests?: BlockEndsRequests,
  ) {}

  assertCanReach(fromUserId: number, toUserId: number, key?: ServerErrorKey): Promise<void> {
    return assertCanReach(this.db, fromUserId, toUserId, key);
  }

  /** True when `userId` has `otherId` on their blocklist. */
  hasBlocked(userId: number, otherId: number): Promise<boolean> {
    return hasBlocked(this.db, userId, otherId);
  }

  /**
   * Newest first. The user name (e-mail) only of users on my friend list, as the
   * friend list shows it: blocking ids must not list strangers' addresses.
   */
  async list(userId: number): Promise<BlacklistEntry[]> {
    const rows = await this.db
      .selectFrom('blacklist as b')
      .innerJoin('users as u', 'u.id', 'b.to_user_id')
      .leftJoin('friends as f', (join) =>
        join.onRef('f.user_id', '=', 'b.user_id').onRef('f.friend_id', '=', 'b.to_user_id'),
      )
      .select(['b.to_user_id', 'b.created_at', 'u.user_name', 'u.nick_name', 'u.head_image_thumb', 'f.id as friendRow'])
      .where('b.user_id', '=', userId)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .execute();
    return rows.map((r) => ({
      toUserId: r.to_user_id,
      userName: r.friendRow === null ? '' : r.user_name,
      nickName: r.nick_name,
      headImageThumb: r.head_image_thumb,
      createTime: r.created_at,
    }));
  }

  async add(userId: number, toUserId: number): Promise<void> {
    if (toUserId === userId) throw new AppError('cannotBlockSelf');
    const target = await this.db.selectFrom('users').select('id').where('id', '=', toUserId).executeTakeFirst();
    if (!target) throw new AppError('userNotExist');
    if (await hasBlocked(this.db, userId, toUserId)) throw new AppError('alreadyBlocked');
    let ended: number[];
    try {
      // The block and the end of the requests between the two commit together, or neither.
      ended = await this.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('blacklist')
          .values({ user_id: userId, to_user_id: toUserId, created_at: Date.now() })
          .execute();
        return (await this.requests?.endForBlock(tx, userId, toUserId)) ?? [];
      });
    } catch (err) {
      // A concurrent add of the same pair.
      if (isUniqueViolation(err)) throw new AppError('alreadyBlocked');
      throw err;
    }
    await this.onChange(userId, toUserId);
    await this.requests?.announce(ended);
  }

  async remove(userId: number, toUserId: number): Promise<void> {
    const result = await this.db
      .deleteFrom('blacklist')
      .where('user_id', '=', userId)
      .where('to_user_id', '=', toUserId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('notBlocked');
    await this.onChange(userId, toUserId);
  }
}
