/**
 * Link previews (issue 21 point 4, docs/PROTOCOL.md "Link previews"):
 * - `link_previews`: the preview read from a page, per URL as asked, for a day
 *   (`preview`: the wire JSON, null when the page had nothing usable), so a link is
 *   fetched once however many people send it (expired entries are deleted as new ones come);
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
    // Expired entries are swept by age (link-preview-service.ts).
    await db.schema.createIndex('link_previews_fetched_at').on('link_previews').column('fetched_at').execute();
    for (const table of TABLES) await db.schema.alterTable(table).addColumn('link_preview', 'text').execute();
  },
  async down(db) {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn('link_preview').execute();
    await db.schema.dropTable('link_previews').execute();
  },
});
