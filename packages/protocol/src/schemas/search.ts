/**
 * Message search (issue 11 point 20, docs/PROTOCOL.md "Search"): the caller's stored
 * text messages and file names, in one chat or in all their chats, newest first.
 * Private ids and group ids are two sequences, so paging carries one cursor for each.
 */
import { z } from 'zod';
import { ChatType } from '../constants.js';
import { charactersIssue, id, plainText, queryInt } from './fields.js';

/** Longest keyword, in UTF-16 units. */
export const SEARCH_KEYWORD_MAX = 64;
/** Hits a page may ask for. */
export const SEARCH_PAGE_MAX = 50;
/** Keywords shorter than this (in characters) cannot use the trigram index: the server scans a recent window. */
export const SEARCH_TRIGRAM_MIN = 3;

const bad = { error: 'invalidParam' } as const;
export const searchChatType = z.enum([ChatType.PRIVATE, ChatType.GROUP], bad);

/**
 * `chatType` and `targetId` (friend or group id) together narrow to one chat; both
 * absent = all the caller's chats. `privateMaxId` / `groupMaxId`: the `next` of the
 * previous page.
 */
export const searchQuery = z
  .object({
    keyword: z.string(bad).trim().min(1, bad).max(SEARCH_KEYWORD_MAX, bad).refine(plainText, charactersIssue),
    chatType: searchChatType.optional(),
    targetId: id.optional(),
    privateMaxId: id.optional(),
    groupMaxId: id.optional(),
    size: queryInt.pipe(z.number().min(1, bad).max(SEARCH_PAGE_MAX, bad)).default(20),
  })
  // One chat needs both; the missing one is the field named in the 400.
  .refine((q) => q.chatType !== undefined || q.targetId === undefined, { ...bad, path: ['chatType'] })
  .refine((q) => q.targetId !== undefined || q.chatType === undefined, { ...bad, path: ['targetId'] });
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchHit = z.object({
  chatType: searchChatType,
  /** The friend's id (the other party) or the group's id. */
  targetId: z.number().int(),
  /** The message id (in its chat type's sequence). */
  id: z.number().int(),
  type: z.number().int(),
  sendId: z.number().int(),
  /** Group messages: the sender's name when sent; private: empty (the client knows both parties). */
  sendNickName: z.string(),
  sendTime: z.number().int(),
  /** A piece of the text (or the file name) around the first match; `…` marks a cut. */
  snippet: z.string(),
  /** Matches in `snippet`: [start, end) in UTF-16 units. */
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchReply = z.object({
  hits: z.array(searchHit),
  /** The cursors of the next page, or null when there is none. */
  next: z.object({ privateMaxId: z.number().int().optional(), groupMaxId: z.number().int().optional() }).nullable(),
});
export type SearchReply = z.infer<typeof searchReply>;
