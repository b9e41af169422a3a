/**
 * Opening a chat at a search hit (`msgId` in the chat box link): loads older pages
 * until the message is held (bounded), then scrolls to it and flashes it. A message
 * no longer there (deleted on this device, or beyond the bound) says so once.
 */
import { useEffect, useRef } from 'react';
import type { ChatType } from '@parley/protocol';
import { chatActions } from '../chat';
import type { ChatView } from '../chat/types';

/** Older pages (50 messages each) fetched at most to reach a hit: 10,000 messages. */
const MAX_ROUNDS = 200;

export function useJumpToMessage(
  type: ChatType,
  targetId: number,
  msgId: number | null,
  view: ChatView,
  jump: (id: number) => boolean,
  notFound: () => void,
): void {
  const done = useRef<number | null>(null);
  const rounds = useRef(0);
  const { messages, hasMore, loadingOlder } = view;
  useEffect(() => {
    if (msgId === null || done.current === msgId) return;
    if (messages.some((m) => m.id === msgId)) {
      // After the list's own first positioning (a layout effect) has run.
      const id = requestAnimationFrame(() => {
        if (jump(msgId)) done.current = msgId;
      });
      return () => cancelAnimationFrame(id);
    }
    if (loadingOlder) return;
    if (hasMore && rounds.current < MAX_ROUNDS) {
      rounds.current++;
      void chatActions.loadOlder(type, targetId);
      return;
    }
    if (messages.length > 0 || !hasMore) {
      done.current = msgId;
      notFound();
    }
  }, [type, targetId, msgId, messages, hasMore, loadingOlder, jump, notFound]);
}
