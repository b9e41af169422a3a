/**
 * Link previews (issue 21 point 4, docs/PROTOCOL.md "Link previews"):
 * - `link_previews`: the preview read from a page, per URL as asked, for a day
 *   (`preview`: the wire JSON, null when the page had nothing usable), so a link is
 *   fetched once however many people send it;
 * - `link_preview` on private and group messages: the preview attached at send (wire
 *   JSON, null: none), kept with the message when the cache entry expires.
 */
import { refType, type MigrationFactory } from './helpers.js';

const TABLES = ['private_messages', 'group_messages'] as const;

export const linkPreviews: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable('link_previews')
      .addColumn('url', 'text', (c) => c.primaryKey())
      .addColumn('preview', 'text')
      .addColumn('fetched_at', refType(dialect), (c) => c.notNull())
      .execute();
    for (const table of TABLES) await db.schema.alterTable(table).addColumn('link_preview', 'text').execute();
  },
  async down(db) {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn('link_preview').execute();
    await db.schema.dropTable('link_previews').execute();
  },
});
