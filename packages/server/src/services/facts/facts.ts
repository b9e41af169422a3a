/**
 * Facts that every call reads and few calls change, kept in memory on every node:
 * an account (its row), a session's life, and what two users are to each other
 * (friends each way, blocks each way). A send then reads the database not at all
 * before its one insert (issue 12).
 *
 * A service that changes one of them calls `changed(...)` after its commit and before
 * it answers: this node forgets at once, and every other node forgets when the change
 * arrives on the bus (the same ordered channel as the pushes, so a node learns of it
 * before it could learn of anything that followed it). A node whose Redis
 * subscription dropped may have missed changes and forgets everything
 * (RedisBus.onResubscribed). docs/ARCHITECTURE.md "Caches".
 */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import type { Bus, FactChange } from '../../realtime/bus.js';
import { FactCache } from './fact-cache.js';

export type { FactChange } from '../../realtime/bus.js';

/** What two users are to each other; `a` is the smaller id. */
export interface PairFacts {
  /** a lists b as a friend; b lists a. A chat needs both. */
  aFriendsB: boolean;
  bFriendsA: boolean;
  /** a has blocked b; b has blocked a. */
  aBlocksB: boolean;
  bBlocksA: boolean;
}

/** A session lives until this epoch ms (its newest unrevoked refresh token's expiry); 0: ended. */
interface SessionFacts {
  userId: number;
  liveUntil: number;
}

export interface FactsOptions {
  /** Entries kept per kind (least recently used go first). */
  max?: number;
  /** Backstop for writes made outside the server. */
  ttlMs?: number;
}

const DEFAULT_MAX = 100_000;
const DEFAULT_TTL_MS = 60_000;

export class Facts {
  private readonly users: FactCache<number, { row: UserRow | null }>;
  private readonly sessions: FactCache<string, SessionFacts>;
  private readonly pairs: FactCache<string, PairFacts>;
  /** A user's cached sessions, so a change to the user forgets them all. */
  private readonly sessionsOf = new Map<number, Set<string>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: Bus,
    opts: FactsOptions = {},
  ) {
    const max = opts.max ?? DEFAULT_MAX;
    const ttl = opts.ttlMs ?? DEFAULT_TTL_MS;
    this.users = new FactCache(max, ttl);
    this.sessions = new FactCache(max, ttl);
    this.pairs = new FactCache(max, ttl);
    this.unsubscribe = bus.subscribe((envelope) => {
      if (envelope.facts) for (const change of envelope.facts) this.forget(change);
    });
  }

  /** The account's row; null when there is no such account. */
  async user(id: number): Promise<UserRow | null> {
    const { row } = await this.users.get(id, async () => ({ row: await this.freshUser(id) }));
    return row;
  }

  /** The account's row read from the database now, past the cache (checks that must see outside writes). */
  async freshUser(id: number): Promise<UserRow | null> {
    return (await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The session lives: one of its refresh tokens is unrevoked and unexpired (`fresh`: past the cache). */
  async sessionLive(userId: number, sessionId: string, fresh = false): Promise<boolean> {
    const load = async (): Promise<SessionFacts> => {
      const row = await this.db
        .selectFrom('refresh_tokens')
        .select((eb) => eb.fn.max('expires_at').as('until'))
        .where('session_id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return { userId, liveUntil: Number(row?.until ?? 0) };
    };
    const loadAndIndex = async () => {
      const f = await load();
      this.indexSession(f.userId, sessionId);
      return f;
    };
    const facts = fresh ? await load() : await this.sessions.get(sessionId, loadAndIndex);
    return facts.userId === userId && facts.liveUntil > Date.now();
  }

  /** What `x` and `y` are to each other, whichever order they come in. */
  async pair(x: number, y: number): Promise<PairFacts> {
    const [a, b] = x < y ? [x, y] : [y, x];
    return this.pairs.get(`${a}:${b}`, async () => {
      // Rows of `table` from a to b or from b to a (friends: user_id → friend_id; blocks: user_id → to_user_id).
      const bothWays = (table: 'friends' | 'blacklist', to: 'friend_id' | 'to_user_id') =>
        this.db
          .selectFrom(table)
          .select(['user_id', to])
          .where((eb) =>
            eb.or([eb.and([eb('user_id', '=', a), eb(to, '=', b)]), eb.and([eb('user_id', '=', b), eb(to, '=', a)])]),
          )
          .execute() as Promise<{ user_id: number }[]>;
      const [friends, blocks] = await Promise.all([
        bothWays('friends', 'friend_id'),
        bothWays('blacklist', 'to_user_id'),
      ]);
      return {
        aFriendsB: friends.some((r) => r.user_id === a),
        bFriendsA: friends.some((r) => r.user_id === b),
        aBlocksB: blocks.some((r) => r.user_id === a),
        bBlocksA: blocks.some((r) => r.user_id === b),
      };
    });
  }

  /** `userId` lists `otherId` as a friend, and `userId` has blocked `otherId`, read from the pair. */
  static side(p: PairFacts, userId: number, otherId: number): { friends: boolean; blocks: boolean } {
    return userId < otherId
      ? { friends: p.aFriendsB, blocks: p.aBlocksB }
      : { friends: p.bFriendsA, blocks: p.bBlocksA };
  }

  /** Call after the change committed, before answering: every node forgets what it held. */
  async changed(...changes: FactChange[]): Promise<void> {
    for (const c of changes) this.forget(c);
    await this.bus.publish({ target: { userIds: [] }, facts: changes });
  }

  close(): void {
    this.unsubscribe();
  }

  private forget(change: FactChange): void {
    switch (change.kind) {
      case 'user': {
        this.users.delete(change.id);
        for (const sid of this.sessionsOf.get(change.id) ?? []) this.sessions.delete(sid);
        this.sessionsOf.delete(change.id);
        break;
      }
      case 'session':
        this.sessions.delete(change.id);
        break;
      case 'pair': {
        const [a, b] = change.a < change.b ? [change.a, change.b] : [change.b, change.a];
        this.pairs.delete(`${a}:${b}`);
        break;
      }
      case 'all':
        this.users.clear();
        this.sessions.clear();
        this.pairs.clear();
        this.sessionsOf.clear();
        break;
    }
  }

  private indexSession(userId: number, sessionId: string): void {
    let set = this.sessionsOf.get(userId);
    if (!set) this.sessionsOf.set(userId, (set = new Set()));
    set.add(sessionId);
    // Bounded like the cache: a user with very many sessions is simply forgotten whole.
    if (set.size > 64) {
      for (const sid of set) this.sessions.delete(sid);
      set.clear();
    }
  }
}
