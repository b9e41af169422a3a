/**
 * CallStore on the database (docs/CALLS.md §6, migration 0007_calls): SQLite for one
 * node, PostgreSQL for several. The compare-and-set is the row's `version`, and the
 * busy claim is the `call_users` primary key; `ON CONFLICT DO NOTHING` reports a
 * taken scope or user without aborting the PostgreSQL transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  claimDiff,
  type CallCounts,
  type CallStore,
  type StoredCall,
  type Versioned,
  type Write,
} from './call-store.js';

/** Thrown inside a transaction to roll it back with a result. */
class Rollback extends Error {
  constructor(readonly result: Write) {
    super('rollback');
  }
}

export class SqlCallStore implements CallStore {
  readonly name = 'database';

  constructor(private readonly db: Kysely<Database>) {}

  async inProgress(): Promise<CallCounts> {
    // The scope says the kind: 'p:…' private, 'g:…' group (a few rows, one per live call).
    const rows = await this.db
      .selectFrom('calls')
      .select((eb) => [sql<string>`substr(scope, 1, 1)`.as('kind'), eb.fn.countAll<number>().as('n')])
      .groupBy(sql`substr(scope, 1, 1)`)
      .execute();
    const n = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    return { private: n('p'), group: n('g') };
  }

  async get(callId: string): Promise<Versioned | null> {
    const row = await this.db
      .selectFrom('calls')
      .select(['state', 'version'])
      .where('id', '=', callId)
      .executeTakeFirst();
    return row ? { call: JSON.parse(row.state) as StoredCall, version: Number(row.version) } : null;
  }

  async byScope(scope: string): Promise<Versioned | null> {
    const row = await this.db
      .selectFrom('calls')
      .select(['state', 'version'])
      .where('scope', '=', scope)
      .executeTakeFirst();
    return row ? { call: JSON.parse(row.state) as StoredCall, version: Number(row.version) } : null;
  }

  async byUser(userId: number): Promise<Versioned | null> {
    const row = await this.db
      .selectFrom('call_users as u')
      .innerJoin('calls as c', 'c.id', 'u.call_id')
      .select(['c.state', 'c.version'])
      .where('u.user_id', '=', userId)
      .executeTakeFirst();
    return row ? { call: JSON.parse(row.state) as StoredCall, version: Number(row.version) } : null;
  }

  async create(call: StoredCall, deadline: number): Promise<Write> {
    return this.atomically(async (tx) => {
      const inserted = await tx
        .insertInto('calls')
        .values({
          id: call.id,
          scope: call.scope,
          state: JSON.stringify(call),
          version: 1,
          deadline,
          created_at: call.createdAt,
        })
        .onConflict((oc) => oc.column('scope').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new Rollback({ scopeTaken: true });
      await claim(
        tx,
        call.id,
        call.members.map((m) => m.userId),
      );
      return 'ok';
    });
  }

  async update(callId: string, version: number, next: StoredCall | null, deadline: number): Promise<Write> {
    return this.atomically(async (tx) => {
      if (next === null) {
        const gone = await tx
          .deleteFrom('calls')
          .where('id', '=', callId)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(gone.numDeletedRows) === 0) return 'conflict';
        // The cascade does this too; said here so it does not depend on SQLite's foreign_keys pragma.
        await tx.deleteFrom('call_users').where('call_id', '=', callId).execute();
        return 'ok';
      }
      const row = await tx.selectFrom('calls').select(['state', 'version']).where('id', '=', callId).executeTakeFirst();
      if (!row || Number(row.version) !== version) return 'conflict';
      const changed = await tx
        .updateTable('calls')
        .set({ state: JSON.stringify(next), version: version + 1, deadline })
        .where('id', '=', callId)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return 'conflict';
      const { added, released } = claimDiff(JSON.parse(row.state) as StoredCall, next);
      if (released.length > 0) {
        await tx.deleteFrom('call_users').where('call_id', '=', callId).where('user_id', 'in', released).execute();
      }
      await claim(tx, callId, added);
      return 'ok';
    });
  }

  async due(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('calls')
      .select('id')
      .where('deadline', '<=', now)
      .orderBy('deadline')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async close(): Promise<void> {}

  private async atomically(work: (tx: Kysely<Database>) => Promise<Write>): Promise<Write> {
    try {
      return await this.db.transaction().execute(work);
    } catch (err) {
      if (err instanceof Rollback) return err.result;
      throw err;
    }
  }
}

/** Claims `userIds` for the call; any already in another call rolls the transaction back as busy. */
async function claim(tx: Kysely<Database>, callId: string, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  // Ascending, so two transactions claiming overlapping users wait in one order instead of deadlocking.
  const sorted = [...userIds].sort((x, y) => x - y);
  const rows = await tx
    .insertInto('call_users')
    .values(sorted.map((user_id) => ({ user_id, call_id: callId })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute();
  const got = new Set(rows.map((r) => Number(r.user_id)));
  const busy = userIds.filter((u) => !got.has(u));
  if (busy.length > 0) throw new Rollback({ busy });
}
