/**
 * Friends, blocklist and complaints (issue 3), and the private message table the
 * "you are now friends" tip is stored in (the chat issue sends, pulls and reads it).
 */
import { sql } from 'kysely';
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

export const contacts: MigrationFactory = (dialect) => ({
  async up(db) {
    const ref = refType(dialect);

    // One row per direction: (a, b) is a's entry for b with a's remark and do-not-disturb.
    await withId(db.schema.createTable('friends'), dialect)
      .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('friend_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('remark', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('is_dnd', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('friends_pair_uq', ['user_id', 'friend_id'])
      .execute();
    await db.schema.createIndex('friends_friend_idx').on('friends').column('friend_id').execute();

    // (user_id blocked to_user_id).
    await withId(db.schema.createTable('blacklist'), dialect)
      .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('to_user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('blacklist_pair_uq', ['user_id', 'to_user_id'])
      .execute();
    await db.schema.createIndex('blacklist_to_user_idx').on('blacklist').column('to_user_id').execute();

    await withId(db.schema.createTable('complaints'), dialect)
      .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('target_type', 'smallint', (c) => c.notNull())
      // No foreign key: the target is a user or a group.
      .addColumn('target_id', ref, (c) => c.notNull())
      .addColumn('target_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('type', 'smallint', (c) => c.notNull())
      // JSON array of root-relative upload URLs.
      .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('content', 'varchar(512)', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('resolution', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('resolved_at', 'bigint')
      .execute();
    await db.schema.createIndex('complaints_user_idx').on('complaints').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('complaints_status_idx').on('complaints').columns(['status', 'id']).execute();

    // `id` is the offline-pull cursor: ascending in insertion order on both dialects.
    await withId(db.schema.createTable('private_messages'), dialect)
      .addColumn('tmp_id', 'varchar(64)')
      .addColumn('send_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('recv_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'smallint', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull())
      .addColumn('send_time', 'bigint', (c) => c.notNull())
      .addColumn('quote_message_id', ref)
      .execute();
    // Idempotent sends: one message per (sender, tmpId); server-made messages have no tmpId.
    await db.schema
      .createIndex('private_messages_tmp_uq')
      .on('private_messages')
      .columns(['send_id', 'tmp_id'])
      .unique()
      .where(sql.ref('tmp_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('private_messages_recv_idx')
      .on('private_messages')
      .columns(['recv_id', 'id'])
      .execute();
    await db.schema
      .createIndex('private_messages_send_idx')
      .on('private_messages')
      .columns(['send_id', 'id'])
      .execute();
    // Pair history: (send=a, recv=b) ∪ (send=b, recv=a), newest first.
    await db.schema
      .createIndex('private_messages_pair_idx')
      .on('private_messages')
      .columns(['send_id', 'recv_id', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('private_messages').execute();
    await db.schema.dropTable('complaints').execute();
    await db.schema.dropTable('blacklist').execute();
    await db.schema.dropTable('friends').execute();
  },
});
