/**
 * Calls (issue 9, docs/CALLS.md §6): the live state of each call as one JSON
 * document with a version for compare-and-set, and one row per user in a call (the
 * busy flag: the primary key lets a user be in one call only).
 */
import type { MigrationFactory } from './helpers.js';
import { refType } from './helpers.js';

export const calls: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable('calls')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      // One call per pair / group.
      .addColumn('scope', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('deadline', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('calls_deadline').on('calls').column('deadline').execute();
    await db.schema
      .createTable('call_users')
      .addColumn('user_id', refType(dialect), (c) => c.primaryKey())
      .addColumn('call_id', 'varchar(64)', (c) => c.notNull().references('calls.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('call_users_call').on('call_users').column('call_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('call_users').execute();
    await db.schema.dropTable('calls').execute();
  },
});
