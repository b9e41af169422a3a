/**
 * Signed-in devices (issue 11, point 2): one row per login session, with the browser's
 * user agent at login and when the session was last active (a refresh or a socket
 * login), for the Devices list of Mine. Whether a session is still signed in is decided
 * by its refresh tokens, as before; this row only describes it.
 */
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

export const loginSessions: MigrationFactory = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('login_sessions'), dialect)
      .addColumn('user_id', refType(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('terminal', 'smallint', (c) => c.notNull())
      .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_active_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_sessions_user_idx').on('login_sessions').column('user_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('login_sessions').execute();
  },
});
