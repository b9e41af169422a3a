/**
 * The chat box's pinned messages: loads them when the chat opens, the pin bar, the list
 * sheet, and what the message menu needs (pinned or not, may I). A tap on a pin jumps
 * to its message through the search jump (loading older pages as needed).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChatType, Friend, Group } from '@parley/protocol';
import { canPin, openPins, setPinned, useChatPins } from '../../../../chat/pinActions';
import type { ChatMessage } from '../../../../chat/types';
import { PinBar } from './PinBar';
import { PinsSheet } from './PinsSheet';

interface Options {
  type: ChatType;
  targetId: number;
  friend: Friend | undefined;
  group: Group | undefined;
  held: readonly ChatMessage[];
  peerName: string;
  nameOf: (userId: number) => string;
  /** Scrolls to a held message; false when it is not held (yet). */
  jumpTo: (id: number) => boolean;
}

export function useChatBoxPins({ type, targetId, friend, group, held, peerName, nameOf, jumpTo }: Options) {
  const entries = useChatPins(type, targetId);
  const [listOpen, setListOpen] = useState(false);
  /** A pin whose message is not held: useJumpToMessage loads back to it. */
  const [loadTo, setLoadTo] = useState<number | null>(null);
  useEffect(() => void openPins(type, targetId), [type, targetId]);

  const mayPin = canPin(type, friend, group);
  const pinnedIds = useMemo(() => new Set(entries.map((e) => e.message.id!)), [entries]);
  const jump = useCallback((id: number) => (jumpTo(id) ? setLoadTo(null) : setLoadTo(id)), [jumpTo]);
  const unpin = useCallback((id: number) => void setPinned(type, id, false).catch(() => undefined), [type]);
  const closeList = useCallback(() => setListOpen(false), []);

  const bar = (
    <PinBar entries={entries} held={held} peerName={peerName} onJump={jump} onList={() => setListOpen(true)} />
  );
  const sheet = listOpen ? (
    <PinsSheet
      entries={entries}
      held={held}
      peerName={peerName}
      nameOf={nameOf}
      onUnpin={mayPin ? unpin : undefined}
      onJump={jump}
      onClose={closeList}
    />
  ) : null;
  return { bar, sheet, loadTo, pinnedIds, mayPin };
}
