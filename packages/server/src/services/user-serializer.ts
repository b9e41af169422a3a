/**
 * Per-user serialisation of private-message writes (docs/MESSAGE-DELIVERY.md).
 *
 * Every write that stores or changes a private message runs inside
 * `serializer.run([userIds], fn)`: from id allocation through commit AND the push
 * to the bus, no other such write touching any of those users runs. So for each
 * user, message ids are committed and published in increasing order, which is
 * what lets a client treat "the largest id I hold" as a safe pull cursor.
 *
 * - In-process: a keyed async mutex per user id (keys taken in ascending order,
 *   so two writers never wait on each other in a cycle).
 * - PostgreSQL with several nodes (REDIS_URL): additionally session advisory locks on
 *   the same keys, taken in the same order (one statement) on the connection that runs
 *   the transaction and held until after the publish, so several nodes on one database
 *   serialise too. One node (no REDIS_URL, so no other node could reach its users'
 *   sockets) and SQLite (one writer, one node) need only the in-process mutex: a send
 *   then costs one statement, not four.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

/** Namespace of the two-key advisory lock form: (namespace, user id). */
const PG_LOCK_NAMESPACE = 0x5052_4d31; // "PRM1"

type Release = () => void;

/** FIFO async mutex per numeric key. */
export class KeyedMutex {
  private readonly tails = new Map<number, Promise<void>>();

  /** Acquires every key (ascending, deduplicated); resolves to the release of all of them. */
  async lock(keys: readonly number[]): Promise<Release> {
    const sorted = [...new Set(keys)].sort((a, b) => a - b);
    const releases: Release[] = [];
    try {
      for (const key of sorted) releases.push(await this.lockOne(key));
    } catch (err) {
      for (const r of releases.reverse()) r();
      throw err;
    }
    return () => {
      for (const r of releases.reverse()) r();
    };
  }

  /** Number of keys with a holder or waiters (for tests). */
  get size(): number {
    return this.tails.size;
  }

  private async lockOne(key: number): Promise<Release> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    let release!: Release;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = prev.then(() => mine);
    this.tails.set(key, tail);
    await prev;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

export class UserSerializer {
  private readonly mutex = new KeyedMutex();

  constructor(
    private readonly db: Db,
    /** Other nodes share the database (REDIS_URL): writers must also lock in PostgreSQL. */
    private readonly crossNode: boolean,
  ) {}

  /**
   * Runs `fn` holding the locks of `userIds`. `fn` gets the database handle to use
   * (on PostgreSQL bound to the connection that holds the advisory locks): open the
   * transaction on it, and publish after the commit but before returning.
   */
  async run<T>(userIds: readonly number[], fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    const keys = [...new Set(userIds)].sort((a, b) => a - b);
    const release = await this.mutex.lock(keys);
    try {
      if (this.db.dialect !== 'postgres' || !this.crossNode) return await fn(this.db.kysely);
      return await this.db.kysely.connection().execute(async (conn) => {
        // One statement; PostgreSQL evaluates the select list in order, so keys lock ascending.
        const locks = sql.join(keys.map((key) => sql`pg_advisory_lock(${PG_LOCK_NAMESPACE}, ${key | 0})`));
        await sql`select ${locks}`.execute(conn);
        try {
          return await fn(conn);
        } finally {
          // Session locks outlive transactions: release them before the connection returns to the pool.
          await sql`select pg_advisory_unlock_all()`.execute(conn);
        }
      });
    } finally {
      release();
    }
  }
}
