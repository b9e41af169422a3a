/**
 * Do-not-disturb in the chat list (spec §4): a muted chat keeps its count, shown
 * grey with a muted mark, and is left out of the total on the tab badge.
 */
import type { ChatType } from '@parley/protocol';
import type { ChatSummary } from './types';

export type IsMuted = (type: ChatType, targetId: number) => boolean;

interface Counted {
  type: ChatType;
  targetId: number;
  unreadCount: number;
}

/** The unread total of the chats that are not muted. */
export function unreadTotal(chats: Iterable<Counted>, isMuted: IsMuted): number {
  let n = 0;
  for (const c of chats) if (c.unreadCount > 0 && !isMuted(c.type, c.targetId)) n += c.unreadCount;
  return n;
}

/** The list with `muted` set on the muted chats; unchanged entries keep their object. */
export function withMuted(list: readonly ChatSummary[], isMuted: IsMuted): ChatSummary[] {
  return list.map((c) => {
    const muted = isMuted(c.type, c.targetId);
    return (c.muted ?? false) === muted ? c : { ...c, muted };
  });
}
