/**
 * Forwarded messages say so (issue 11, point 19): a flag on private and group
 * messages, set by the send body's optional `forwarded`. Older rows were not marked.
 */
import type { MigrationFactory } from './helpers.js';

export const forwarded: MigrationFactory = () => ({
  async up(db) {
    for (const table of ['private_messages', 'group_messages']) {
      await db.schema
        .alterTable(table)
        .addColumn('forwarded', 'smallint', (c) => c.notNull().defaultTo(0))
        .execute();
    }
  },
  async down(db) {
    for (const table of ['private_messages', 'group_messages']) {
      await db.schema.alterTable(table).dropColumn('forwarded').execute();
    }
  },
});
