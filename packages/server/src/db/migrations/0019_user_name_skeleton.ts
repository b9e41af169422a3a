/**
 * Look-alike user names (hardening issue, point 5): `users.user_name_skeleton` holds
 * the UTS #39 skeleton of each name (services/name-skeleton.ts) under a unique index,
 * so a name confusable with an existing one is found with one indexed lookup and two
 * racing registrations cannot both get in. Existing names are backfilled in id order;
 * a later account whose name is confusable with an earlier one keeps its name and a
 * null skeleton (nobody is renamed), and new look-alikes of either are still refused.
 * The column is nullable: rows written outside the server (bench seeding) have none.
 */
import { sql, type Kysely } from 'kysely';
import { nameSkeleton } from '../../services/name-skeleton.js';
import type { MigrationFactory } from './helpers.js';

/** Rows read, and rows updated by one statement (three variables each, within SQLite's old 999). */
const READ_CHUNK = 1000;
const WRITE_CHUNK = 300;

export const userNameSkeleton: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('users').addColumn('user_name_skeleton', 'text').execute();
    await backfillSkeletons(db);
    await db.schema
      .createIndex('users_user_name_skeleton_uq')
      .on('users')
      .column('user_name_skeleton')
      .unique()
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('users_user_name_skeleton_uq').execute();
    await db.schema.alterTable('users').dropColumn('user_name_skeleton').execute();
  },
});

/** Each name's skeleton, the first of look-alikes in id order keeping it (exported for its test). */
export async function backfillSkeletons(db: Kysely<unknown>): Promise<void> {
  const seen = new Set<string>();
  let after = 0;
  for (;;) {
    const rows = (
      await sql<{ id: number; user_name: string }>`
        select id, user_name from users where id > ${after} order by id limit ${READ_CHUNK}`.execute(db)
    ).rows;
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.id);
    const set: [number, string][] = [];
    for (const r of rows) {
      const skeleton = nameSkeleton(r.user_name);
      if (seen.has(skeleton)) continue;
      seen.add(skeleton);
      set.push([Number(r.id), skeleton]);
    }
    for (let i = 0; i < set.length; i += WRITE_CHUNK) {
      const chunk = set.slice(i, i + WRITE_CHUNK);
      const cases = sql.join(
        chunk.map(([id, skeleton]) => sql`when ${id} then ${skeleton}`),
        sql` `,
      );
      const ids = sql.join(chunk.map(([id]) => id));
      await sql`update users set user_name_skeleton = case id ${cases} end where id in (${ids})`.execute(db);
    }
  }
}
