/**
 * Whether a user ever chose a gender (issue 11, point 14): `sex` defaults to 0 (male)
 * at registration, so "never chose" needs its own column. Existing female profiles
 * were chosen; existing 0 values cannot be told apart and count as not chosen.
 */
import { sql } from 'kysely';
import type { MigrationFactory } from './helpers.js';

export const sexSet: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('sex_set', 'smallint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update users set sex_set = 1 where sex = 1`.execute(db);
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('sex_set').execute();
  },
});
