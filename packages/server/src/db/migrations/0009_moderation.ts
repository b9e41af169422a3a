/**
 * The moderation console and Discover (issue 10): the operator role on users, the
 * audit log of every operator action, and the Discover tab's links, seeded with the
 * four the web client used to hard-code so a fresh install's Discover tab is not empty.
 * The seeded links are not probed: frameable starts false (they open outside) until
 * an operator saves them.
 */
import { sql } from 'kysely';
import type { MigrationFactory } from './helpers.js';
import { refType, withId } from './helpers.js';

const SEED = [
  {
    title: 'box-im',
    url: 'https://gitee.com/bluexsx/box-im',
    description: 'The open-source instant messenger whose protocol Parley speaks.',
  },
  {
    title: 'WebRTC',
    url: 'https://webrtc.org/',
    description: 'Real-time voice and video in the browser: the technology behind Parley calls.',
  },
  {
    title: 'MDN Web Docs',
    url: 'https://developer.mozilla.org/',
    description: 'Documentation for web developers: HTML, CSS, JavaScript and the web platform APIs.',
  },
  {
    title: 'React',
    url: 'https://react.dev/',
    description: 'The library for web and native user interfaces that the Parley client is built with.',
  },
];

export const moderation: MigrationFactory = (dialect) => ({
  async up(db) {
    await db.schema
      .alterTable('users')
      .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('operator_id', refType(dialect), (c) => c.notNull())
      .addColumn('action', 'varchar(32)', (c) => c.notNull())
      .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('target_id', refType(dialect), (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
    await withId(db.schema.createTable('discover_links'), dialect)
      .addColumn('title', 'varchar(64)', (c) => c.notNull())
      .addColumn('icon_url', 'text', (c) => c.notNull())
      .addColumn('url', 'varchar(512)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('featured', 'integer', (c) => c.notNull())
      .addColumn('banner_url', 'text', (c) => c.notNull())
      .addColumn('frameable', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    const now = Date.now();
    for (const [i, link] of SEED.entries()) {
      await sql`insert into discover_links (title, icon_url, url, description, sort, featured, banner_url, frameable, created_at, updated_at)
        values (${link.title}, '', ${link.url}, ${link.description}, ${(i + 1) * 10}, 0, '', 0, ${now}, ${now})`.execute(
        db,
      );
    }
  },
  async down(db) {
    await db.schema.dropTable('discover_links').execute();
    await db.schema.dropTable('audit_log').execute();
    await db.schema.alterTable('users').dropColumn('is_operator').execute();
  },
});
