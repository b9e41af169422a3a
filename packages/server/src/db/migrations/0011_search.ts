/**
 * Message search (issue 11 point 20): an index of the words of text messages and the
 * names of files, one per message table. Whitespace tokenizers cannot cut Chinese,
 * Japanese or Korean text, so both dialects index character trigrams:
 * - SQLite: an FTS5 `trigram` table per message table, contentless (the text lives in
 *   the message row) with `contentless_delete` so a trigger can drop a row by id; the
 *   triggers keep it in step with every insert, content change (a recall blanks the
 *   content) and delete, and the migration indexes the rows already stored.
 * - PostgreSQL: a `pg_trgm` GIN index on the same searchable text (partial: text and
 *   file messages). pg_trgm is a trusted extension, so the database owner may create it.
 * The searchable text is `searchTextSql` (services/search/sql.ts): the queries must
 * use that exact expression for PostgreSQL to pick the index.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './helpers.js';
import { searchTextSqlV1 as searchTextSql } from '../../services/search/sql.js';

const TABLES = ['private_messages', 'group_messages'] as const;

export const search: MigrationFactory = (dialect) => ({
  async up(db) {
    if (dialect === 'sqlite') {
      for (const table of TABLES) await sqliteUp(db, table);
      return;
    }
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    for (const table of TABLES) {
      await sql`CREATE INDEX ${sql.raw(`${table}_search_trgm`)} ON ${sql.table(table)}
        USING gin ((${searchTextSql('postgres')}) gin_trgm_ops) WHERE type IN (0, 2)`.execute(db);
    }
  },
  async down(db) {
    for (const table of TABLES) {
      if (dialect === 'sqlite') {
        for (const suffix of ['ai', 'au', 'ad'])
          await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts_${suffix}`).execute(db);
        await sql.raw(`DROP TABLE IF EXISTS ${table}_fts`).execute(db);
      } else {
        await sql.raw(`DROP INDEX IF EXISTS ${table}_search_trgm`).execute(db);
      }
    }
  },
});

async function sqliteUp(db: Kysely<unknown>, table: (typeof TABLES)[number]): Promise<void> {
  const fts = `${table}_fts`;
  const text = (row: string) => searchTextSql('sqlite', row);
  const indexed = (row: string) => `${row}.type IN (0, 2) AND ${row}.content != ''`;
  const statements = [
    `CREATE VIRTUAL TABLE ${fts} USING fts5(body, content='', contentless_delete=1, tokenize='trigram')`,
    `INSERT INTO ${fts}(rowid, body) SELECT id, ${text(table)} FROM ${table} WHERE ${indexed(table)}`,
    `CREATE TRIGGER ${table}_fts_ai AFTER INSERT ON ${table} WHEN ${indexed('new')} BEGIN
       INSERT INTO ${fts}(rowid, body) VALUES (new.id, ${text('new')});
     END`,
    `CREATE TRIGGER ${table}_fts_au AFTER UPDATE OF content, type ON ${table} BEGIN
       DELETE FROM ${fts} WHERE rowid = old.id;
       INSERT INTO ${fts}(rowid, body) SELECT new.id, ${text('new')} WHERE ${indexed('new')};
     END`,
    `CREATE TRIGGER ${table}_fts_ad AFTER DELETE ON ${table} BEGIN
       DELETE FROM ${fts} WHERE rowid = old.id;
     END`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
