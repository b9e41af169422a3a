/**
 * Groups and group messages (issue 8). Membership keeps its window on the group
 * message stream: a member sees the messages with `joined_at_id < id` and, once they
 * left, `id <= quit_at_id` (docs/MESSAGE-DELIVERY.md, group stream).
 */
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

export const groups: MigrationFactory = (dialect) => ({
  async up(db) {
    const ref = refType(dialect);
    await withId(db.schema.createTable('groups'), dialect)
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('owner_id', ref, (c) => c.notNull().references('users.id'))
      .addColumn('head_image', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('head_image_thumb', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_muted', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('forbid_add_friend', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('is_banned', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('ban_reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('dissolved', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('group_members'), dialect)
      .addColumn('group_id', ref, (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('remark_nick_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark_group_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('is_manager', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('is_muted', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('is_dnd', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('quit', 'smallint', (c) => c.notNull().defaultTo(0))
      // The group stream's last id when the member joined: later ids are theirs.
      .addColumn('joined_at_id', ref, (c) => c.notNull().defaultTo(0))
      // The last id they may see after leaving; null while a member.
      .addColumn('quit_at_id', ref)
      // Largest id of this group they have read.
      .addColumn('read_max_id', ref, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('group_members_uq', ['group_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('group_members_user_idx')
      .on('group_members')
      .columns(['user_id', 'group_id'])
      .execute();

    // `id` is the group stream's cursor: one sequence for every group (docs/MESSAGE-DELIVERY.md).
    await withId(db.schema.createTable('group_messages'), dialect)
      .addColumn('tmp_id', 'varchar(64)')
      .addColumn('group_id', ref, (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('send_id', ref, (c) => c.notNull().references('users.id'))
      .addColumn('send_nick_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('type', 'smallint', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'smallint', (c) => c.notNull())
      .addColumn('send_time', 'bigint', (c) => c.notNull())
      // JSON array of user ids; [-1] mentions everyone.
      .addColumn('at_user_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('receipt', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('receipt_ok', 'smallint', (c) => c.notNull().defaultTo(0))
      .addColumn('quote_message_id', ref)
      .addUniqueConstraint('group_messages_tmp_uq', ['send_id', 'tmp_id'])
      .execute();
    await db.schema.createIndex('group_messages_group_idx').on('group_messages').columns(['group_id', 'id']).execute();
  },
  async down(db) {
    await db.schema.dropTable('group_messages').execute();
    await db.schema.dropTable('group_members').execute();
    await db.schema.dropTable('groups').execute();
  },
});
