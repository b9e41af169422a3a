/**
 * Chat details (issue 22 point 4). `pinned_at` on my friend entry and my group member
 * row: when I pinned the chat to the top of my chat list (0 = not pinned), so every
 * terminal of mine sorts it the same way (as `is_dnd` syncs mute).
 *
 * Partial indexes for the shared content of one chat (media, files, links), newest
 * first: the page walks only the chat's rows of that kind instead of its whole history.
 * A link is a TEXT whose content holds an http(s) URL; the query repeats the index's
 * condition word for word so both planners can use it.
 */
import { sql } from 'kysely';
import type { MigrationFactory } from './helpers.js';

/** The SQL conditions of each kind; services/shared/shared-service.ts uses the same text. */
export const SHARED_KIND_SQL = {
  media: 'type IN (1, 4)',
  file: 'type = 2',
  link: "type = 0 AND (content LIKE '%http://%' OR content LIKE '%https://%')",
} as const;

export const chatDetails: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('friends')
      .addColumn('pinned_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('group_members')
      .addColumn('pinned_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const [kind, cond] of Object.entries(SHARED_KIND_SQL)) {
      await db.schema
        .createIndex(`private_messages_shared_${kind}_idx`)
        .on('private_messages')
        .columns(['send_id', 'recv_id', 'id'])
        .where(sql.raw<boolean>(cond))
        .execute();
      await db.schema
        .createIndex(`group_messages_shared_${kind}_idx`)
        .on('group_messages')
        .columns(['group_id', 'id'])
        .where(sql.raw<boolean>(cond))
        .execute();
    }
  },
  async down(db) {
    for (const kind of Object.keys(SHARED_KIND_SQL)) {
      await db.schema.dropIndex(`private_messages_shared_${kind}_idx`).execute();
      await db.schema.dropIndex(`group_messages_shared_${kind}_idx`).execute();
    }
    await db.schema.alterTable('group_members').dropColumn('pinned_at').execute();
    await db.schema.alterTable('friends').dropColumn('pinned_at').execute();
  },
});
