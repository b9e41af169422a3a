/**
 * The reaction summary of one message (docs/PROTOCOL.md "Reactions"), built from its
 * `message_reactions` rows: one chip per emoji in order of first use, each with its
 * exact count and its REACTION_USER_IDS_MAX most recent reactors. Bounded: at most
 * REACTION_EMOJI_MAX chips of at most REACTION_USER_IDS_MAX ids.
 */
import type { Kysely } from 'kysely';
import { REACTION_USER_IDS_MAX, reactionSummary, type ReactionSummary } from '@parley/protocol';
import type { Database } from '../../db/schema.js';

/** Chat kind of a reaction row: private and group messages have separate id sequences. */
export const ReactionKind = { PRIVATE: 0, GROUP: 1 } as const;
export type ReactionKind = (typeof ReactionKind)[keyof typeof ReactionKind];

export async function buildSummary(
  db: Kysely<Database>,
  kind: ReactionKind,
  messageId: number,
): Promise<ReactionSummary> {
  const rows = await db
    .selectFrom('message_reactions')
    .select(['emoji', 'user_id', 'created_at'])
    .where('kind', '=', kind)
    .where('message_id', '=', messageId)
    .orderBy('created_at', 'desc')
    .orderBy('user_id', 'desc')
    .execute();
  const chips = new Map<string, { emoji: string; count: number; userIds: number[]; first: number }>();
  for (const r of rows) {
    let chip = chips.get(r.emoji);
    if (!chip) chips.set(r.emoji, (chip = { emoji: r.emoji, count: 0, userIds: [], first: r.created_at }));
    chip.count += 1;
    chip.first = r.created_at; // rows come newest first: the last seen is the first use
    if (chip.userIds.length < REACTION_USER_IDS_MAX) chip.userIds.push(r.user_id);
  }
  return [...chips.values()]
    .sort((a, b) => a.first - b.first || a.emoji.localeCompare(b.emoji))
    .map(({ emoji, count, userIds }) => ({ emoji, count, userIds }));
}

/** The stored summary column as the wire shape (empty for null or anything unreadable). */
export function parseSummary(text: string | null | undefined): ReactionSummary {
  if (!text) return [];
  try {
    const r = reactionSummary.safeParse(JSON.parse(text));
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}
