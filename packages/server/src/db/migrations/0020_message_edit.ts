/**
 * Edited messages (issue 21 point 1): `edited_time`, the epoch-ms time of a message's
 * last edit (null: never edited), on private and group messages.
 *
 * SQLite: an edit changes `content`, so the update trigger of migration 0011 rewrites
 * the message's search row. A message the batch indexer (migration 0017) has not
 * reached yet must not get one from the trigger too, or the indexer would add a
 * second row for it: the trigger now only re-inserts rows up to `search_indexed.upto`.
 */
import { sql } from 'kysely';
import type { MigrationFactory } from './helpers.js';
import { searchTextSql } from '../../services/search/sql.js';

const TABLES = ['private_messages', 'group_messages'] as const;
const indexed = (row: string) => `${row}.type IN (0, 2) AND ${row}.content != ''`;

function updateTrigger(table: string, onlyIndexed: boolean): string {
  const reached = onlyIndexed ? ` AND new.id <= (SELECT upto FROM search_indexed WHERE tbl = '${table}')` : '';
  return `CREATE TRIGGER ${table}_fts_au AFTER UPDATE OF content, type ON ${table} BEGIN
       DELETE FROM ${table}_fts WHERE rowid = old.id;
       INSERT INTO ${table}_fts(rowid, body) SELECT new.id, ${searchTextSql('sqlite', 'new')}
         WHERE ${indexed('new')}${reached};
     END`;
}

export const messageEdit: MigrationFactory = (dialect) => ({
  async up(db) {
    const type = dialect === 'sqlite' ? 'integer' : 'bigint';
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn('edited_time', type).execute();
      if (dialect !== 'sqlite') continue;
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts_au`).execute(db);
      await sql.raw(updateTrigger(table, true)).execute(db);
    }
  },
  async down(db) {
    for (const table of TABLES) {
      if (dialect === 'sqlite') {
        await sql.raw(`DROP TRIGGER IF EXISTS ${table}_fts_au`).execute(db);
        await sql.raw(updateTrigger(table, false)).execute(db);
      }
      await db.schema.alterTable(table).dropColumn('edited_time').execute();
    }
  },
});
