/**
 * Refresh rotation with a grace window (issue 7): a rotated token remembers the
 * hash of the token that replaced it, so a repeat of it within the grace window
 * (two tabs refreshing at once) is told apart from the reuse of a stolen token.
 */
import type { MigrationFactory } from './helpers.js';

export const refreshRotation: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('refresh_tokens').addColumn('replaced_by', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('refresh_tokens').dropColumn('replaced_by').execute();
  },
});
