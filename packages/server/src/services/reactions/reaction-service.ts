/**
 * Reacting to a message (issue 21 point 2, docs/PROTOCOL.md "Reactions"). A change
 * writes my row and marks the message pending in one transaction (so a crash cannot
 * lose its notice), then hands the message to the flusher, which stores ONE REACTION
 * notice per message per coalescing window (private: at once; group: after
 * `groupCoalesceMs`). The change does not take the group stream lock: a burst of
 * reactions must not queue behind every group's sends. On PostgreSQL the reacted
 * message's row is locked for the transaction, so changes to one message (and its
 * recall and flush) follow one another: the distinct-emoji cap holds under concurrency.
 */
import type { Kysely } from 'kysely';
import {
  REACTION_EMOJI_MAX,
  REACTORS_PAGE_SIZE,
  type ReactReply,
  type ReactorsQuery,
  type ReactorsReply,
} from '@parley/protocol';
import type { DialectName } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { ReactionFlusher } from './flusher.js';
import { buildSummary, ReactionKind } from './summary.js';
import { assertReactable, lockMessage, type ReactTargets } from './targets.js';

export class ReactionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly targets: ReactTargets,
    private readonly flusher: ReactionFlusher,
    private readonly clock: () => number,
    /** Coalescing window of group reactions (REACTION_COALESCE_MS); private ones go at once. */
    private readonly groupCoalesceMs: number,
  ) {}

  /** `emoji` sets my reaction, the same one again takes it off; null takes it off. */
  async react(kind: ReactionKind, me: number, id: number, emoji: string | null): Promise<ReactReply> {
    const target = await this.targets.forReact(kind, me, id);
    const now = this.clock();
    const due = kind === ReactionKind.GROUP ? now + this.groupCoalesceMs : now;
    const { reply, changed } = await this.db.transaction().execute(async (tx) => {
      const row = await lockMessage(tx, this.dialect, kind, id);
      if (!row) throw new AppError('messageNotExist');
      assertReactable(row);
      const mineNow = await tx
        .selectFrom('message_reactions')
        .select('emoji')
        .where('kind', '=', kind)
        .where('message_id', '=', id)
        .where('user_id', '=', me)
        .executeTakeFirst();
      const before = mineNow?.emoji ?? null;
      const next = emoji === null || emoji === before ? null : emoji;
      if (next === before)
        return { reply: { id, reactions: await buildSummary(tx, kind, id), mine: next }, changed: false };
      if (next !== null) await assertRoomFor(tx, kind, id, me, next);
      await tx
        .deleteFrom('message_reactions')
        .where('kind', '=', kind)
        .where('message_id', '=', id)
        .where('user_id', '=', me)
        .execute();
      if (next !== null) {
        await tx
          .insertInto('message_reactions')
          .values({ kind, message_id: id, user_id: me, emoji: next, created_at: now })
          .execute();
      }
      // The window opens with the first change and keeps its end; `last` is the newest addition.
      const added = next === null ? {} : { last_user_id: me, last_emoji: next };
      await tx
        .insertInto('reaction_pending')
        .values({ kind, message_id: id, due_at: due, actor_id: me, last_user_id: null, last_emoji: null, ...added })
        .onConflict((oc) => oc.columns(['kind', 'message_id']).doUpdateSet({ actor_id: me, ...added }))
        .execute();
      return { reply: { id, reactions: await buildSummary(tx, kind, id), mine: next }, changed: true };
    });
    if (changed) await this.flusher.changed(target, due);
    return reply;
  }

  /** Who reacted (optionally with one emoji), most recent first, REACTORS_PAGE_SIZE a page. */
  async reactors(kind: ReactionKind, me: number, q: ReactorsQuery): Promise<ReactorsReply> {
    await this.targets.forList(kind, me, q.id);
    let query = this.db
      .selectFrom('message_reactions as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.user_id', 'r.emoji', 'r.created_at', 'u.nick_name', 'u.head_image', 'u.head_image_thumb'])
      .where('r.kind', '=', kind)
      .where('r.message_id', '=', q.id);
    if (q.emoji !== undefined) query = query.where('r.emoji', '=', q.emoji);
    const rows = await query
      .orderBy('r.created_at', 'desc')
      .orderBy('r.user_id', 'desc')
      .limit(REACTORS_PAGE_SIZE + 1)
      .offset((q.page - 1) * REACTORS_PAGE_SIZE)
      .execute();
    return {
      reactors: rows.slice(0, REACTORS_PAGE_SIZE).map((r) => ({
        userId: r.user_id,
        nickName: r.nick_name,
        headImage: r.head_image,
        headImageThumb: r.head_image_thumb,
        emoji: r.emoji,
        time: r.created_at,
      })),
      more: rows.length > REACTORS_PAGE_SIZE,
    };
  }
}

/** A new emoji on a message already holding REACTION_EMOJI_MAX others is refused (my own old one aside). */
async function assertRoomFor(db: Kysely<Database>, kind: ReactionKind, id: number, me: number, emoji: string) {
  const others = await db
    .selectFrom('message_reactions')
    .select('emoji')
    .distinct()
    .where('kind', '=', kind)
    .where('message_id', '=', id)
    .where('user_id', '!=', me)
    .execute();
  const set = new Set(others.map((r) => r.emoji));
  if (!set.has(emoji) && set.size >= REACTION_EMOJI_MAX)
    throw new AppError('reactionTooMany', { max: REACTION_EMOJI_MAX });
}
