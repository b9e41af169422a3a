/**
 * Web push subscriptions (issue 11 point 5): one row per signed-in session that
 * reported its PushSubscription (POST /user/reportCid). A session reports again to
 * replace its row; an endpoint belongs to one session (a browser handed to another
 * account moves with it). Rows of ended sessions are skipped on send and removed.
 */
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

export const pushSubscriptions: MigrationFactory = (dialect) => ({
  async up(db) {
    const ref = refType(dialect);
    await withId(db.schema.createTable('push_subscriptions'), dialect)
      .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('terminal', 'smallint', (c) => c.notNull())
      .addColumn('cid', 'varchar(64)', (c) => c.notNull())
      .addColumn('endpoint', 'varchar(1024)', (c) => c.notNull().unique())
      .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
      .addColumn('auth', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('push_subscriptions').execute();
  },
});
