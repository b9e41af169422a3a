/**
 * Favourites (issue 10): each row is the owner's own copy of a message (type, content,
 * sender, chat name, send time), so it outlives a recall and the chat. `message_id`
 * is not a foreign key for the same reason; (user, chat type, message) is unique so
 * the same message is kept once.
 */
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

export const favourites: MigrationFactory = (dialect) => ({
  async up(db) {
    const ref = refType(dialect);
    await withId(db.schema.createTable('favourites'), dialect)
      .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('chat_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('message_id', ref, (c) => c.notNull())
      .addColumn('type', 'smallint', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('send_id', ref, (c) => c.notNull())
      .addColumn('send_nick_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('chat_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('send_time', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('favourites_message_uq', ['user_id', 'chat_type', 'message_id'])
      .execute();
    // The list: one user's rows newest first, optionally of one type.
    await db.schema
      .createIndex('favourites_user_type_idx')
      .on('favourites')
      .columns(['user_id', 'type', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('favourites').execute();
  },
});
