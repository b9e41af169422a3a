/**
 * Favourites (issue 10): a user's own copies of chat messages. A favourite keeps the
 * message's type, content, sender and chat name, so it survives a recall and the
 * chat's deletion. Its `type` is the message type (TEXT..CARD), also the list filter.
 */
import { z } from 'zod';
import { ChatType, MessageType } from '../constants.js';
import { bodyId, charactersIssue, id, plainText, queryInt } from './fields.js';
import { SEARCH_KEYWORD_MAX } from './search.js';

/** The message types a favourite may hold, in filter-chip order. */
export const FAVOURITE_TYPES = [
  MessageType.TEXT,
  MessageType.IMAGE,
  MessageType.FILE,
  MessageType.AUDIO,
  MessageType.VIDEO,
  MessageType.CARD,
] as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];
export const isFavouriteType = (t: number): t is FavouriteType => (FAVOURITE_TYPES as readonly number[]).includes(t);

/** `GET /favourite/list` answers this many a page. */
export const FAVOURITE_PAGE_SIZE = 20;

const bad = { error: 'invalidParam' } as const;
export const favouriteChatType = z.enum([ChatType.PRIVATE, ChatType.GROUP], bad);
export type FavouriteChatType = z.infer<typeof favouriteChatType>;

export const favourite = z.object({
  id: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  sendId: z.number().int(),
  sendNickName: z.string(),
  chatType: z.enum([ChatType.PRIVATE, ChatType.GROUP]),
  /** The chat's name when saved: the other party's nickname, or the group's name. */
  chatName: z.string(),
  sendTime: z.number().int(),
  createTime: z.number().int(),
  /**
   * Where the message still is for the owner, to jump to it: the friend's or the group's
   * id and the message id. Null once it is recalled or gone, or (group) once the owner left.
   */
  origin: z.object({ targetId: z.number().int(), messageId: z.number().int() }).nullable(),
});
export type Favourite = z.infer<typeof favourite>;

export const favouriteAddRequest = z.object({ chatType: favouriteChatType, messageId: bodyId });
export type FavouriteAddRequest = z.infer<typeof favouriteAddRequest>;

/** `type` absent = every kind; `maxId`: ids below it (the next page); `keyword`: only those whose words hold it. */
export const favouriteListQuery = z.object({
  type: queryInt.pipe(z.number().min(MessageType.TEXT, bad).max(MessageType.CARD, bad)).optional(),
  maxId: id.optional(),
  keyword: z.string(bad).trim().min(1, bad).max(SEARCH_KEYWORD_MAX, bad).refine(plainText, charactersIssue).optional(),
});
export type FavouriteListQuery = z.infer<typeof favouriteListQuery>;
export const favouriteIdParams = z.object({ id });

/**
 * Favourite sync frames, cmd 3 to every terminal of the owner: FAVOURITE_NEW (70)
 * carries the `Favourite` as JSON in `content`, FAVOURITE_DEL (71) `{"id": …}`.
 * `sendId` and `recvId` are both the owner.
 */
export const favouriteSyncMessage = z.object({
  type: z.union([z.literal(MessageType.FAVOURITE_NEW), z.literal(MessageType.FAVOURITE_DEL)]),
  sendId: z.number().int(),
  recvId: z.number().int(),
  content: z.string(),
  sendTime: z.number().int(),
});
export type FavouriteSyncMessage = z.infer<typeof favouriteSyncMessage>;
export const favouriteDeleted = z.object({ id: z.number().int() });

/** The words a favourite is found by: a text's text, a file's name, a card's title and description, the sender and the chat. */
export function favouriteWords(fav: Pick<Favourite, 'type' | 'content' | 'sendNickName' | 'chatName'>): string {
  const words = [fav.sendNickName, fav.chatName];
  if (fav.type === MessageType.TEXT) words.push(fav.content);
  else if (fav.type === MessageType.FILE || fav.type === MessageType.CARD) {
    try {
      const c = JSON.parse(fav.content) as { name?: unknown; title?: unknown; description?: unknown };
      for (const w of [c.name, c.title, c.description]) if (typeof w === 'string') words.push(w);
    } catch {
      // stored content was validated when sent; a broken one is found by its names only
    }
  }
  return words.join('\n').toLocaleLowerCase();
}

/** Whether a favourite holds `keyword` (case-insensitive); the server's filter and the client's test agree. */
export const favouriteMatches = (fav: Parameters<typeof favouriteWords>[0], keyword: string): boolean =>
  favouriteWords(fav).includes(keyword.trim().toLocaleLowerCase());
