/**
 * Message search plans on PostgreSQL (issue 11, "Performance": p95 ≤ 50 ms over 100,000
 * messages). Two things kept the planner away from the pg_trgm indexes of migration 0011:
 * - No statistics on the searchable text. The indexes are partial, and PostgreSQL takes
 *   no statistics from a partial index's expression, so every ILIKE was guessed to match
 *   a handful of rows: a frequent word (thousands of rows) was fetched and sorted whole,
 *   or the group table read in full. Expression statistics (PostgreSQL 14+) give it the
 *   word's real frequency: a frequent one walks the newest rows and stops at the page, a
 *   rare one goes through the index, ANDed with the caller's chats.
 * - GIN's pending list. Fast update queues new rows in an unsorted list that every search
 *   reads whole (up to 4 MB) and that the planner prices high enough to read the table
 *   instead. Messages are short, so inserting them straight into the index is cheap.
 * The statistics use `searchTextSql`, the expression the queries use. SQLite's FTS5
 * tables need neither.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './helpers.js';
import { searchTextSqlV1 as searchTextSql } from '../../services/search/sql.js';

const TABLES = ['private_messages', 'group_messages'] as const;

export const searchPlan: MigrationFactory = (dialect) => ({
  async up(db) {
    if (dialect !== 'postgres') return;
    const stats = (await serverVersion(db)) >= 140000;
    for (const table of TABLES) {
      const index = `${table}_search_trgm`;
      await sql`ALTER INDEX ${sql.raw(index)} SET (fastupdate = off)`.execute(db);
      // Merge what is already queued: turning fast update off does not.
      await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
      if (stats) {
        await sql`CREATE STATISTICS ${sql.raw(`${table}_search_stats`)}
          ON (${searchTextSql('postgres')}) FROM ${sql.table(table)}`.execute(db);
        // Autoanalyze would wait for 10% of the table to change.
        await sql`ANALYZE ${sql.table(table)}`.execute(db);
      }
    }
  },
  async down(db) {
    if (dialect !== 'postgres') return;
    for (const table of TABLES) {
      await sql.raw(`DROP STATISTICS IF EXISTS ${table}_search_stats`).execute(db);
      await sql.raw(`ALTER INDEX ${table}_search_trgm RESET (fastupdate)`).execute(db);
    }
  },
});

async function serverVersion(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ v: string }>`SELECT current_setting('server_version_num') AS v`.execute(db);
  return Number(rows[0]?.v ?? 0);
}
