/**
 * Pinned messages (issue 21 point 3, docs/PROTOCOL.md "Pinned messages").
 * `message_pins`: one row per pinned message, gone when it is unpinned or recalled;
 * `kind` 0 private (chat_key "smaller-larger" user id), 1 group (chat_key the group
 * id); a message is pinned once. `message_pin_clocks`: each chat's last pinTime, so
 * pinTimes increase strictly per chat even after the pin rows are gone.
 * `groups.pin_by_members`: every member may pin (default off: owner and admins).
 */
import type { MigrationFactory } from './helpers.js';
import { refType } from './helpers.js';

export const pins: MigrationFactory = (dialect) => ({
  async up(db) {
    const ref = refType(dialect);
    await db.schema
      .createTable('message_pins')
      .addColumn('kind', 'smallint', (c) => c.notNull())
      .addColumn('chat_key', 'varchar(48)', (c) => c.notNull())
      .addColumn('message_id', ref, (c) => c.notNull())
      .addColumn('pinned_by', ref, (c) => c.notNull())
      .addColumn('pinned_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_pins_pk', ['kind', 'message_id'])
      .execute();
    // The list and the cap: one chat's pins by time.
    await db.schema
      .createIndex('message_pins_chat_idx')
      .on('message_pins')
      .columns(['kind', 'chat_key', 'pinned_at'])
      .execute();
    await db.schema
      .createTable('message_pin_clocks')
      .addColumn('kind', 'smallint', (c) => c.notNull())
      .addColumn('chat_key', 'varchar(48)', (c) => c.notNull())
      .addColumn('pin_time', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_pin_clocks_pk', ['kind', 'chat_key'])
      .execute();
    await db.schema
      .alterTable('groups')
      .addColumn('pin_by_members', 'smallint', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('groups').dropColumn('pin_by_members').execute();
    await db.schema.dropTable('message_pin_clocks').execute();
    await db.schema.dropTable('message_pins').execute();
  },
});
