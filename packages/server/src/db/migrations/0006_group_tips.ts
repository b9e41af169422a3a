/**
 * Group tips in every user's language: a TIP_TEXT group message keeps the key and
 * params of its template (JSON `{key, params}`, see protocol group-tip.ts) beside
 * its English content. Null for every other message and for tips stored before.
 */
import type { MigrationFactory } from './helpers.js';

export const groupTips: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('group_messages').addColumn('tip', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('group_messages').dropColumn('tip').execute();
  },
});
