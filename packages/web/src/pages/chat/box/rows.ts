/** Row keys and size estimates of the virtual message list. */
import { MessageStatus, MessageType } from '@parley/protocol';
import type { ChatMessage } from '../../../chat/types';

/**
 * The list key stays the same when an own send is stored (tmp → id), so the
 * row keeps its measured size and is not remounted.
 */
export const rowKey = (m: ChatMessage): string => (m.tmpId ? `t:${m.tmpId}` : `i:${m.id ?? ''}`);

/** A first guess of a row's height; rows are measured once rendered. */
export function estimateSize(m: ChatMessage | undefined): number {
  if (!m) return 60;
  if (m.type === MessageType.TIP_TIME || m.type === MessageType.TIP_TEXT || m.status === MessageStatus.RECALL) {
    return 36;
  }
  const quote = m.quoteMessage ? 40 : 0;
  switch (m.type) {
    case MessageType.TEXT:
      return 58 + Math.floor(m.content.length / 40) * 22 + quote;
    case MessageType.IMAGE:
    case MessageType.VIDEO:
      return 190 + quote;
    case MessageType.CARD:
      return 250 + quote;
    case MessageType.FILE:
      return 86 + quote;
    default:
      return 58 + quote;
  }
}

/** Messages from the peer from `index` on: the "N unread" count. */
export function countFromPeer(messages: readonly ChatMessage[], index: number): number {
  let n = 0;
  for (let i = Math.max(0, index); i < messages.length; i++) {
    const m = messages[i]!;
    if (!m.selfSend && m.type <= MessageType.CARD) n++;
  }
  return n;
}

/**
 * Unread messages not yet scrolled to: those from the first unread (`firstUnread`)
 * below the last visible row. The "N unread" pill counts down with it.
 */
export function unreadLeft(messages: readonly ChatMessage[], firstUnread: number, lastVisible: number): number {
  if (firstUnread < 0) return 0;
  return countFromPeer(messages, Math.max(firstUnread, lastVisible + 1));
}
