/**
 * Selecting several messages (issue 22 point 6): which rows take a checkbox, and what each
 * action of the bar does with the chosen ones. Pure, so the rules are tested without a screen.
 */
import { ChatType, MessageStatus, MessageType, isFavouriteType, isNormalType } from '@parley/protocol';
import { messageKey, type ChatMessage } from '../../../../chat/types';
import { isNoticeRow } from '../NoticeRow';

/** At most this many at once (as Telegram): each one is a send per target, and sends have a rate limit. */
export const SELECT_MAX = 100;

/** The keys after a tap on `key`: ticked off, ticked on, or 'full' when SELECT_MAX are ticked already. */
export function toggled(keys: ReadonlySet<string>, key: string): Set<string> | 'full' {
  const next = new Set(keys);
  if (next.delete(key)) return next;
  if (next.size >= SELECT_MAX) return 'full';
  return next.add(key);
}

/** Stored messages shown as bubbles; tips, notices and entries not on the server yet have no checkbox. */
export const isSelectable = (m: ChatMessage): boolean => m.id !== undefined && m.loadStatus === 'ok' && !isNoticeRow(m);

/** The chosen messages still in the chat, oldest first (the chat's order, not the order they were ticked). */
export function chosenInOrder(messages: readonly ChatMessage[], keys: ReadonlySet<string>): ChatMessage[] {
  return messages.filter((m) => keys.has(messageKey(m)));
}

/** A copy can be sent: a live text, media, file, voice or card (the send pipeline's own rule). */
const forwardable = (m: ChatMessage): boolean =>
  m.status !== MessageStatus.RECALL && isNormalType(m.type) && m.type <= MessageType.CARD;

/** What Forward sends, in order, and how many it skips (recalled since they were ticked, call records). */
export function forwardPlan(chosen: readonly ChatMessage[]): { send: ChatMessage[]; skipped: number } {
  const send = chosen.filter(forwardable);
  return { send, skipped: chosen.length - send.length };
}

/** The server ids Favourite adds, in order: live messages of a kind favourites keep, in a private or group chat. */
export function favouriteIds(chosen: readonly ChatMessage[], chatType: ChatType): number[] {
  if (chatType !== ChatType.PRIVATE && chatType !== ChatType.GROUP) return [];
  return chosen
    .filter((m) => m.id !== undefined && m.status !== MessageStatus.RECALL && isFavouriteType(m.type))
    .map((m) => m.id!);
}
