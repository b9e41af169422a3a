/**
 * SQLite: messages reach the FTS5 search tables in batches instead of one by one
 * (issue 12). The per-row insert trigger of migration 0011 cost more than the
 * message's own insert (a trigram segment written per commit); the search indexer
 * (services/search/indexer.ts) now adds every message past `search_indexed.upto`
 * in one transaction, a few times a second and before every search, so a search
 * still sees every message stored before it. The update and delete triggers stay
 * (a recall blanks the text at once). PostgreSQL's trigram indexes are untouched.
 */
import { sql } from 'kysely';
import type { MigrationFactory } from './helpers.js';
import { searchTextSqlV1 as searchTextSql } from '../../services/search/sql.js';

const TABLES = ['private_messages', 'group_messages'] as const;

export const searchDeferred: MigrationFactory = (dialect) => ({
  async up(db) {
    if (dialect !== 'sqlite') return;
    await sql`CREATE TABLE search_indexed (tbl TEXT PRIMARY KEY, upto INTEGER NOT NULL)`.execute(db);
    for (const table of TABLES) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts_ai`).execute(db);
      // Everything stored so far went in through the trigger.
      await sql
        .raw(`INSERT INTO search_indexed (tbl, upto) SELECT '${table}', coalesce(max(id), 0) FROM ${table}`)
        .execute(db);
    }
  },
  async down(db) {
    if (dialect !== 'sqlite') return;
    for (const table of TABLES) {
      const indexed = (row: string) => `${row}.type IN (0, 2) AND ${row}.content != ''`;
      await sql
        .raw(
          `INSERT INTO ${table}_fts(rowid, body) SELECT id, ${searchTextSql('sqlite', table)} FROM ${table}
           WHERE id > (SELECT upto FROM search_indexed WHERE tbl = '${table}') AND ${indexed(table)}`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${table}_fts_ai AFTER INSERT ON ${table} WHEN ${indexed('new')} BEGIN
             INSERT INTO ${table}_fts(rowid, body) VALUES (new.id, ${searchTextSql('sqlite', 'new')});
           END`,
        )
        .execute(db);
    }
    await sql`DROP TABLE search_indexed`.execute(db);
  },
});
