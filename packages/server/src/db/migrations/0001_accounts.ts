/** Users and refresh tokens (issue 2). */
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

export const accounts: MigrationFactory = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('user_name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('nick_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('head_image', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('head_image_thumb', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .addColumn('sex', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('signature', 'varchar(256)', (c) => c.notNull().defaultTo(''))
      .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(1))
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('is_banned', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('ban_reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('deleted', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_online_at', 'bigint')
      .execute();
    await db.schema.createIndex('users_nick_name_idx').on('users').column('nick_name').execute();

    await withId(db.schema.createTable('refresh_tokens'), dialect)
      .addColumn('user_id', refType(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('terminal', 'smallint', (c) => c.notNull())
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();
    await db.schema
      .createIndex('refresh_tokens_user_idx')
      .on('refresh_tokens')
      .columns(['user_id', 'terminal'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('users').execute();
  },
});
