/**
 * Password recovery (issue 22 point 9, docs/PROTOCOL.md "Password recovery"):
 * `password_resets` holds the mailed reset links, by the sha256 of the token only
 * (the token itself is in the mail alone); a link is used once (`used_at`) and
 * expires 30 minutes after it was asked for.
 */
import { refType, withId, type MigrationFactory } from './helpers.js';

export const passwordReset: MigrationFactory = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('password_resets'), dialect)
      .addColumn('user_id', refType(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // A new link replaces the older ones of its account; a reset removes them all.
    await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('password_resets').execute();
  },
});
