/**
 * Friend requests with consent (issue 22 point 1, docs/PROTOCOL.md "Friend requests").
 * `friend_requests`: one row per ordered pair (unique from → to), so at most one is
 * pending per pair; asking again after an answer reopens the row. `users.friend_consent`:
 * "require my approval to add me", null while the user never chose (the operator's
 * FRIEND_REQUESTS default applies).
 */
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

export const friendRequests: MigrationFactory = (dialect) => ({
  async up(db) {
    const ref = refType(dialect);
    await withId(db.schema.createTable('friend_requests'), dialect)
      .addColumn('from_user_id', ref, (c) => c.notNull())
      .addColumn('to_user_id', ref, (c) => c.notNull())
      .addColumn('greeting', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('friend_requests_pair_uq', ['from_user_id', 'to_user_id'])
      .execute();
    // The list: one user's incoming requests (outgoing ones use the unique pair index).
    await db.schema
      .createIndex('friend_requests_to_idx')
      .on('friend_requests')
      .columns(['to_user_id', 'updated_at'])
      .execute();
    await db.schema.alterTable('users').addColumn('friend_consent', 'smallint').execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('friend_consent').execute();
    await db.schema.dropTable('friend_requests').execute();
  },
});
