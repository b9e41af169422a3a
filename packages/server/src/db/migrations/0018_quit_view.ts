/**
 * A former member sees the group as it was when they left (hardening, point 3):
 * `group_members.quit_view` keeps that view (JSON, the wire names of `Group`'s group
 * fields, see services/groups/quit-view.ts), written when they leave and cleared when
 * they come back. Members who left before this migration get only the name they knew:
 * the last rename tip inside their window, else the current name when no rename came
 * after, else none (nothing else they saw can be told apart from later changes).
 */
import { sql, type Kysely } from 'kysely';
import { MessageType } from '@parley/protocol';
import type { MigrationFactory } from './helpers.js';

/** Ids a statement names at once (SQLite's variable limit is 999 on old builds). */
const CHUNK = 500;

interface Rename {
  id: number;
  name: string;
}

export const quitView: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('group_members').addColumn('quit_view', 'text').execute();
    await backfillQuitViews(db);
  },
  async down(db) {
    await db.schema.alterTable('group_members').dropColumn('quit_view').execute();
  },
});

/** The name each member who already left knew (exported for its test). */
export async function backfillQuitViews(db: Kysely<unknown>): Promise<void> {
  const gone = (
    await sql<{ id: number; group_id: number; quit_at_id: number | null; name: string }>`
      select m.id, m.group_id, m.quit_at_id, g.name from group_members m
      join groups g on g.id = m.group_id where m.quit = 1 and m.quit_view is null`.execute(db)
  ).rows;
  if (gone.length === 0) return;
  const renames = await renamesByGroup(db);
  const byView = new Map<string, number[]>();
  for (const m of gone) {
    const list = renames.get(Number(m.group_id)) ?? [];
    const lastSeen = m.quit_at_id === null ? Infinity : Number(m.quit_at_id);
    const before = list.filter((r) => r.id <= lastSeen).at(-1);
    const renamedAfter = list.some((r) => r.id > lastSeen);
    const name = before ? before.name : renamedAfter ? '' : m.name;
    const view = JSON.stringify({ name });
    const ids = byView.get(view) ?? [];
    ids.push(Number(m.id));
    byView.set(view, ids);
  }
  for (const [view, ids] of byView) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      await sql`update group_members set quit_view = ${view} where id in (${sql.join(chunk)})`.execute(db);
    }
  }
}

/** Each group's renames in id order, from the tips that keep their template (migration 0006). */
async function renamesByGroup(db: Kysely<unknown>): Promise<Map<number, Rename[]>> {
  const rows = (
    await sql<{ id: number; group_id: number; tip: string }>`
      select id, group_id, tip from group_messages
      where type = ${MessageType.TIP_TEXT} and tip like ${'%renamed%'} order by id`.execute(db)
  ).rows;
  const out = new Map<number, Rename[]>();
  for (const r of rows) {
    const tip = parse(r.tip);
    if (tip?.key !== 'renamed' || typeof tip.params?.group !== 'string') continue;
    const groupId = Number(r.group_id);
    const list = out.get(groupId) ?? [];
    list.push({ id: Number(r.id), name: tip.params.group });
    out.set(groupId, list);
  }
  return out;
}

function parse(text: string): { key?: unknown; params?: { group?: unknown } } | undefined {
  try {
    return JSON.parse(text) as { key?: unknown; params?: { group?: unknown } };
  } catch {
    return undefined;
  }
}
