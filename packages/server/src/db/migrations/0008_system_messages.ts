/**
 * System notifications (docs/PROTOCOL.md "System notifications", docs/MESSAGE-DELIVERY.md
 * "The system stream"): the notification once, one inbox row per recipient numbered
 * 1, 2, 3… per user (the primary key keeps a user's seqNos unique), and each user's
 * read position.
 */
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

export const systemMessages: MigrationFactory = (dialect) => ({
  async up(db) {
    await withId(db.schema.createTable('system_messages'), dialect)
      .addColumn('title', 'varchar(64)', (c) => c.notNull())
      .addColumn('cover_url', 'varchar(1024)', (c) => c.notNull())
      .addColumn('intro', 'varchar(256)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('tip', 'text')
      .addColumn('send_time', 'bigint', (c) => c.notNull())
      .addColumn('sender_id', refType(dialect), (c) => c.references('users.id'))
      .addColumn('audience', 'varchar(8)', (c) => c.notNull())
      .addColumn('recipients', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('system_inbox')
      .addColumn('user_id', refType(dialect), (c) => c.notNull().references('users.id'))
      .addColumn('seq_no', 'bigint', (c) => c.notNull())
      .addColumn('message_id', refType(dialect), (c) => c.notNull().references('system_messages.id'))
      .addPrimaryKeyConstraint('system_inbox_pk', ['user_id', 'seq_no'])
      .addUniqueConstraint('system_inbox_user_message', ['user_id', 'message_id'])
      .execute();
    // Who got a notification (the publish after a send, the console's counts).
    await db.schema.createIndex('system_inbox_message').on('system_inbox').column('message_id').execute();
    await db.schema
      .alterTable('users')
      .addColumn('system_readed_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('system_readed_seq').execute();
    await db.schema.dropTable('system_inbox').execute();
    await db.schema.dropTable('system_messages').execute();
  },
});
