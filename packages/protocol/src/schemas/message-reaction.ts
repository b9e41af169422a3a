/**
 * Reactions (issue 21 point 2, docs/PROTOCOL.md "Reactions"): each person has at most
 * one emoji on a message; a message shows a bounded summary (at most
 * REACTION_EMOJI_MAX distinct emoji, each with its exact count and its most recent
 * reactors). Changes are coalesced per message into one stored REACTION (14) status
 * message carrying the full current summary, so a burst does not fan out one frame per
 * reaction per member.
 */
import { z } from 'zod';
import { MessageStatus, MessageType } from '../constants.js';
import { parseJson } from '../json.js';
import { id, queryInt } from './fields.js';

/** Distinct emoji one message may hold; the next new one is refused (`reactionTooMany`). */
export const REACTION_EMOJI_MAX = 20;
/** Reactors of one emoji a summary names (the most recent); `count` stays exact. */
export const REACTION_USER_IDS_MAX = 20;
/** Longest reaction emoji in UTF-16 units (a family or flag sequence fits). */
export const REACTION_EMOJI_MAX_UNITS = 32;
/** Default coalescing window of group reactions; private reactions go at once. */
export const REACTION_COALESCE_MS = 500;
/** Reactors per page of the who-reacted list. */
export const REACTORS_PAGE_SIZE = 50;
/** The quick row of the message menu. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

// One RGI emoji (a keycap, flag, ZWJ or skin-tone sequence counts as one), nothing else.
const RGI_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

/** Is `s` exactly one RGI emoji of at most REACTION_EMOJI_MAX_UNITS UTF-16 units? */
export const isReactionEmoji = (s: string): boolean => s.length <= REACTION_EMOJI_MAX_UNITS && RGI_EMOJI.test(s);

/** Messages that take reactions: the normal kinds (text, image, file, voice, video, card), not recalled. */
export const isReactableType = (type: number): boolean => type >= MessageType.TEXT && type <= MessageType.CARD;
export const isReactable = (m: { type: number; status: number }): boolean =>
  isReactableType(m.type) && m.status !== MessageStatus.RECALL;

const emoji = z
  .string({ error: 'reactionEmojiInvalid' })
  .refine(isReactionEmoji, { error: 'reactionEmojiInvalid' })
  .nullable();

/**
 * `PUT /message/private/react/:id`, `PUT /message/group/react/:id`: `emoji` sets my
 * reaction (the same emoji again takes it off: a toggle); `null` takes it off.
 */
export const reactRequest = z.object({ emoji });
export type ReactRequest = z.infer<typeof reactRequest>;

/** One chip: an emoji, how many chose it, and up to REACTION_USER_IDS_MAX of them, most recent first. */
export const reactionChip = z.object({
  emoji: z.string(),
  count: z.number().int(),
  userIds: z.array(z.number().int()),
});
export type ReactionChip = z.infer<typeof reactionChip>;

/** Chips in order of first use on the message (a chip does not jump about as counts change). */
export const reactionSummary = z.array(reactionChip);
export type ReactionSummary = z.infer<typeof reactionSummary>;

/** Reply of a react call: the message's summary right after the change and my reaction (null: none). */
export const reactReply = z.object({
  id: z.number().int(),
  reactions: reactionSummary,
  mine: z.string().nullable(),
});
export type ReactReply = z.infer<typeof reactReply>;

/**
 * `content` of a REACTION (14) message, as JSON text: the FULL summary of message `id`
 * at `reactTime`, strictly increasing per message in server order (apply a notice only
 * if it is newer than what the message shows). `author` is the reacted message's
 * sender; `last` the most recent reaction added in the window that still stands (the
 * author's light notice: chat-list preview and web push).
 */
export const reactionNotice = z.object({
  id: z.number().int(),
  author: z.number().int(),
  reactTime: z.number().int(),
  reactions: reactionSummary,
  last: z.object({ userId: z.number().int(), emoji: z.string() }).optional(),
});
export type ReactionNotice = z.infer<typeof reactionNotice>;

/** The notice of a REACTION message's content, or undefined when it is not one. */
export function parseReactionNotice(content: string): ReactionNotice | undefined {
  try {
    const r = reactionNotice.safeParse(parseJson(content));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

/** `GET /message/private/reactions?id=` and `GET /message/group/reactions?id=&emoji=&page=`. */
export const reactorsQuery = z.object({
  id,
  /** Only this emoji's reactors; all when left out. */
  emoji: z
    .string({ error: 'reactionEmojiInvalid' })
    .refine(isReactionEmoji, { error: 'reactionEmojiInvalid' })
    .optional(),
  /** 1-based page of REACTORS_PAGE_SIZE, most recent first. */
  page: queryInt.pipe(z.number().min(1, { error: 'invalidParam' }).max(10_000, { error: 'invalidParam' })).default(1),
});
export type ReactorsQuery = z.infer<typeof reactorsQuery>;

/** One reactor with the public profile fields only. */
export const reactor = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  headImage: z.string(),
  headImageThumb: z.string(),
  emoji: z.string(),
  time: z.number().int(),
});
export type Reactor = z.infer<typeof reactor>;

export const reactorsReply = z.object({
  reactors: z.array(reactor),
  /** Another page follows. */
  more: z.boolean(),
});
export type ReactorsReply = z.infer<typeof reactorsReply>;
