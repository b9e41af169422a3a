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

/** A message the unread count counts: from the peer, not a tip or notice. */
const counted = (m: ChatMessage) => !m.selfSend && m.type <= MessageType.CARD;

/** Messages from the peer from `index` on: the "N unread" count. */
export function countFromPeer(messages: readonly ChatMessage[], index: number): number {
  let n = 0;
  for (let i = Math.max(0, index); i < messages.length; i++) if (counted(messages[i]!)) n++;
  return n;
}

/**
 * The unread messages (from `first` to `last`, the newest when the chat opened) not yet
 * seen: those after the furthest row the user has seen (`seen`, -1 for none). `next`
 * is the first of them (where the pill goes), -1 when all were seen.
 */
export function unseenUnread(
  messages: readonly ChatMessage[],
  first: number,
  last: number,
  seen: number,
): { count: number; next: number } {
  if (first < 0 || last < first) return { count: 0, next: -1 };
  let count = 0;
  let next = -1;
  for (let i = Math.max(first, seen + 1); i <= last && i < messages.length; i++) {
    if (!counted(messages[i]!)) continue;
    if (next < 0) next = i;
    count++;
  }
  return { count, next };
}

/** Where unseen unread messages lie from the visible rows: the pill points there. */
export function unreadDirection(next: number, firstVisible: number, lastVisible: number): 'up' | 'down' | null {
  if (next < 0) return null;
  if (next < firstVisible) return 'up';
  if (next > lastVisible) return 'down';
  return null;
}
