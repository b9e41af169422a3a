/**
 * Reactions (issue 21 point 2, docs/PROTOCOL.md "Reactions"):
 * - `message_reactions`: one row per (chat kind, message, user): a person has at most
 *   one reaction per message. `kind` 0 private, 1 group (the two id sequences differ).
 * - `reaction_pending`: a message whose reactions changed and whose REACTION notice is
 *   not stored yet, written in the change's transaction so a crash cannot lose the
 *   notice; `due_at` is the end of its coalescing window, `actor_id` the last to change
 *   (the notice's sender), `last_*` the last reaction added (the author's light notice).
 * - `reactions` (summary JSON) and `react_time` on both message tables: the summary as
 *   of the last notice, so pulls and history carry it without a join.
 */
import type { MigrationFactory } from './helpers.js';
import { refType } from './helpers.js';

export const reactions: MigrationFactory = (dialect) => ({
  async up(db) {
    const ref = refType(dialect);
    await db.schema
      .createTable('message_reactions')
      .addColumn('kind', 'smallint', (c) => c.notNull())
      .addColumn('message_id', ref, (c) => c.notNull())
      .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('emoji', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_reactions_pk', ['kind', 'message_id', 'user_id'])
      .execute();
    // The summary and the who-reacted list: one message's rows by emoji, newest first.
    await db.schema
      .createIndex('message_reactions_emoji_idx')
      .on('message_reactions')
      .columns(['kind', 'message_id', 'emoji', 'created_at'])
      .execute();
    await db.schema
      .createTable('reaction_pending')
      .addColumn('kind', 'smallint', (c) => c.notNull())
      .addColumn('message_id', ref, (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('actor_id', ref, (c) => c.notNull())
      .addColumn('last_user_id', ref)
      .addColumn('last_emoji', 'varchar(64)')
      .addPrimaryKeyConstraint('reaction_pending_pk', ['kind', 'message_id'])
      .execute();
    await db.schema.createIndex('reaction_pending_due_idx').on('reaction_pending').column('due_at').execute();
    for (const table of ['private_messages', 'group_messages']) {
      await db.schema.alterTable(table).addColumn('reactions', 'text').execute();
      await db.schema.alterTable(table).addColumn('react_time', 'bigint').execute();
    }
  },
  async down(db) {
    for (const table of ['private_messages', 'group_messages']) {
      await db.schema.alterTable(table).dropColumn('react_time').execute();
      await db.schema.alterTable(table).dropColumn('reactions').execute();
    }
    await db.schema.dropTable('reaction_pending').execute();
    await db.schema.dropTable('message_reactions').execute();
  },
});
