/**
 * "Show my last seen" (issue 22 point 11): on by default. Off hides my last seen from
 * my friends and theirs from me (reciprocal, as WhatsApp); `last_online_at` (0001)
 * holds the time itself.
 */
import type { MigrationFactory } from './helpers.js';

export const lastSeenPrivacy: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('show_last_seen', 'smallint', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('show_last_seen').execute();
  },
});
