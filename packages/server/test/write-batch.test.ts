/**
 * The SQLite group commit (db/write-batch.ts) and the compiled-once queries
 * (db/prepared.ts), on an in-memory database: statements queued in one turn share a
 * transaction, a statement that fails fails alone, and callers hear of it after the commit.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Generated } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prepare } from '../src/db/prepared.js';
import type { Database } from '../src/db/schema.js';
import { isUniqueViolation } from '../src/db/errors.js';
import { WriteBatch } from '../src/db/write-batch.js';

function open(windowMs?: number) {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, k TEXT NOT NULL UNIQUE, v INTEGER NOT NULL)');
  // The table is not in Database; the casts keep the test's SQL to what it says.
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const insert = prepare<{ k: string; v: number }, { id: number; k: string; v: number }>(db, (db, p) =>
    (db as unknown as Kysely<{ t: { id: Generated<number>; k: string; v: number } }>)
      .insertInto('t')
      .values({ k: p.k, v: p.v })
      .returningAll(),
  );
  const commits: number[] = [];
  const original = sqlite.transaction.bind(sqlite);
  sqlite.transaction = ((fn: (...a: unknown[]) => unknown) => {
    const tx = original(fn);
    return Object.assign((...a: unknown[]) => {
      const r = tx(...a);
      commits.push(Date.now());
      return r;
    }, tx);
  }) as typeof sqlite.transaction;
  return { sqlite, db, insert, commits, batch: new WriteBatch(db, sqlite, windowMs) };
}

describe('WriteBatch', () => {
  it('one transaction for the statements of one turn; a unique violation fails only its own', async () => {
    const { sqlite, insert, commits, batch } = open();
    const results = await Promise.allSettled([
      batch.run(insert({ k: 'a', v: 1 })),
      batch.run(insert({ k: 'a', v: 2 })), // the same key: refused alone
      batch.run(insert({ k: 'b', v: 3 })),
    ]);
    expect(commits).toHaveLength(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(isUniqueViolation((results[1] as PromiseRejectedResult).reason)).toBe(true);
    expect((results[2] as PromiseFulfilledResult<{ rows: { k: string; v: number }[] }>).value.rows).toEqual([
      { id: 2, k: 'b', v: 3 },
    ]);
    expect(sqlite.prepare('SELECT k, v FROM t ORDER BY id').all()).toEqual([
      { k: 'a', v: 1 },
      { k: 'b', v: 3 },
    ]);
  });

  it('a caller hears of its row only once it is committed', async () => {
    const { sqlite, insert, batch } = open();
    const row = await batch.run(insert({ k: 'c', v: 4 }));
    expect(sqlite.inTransaction).toBe(false);
    expect(row.rows).toEqual([{ id: 1, k: 'c', v: 4 }]);
  });

  it('batches follow each other at most once per window under load', async () => {
    const { insert, commits, batch } = open();
    const first = batch.run(insert({ k: 'x0', v: 0 }));
    await first;
    // The next ones arrive within the window: they wait for it and go together.
    await Promise.all(Array.from({ length: 5 }, (_, i) => batch.run(insert({ k: `x${i + 1}`, v: i }))));
    expect(commits).toHaveLength(2);
  });

  it('a drain (a node stopping) commits what waits for its window now, and resolves after the commit', async () => {
    const { sqlite, insert, commits, batch } = open(60_000);
    // Each would wait for the minute-long window (the first too, in a process younger than a minute).
    const first = batch.run(insert({ k: 'd0', v: 0 }));
    await batch.drain();
    expect(commits).toHaveLength(1);
    await first;
    const waiting = batch.run(insert({ k: 'd1', v: 1 }));
    await batch.drain();
    expect(commits).toHaveLength(2);
    expect(sqlite.prepare('SELECT k FROM t ORDER BY id').all()).toEqual([{ k: 'd0' }, { k: 'd1' }]);
    expect((await waiting).rows).toEqual([{ id: 2, k: 'd1', v: 1 }]);
  });
});

describe('prepare', () => {
  it('compiles once and fills the marked parameters on each call', () => {
    const { insert } = open();
    const one = insert({ k: 'p', v: 1 });
    const two = insert({ k: 'q', v: 2 });
    expect(one.sql).toBe(two.sql);
    expect(one.parameters).toEqual(['p', 1]);
    expect(two.parameters).toEqual(['q', 2]);
  });
});
