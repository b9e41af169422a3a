/**
 * Captions inside media (issue 22 point 8): an album's, a video's or a file's caption
 * travels in the item's content and is searchable. The searchable text
 * (`searchTextSql`, services/search/sql.ts) now covers IMAGE, FILE and VIDEO rows, so
 * what 0011/0016/0017 built on the old expression is built again:
 * - PostgreSQL: the partial trigram indexes (now over types 0, 1, 2, 4) and their
 *   expression statistics.
 * - SQLite: the FTS5 update trigger (a recall blanks the text) with the new expression;
 *   the indexer (services/search/indexer.ts) adds new rows of the four types.
 * No stored row has a caption yet and a file's text is unchanged without one, so
 * nothing already indexed needs indexing again.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './helpers.js';
import { SEARCHABLE_TYPES, searchTextSql, searchTextSqlV1 } from '../../services/search/sql.js';

const TABLES = ['private_messages', 'group_messages'] as const;
type Expr = typeof searchTextSql;

export const media: MigrationFactory = (dialect) => ({
  async up(db) {
    for (const table of TABLES) {
      if (dialect === 'sqlite') await sqliteTrigger(db, table, searchTextSql, SEARCHABLE_TYPES);
      else await pgIndex(db, table, searchTextSql, SEARCHABLE_TYPES);
    }
  },
  async down(db) {
    for (const table of TABLES) {
      if (dialect === 'sqlite') await sqliteTrigger(db, table, searchTextSqlV1, '0, 2');
      else await pgIndex(db, table, searchTextSqlV1, '0, 2');
    }
  },
});

async function sqliteTrigger(db: Kysely<unknown>, table: string, text: Expr, types: string): Promise<void> {
  const fts = `${table}_fts`;
  await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts_au`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_fts_au AFTER UPDATE OF content, type ON ${table} BEGIN
         DELETE FROM ${fts} WHERE rowid = old.id;
         INSERT INTO ${fts}(rowid, body) SELECT new.id, ${text('sqlite', 'new')}
           WHERE new.type IN (${types}) AND new.content != '';
       END`,
    )
    .execute(db);
}

async function pgIndex(db: Kysely<unknown>, table: string, text: Expr, types: string): Promise<void> {
  const index = `${table}_search_trgm`;
  const stats = `${table}_search_stats`;
  await sql.raw(`DROP STATISTICS IF EXISTS ${stats}`).execute(db);
  await sql.raw(`DROP INDEX IF EXISTS ${index}`).execute(db);
  await sql`CREATE INDEX ${sql.raw(index)} ON ${sql.table(table)}
    USING gin ((${text('postgres')}) gin_trgm_ops) WITH (fastupdate = off)
    WHERE type IN (${sql.raw(types)})`.execute(db);
  const { rows } = await sql<{ v: string }>`SELECT current_setting('server_version_num') AS v`.execute(db);
  if (Number(rows[0]?.v ?? 0) >= 140000) {
    await sql`CREATE STATISTICS ${sql.raw(stats)} ON (${text('postgres')}) FROM ${sql.table(table)}`.execute(db);
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
}
