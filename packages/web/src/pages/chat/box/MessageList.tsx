/**
 * The virtual message list (10,000 messages stay smooth): rows are measured as
 * they render; older history loads near the top while the visible row stays put;
 * new messages keep the view at the bottom when it was there, else count on the
 * jump-to-latest button; opening jumps to the first unread message under an "Unread
 * messages" divider, and a pill points to the unread ones not yet seen.
 */
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MessageStatus, MessageType } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { messageKey, type ChatView } from '../../../chat/types';
import { Spinner } from '../../../ui/Spinner';
import { MessageRow } from './MessageRow';
import { SelectableRow } from './selection/SelectableRow';
import { continuesRun } from './lib/grouping';
import { estimateSize, rowKey, unreadDirection, unseenUnread } from './rows';
import { JumpLatest, UnreadPill } from './ListButtons';
import { useFrameThrottled } from './useFrameThrottled';
import { useNow } from './useNow';

export interface MessageListHandle {
  /** Scroll to a message by its messageKey; false when it is not in the list. */
  jumpTo(key: string): boolean;
  scrollToBottom(): void;
}

interface MessageListProps {
  view: ChatView;
  onLoadOlder: () => void;
  handle: Ref<MessageListHandle>;
  /** Selection mode: the ticked message keys and the tick (selection/). */
  selection?: { keys: ReadonlySet<string>; toggle: (key: string) => void };
}

/** Within this distance of the bottom the list follows new messages. */
const STICK_PX = 64;
/** Older history loads when the top is this close. */
const LOAD_OLDER_PX = 800;
const HIGHLIGHT_MS = 1600;

/** The unread messages of this opening: the first, the newest then, the furthest row seen, what the pill shows. */
interface Unread {
  key: string;
  endKey: string;
  seenKey: string | null;
  count: number;
  direction: 'up' | 'down' | null;
}

export function MessageList({ view: liveView, onLoadOlder, handle, selection }: MessageListProps) {
  const { t } = useTranslation();
  const view = useFrameThrottled(liveView);
  const { messages, maxReadId, firstUnreadKey, hasMore, loadingOlder } = view;
  const scrollRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  const estimate = useCallback((i: number) => estimateSize(messages[i]), [messages]);
  const itemKey = useCallback((i: number) => rowKey(messages[i]!), [messages]);
  // The virtualizer is mutable by design; this component reads it fresh each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    // stable per list: the virtualizer recomputes every offset when these change
    estimateSize: estimate,
    getItemKey: itemKey,
    overscan: 8,
    paddingStart: 12,
    paddingEnd: 12,
  });

  const stick = useRef(true);
  const positioned = useRef(false);
  /** The first-unread key the list jumped to, and whether the user moved the list since opening. */
  const jumpedFor = useRef<string | null>(null);
  const userScrolled = useRef(false);
  /** The first visible row and its distance from the top, to restore after a prepend. */
  const anchor = useRef<{ key: string; offset: number } | null>(null);
  const prev = useRef<{ first?: string; last?: string; length: number }>({ length: 0 });
  const loadRequestedAt = useRef(-1);
  const [atBottom, setAtBottom] = useState(true);
  const [newCount, setNewCount] = useState(0);
  const [unread, setUnread] = useState<Unread | null>(null);
  /** The row the "Unread messages" divider sits above (the first unread, or its time tip). */
  const [divider, setDivider] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);

  const recordAnchor = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    // a time tip is re-keyed when older messages arrive: anchor on a message
    let first = virtualizer.getVirtualItemForOffset(el.scrollTop);
    if (first && messages[first.index]?.type === MessageType.TIP_TIME) {
      first = virtualizer.measurementsCache[first.index + 1] ?? first;
    }
    anchor.current = first ? { key: String(first.key), offset: first.start - el.scrollTop } : null;
  }, [virtualizer, messages]);

  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = true;
    setAtBottom(true);
    setNewCount(0);
    el.scrollTop = el.scrollHeight;
  }, []);

  const jumpTo = useCallback(
    (key: string) => {
      const index = messages.findIndex((m) => messageKey(m) === key);
      if (index < 0) return false;
      stick.current = false;
      virtualizer.scrollToIndex(index, { align: 'center' });
      setHighlight(rowKey(messages[index]!));
      return true;
    },
    [messages, virtualizer],
  );

  useImperativeHandle(handle, () => ({ jumpTo, scrollToBottom }), [jumpTo, scrollToBottom]);

  useEffect(() => {
    if (!highlight) return;
    const id = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(id);
  }, [highlight]);

  // Follow list changes: first positioning, prepends (keep the anchor), appends (stick or count).
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const before = prev.current;
    const first = messages[0] && rowKey(messages[0]);
    const last = messages.at(-1) && rowKey(messages.at(-1)!);
    prev.current = { first, last, length: messages.length };
    if (messages.length === 0) return;

    // The first unread key can arrive a moment after the messages (the chat is marked
    // open after the first render): jump then, unless the user has scrolled already.
    const mayJump = firstUnreadKey && jumpedFor.current !== firstUnreadKey && !userScrolled.current;
    const unreadIndex =
      mayJump || !positioned.current ? messages.findIndex((m) => messageKey(m) === firstUnreadKey) : -1;
    if (!positioned.current || (mayJump && unreadIndex > 0)) {
      positioned.current = true;
      if (unreadIndex > 0) {
        jumpedFor.current = firstUnreadKey!;
        const target = messages[unreadIndex - 1]?.type === MessageType.TIP_TIME ? unreadIndex - 1 : unreadIndex;
        stick.current = false;
        virtualizer.scrollToIndex(target, { align: 'start' });
        setDivider(rowKey(messages[target]!));
        const end = messages.length - 1;
        const { count } = unseenUnread(messages, unreadIndex, end, -1);
        setUnread({ key: firstUnreadKey!, endKey: rowKey(messages[end]!), seenKey: null, count, direction: null });
      } else {
        scrollToBottom();
      }
      return;
    }

    if (before.first && first !== before.first && anchor.current) {
      // older messages came in above: put the anchored row back where it was
      virtualizer.getTotalSize();
      const index = messages.findIndex((m) => rowKey(m) === anchor.current!.key);
      const start = virtualizer.measurementsCache[index]?.start;
      if (index >= 0 && start !== undefined) el.scrollTop = start - anchor.current.offset;
    }

    if (messages.length > before.length && last !== before.last) {
      let from = messages.length;
      while (from > 0 && rowKey(messages[from - 1]!) !== before.last) from--;
      const added = messages.slice(from);
      const ownSend = added.some((m) => m.selfSend && m.loadStatus === 'sending');
      if (stick.current || ownSend) scrollToBottom();
      else setNewCount((n) => n + added.filter((m) => !m.selfSend && m.type <= MessageType.CARD).length);
    }
  }, [messages, firstUnreadKey, virtualizer, scrollToBottom]);

  // Rows measured at the bottom (images, a longer text) must not push the view off the bottom.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && stick.current && positioned.current) el.scrollTop = el.scrollHeight;
  }, [totalSize]);

  // The list's own height changes with the keyboard, a panel or a quote bar: stay at the bottom.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current && positioned.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Near the top with more history: ask for it, once per list length.
  const maybeLoadOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !positioned.current || !hasMore || loadingOlder) return;
    if (el.scrollTop > LOAD_OLDER_PX || loadRequestedAt.current === messages.length) return;
    loadRequestedAt.current = messages.length;
    onLoadOlder();
  }, [hasMore, loadingOlder, messages.length, onLoadOlder]);
  useEffect(maybeLoadOlder, [maybeLoadOlder]);

  const markUserScroll = () => {
    userScrolled.current = true;
  };

  /** The pill follows the scroll: what is still unseen, and whether it lies above or below. */
  const followUnread = (u: Unread, el: HTMLDivElement, bottom: boolean) => {
    const first = messages.findIndex((m) => messageKey(m) === u.key);
    const end = messages.findIndex((m) => rowKey(m) === u.endKey);
    const firstVisible = virtualizer.getVirtualItemForOffset(el.scrollTop)?.index ?? 0;
    const lastVisible = virtualizer.getVirtualItemForOffset(el.scrollTop + el.clientHeight - 1)?.index ?? firstVisible;
    // Rows the user brought on screen are seen (the automatic positioning at open is not the user's).
    let seen = u.seenKey === null ? -1 : messages.findIndex((m) => rowKey(m) === u.seenKey);
    let seenKey = u.seenKey;
    if (userScrolled.current && lastVisible > seen && messages[lastVisible]) {
      seen = lastVisible;
      seenKey = rowKey(messages[lastVisible]);
    }
    const { count, next } = unseenUnread(messages, first, end, seen);
    const direction = unreadDirection(next, firstVisible, lastVisible);
    // read to the end by the user
    if (userScrolled.current && (bottom || count === 0)) setUnread(null);
    else if (direction !== u.direction || count !== u.count || seenKey !== u.seenKey) {
      setUnread({ ...u, seenKey, count, direction });
    }
  };

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    stick.current = bottom;
    setAtBottom(bottom);
    if (bottom) setNewCount(0);
    recordAnchor();
    maybeLoadOlder();
    if (unread) followUnread(unread, el, bottom);
  };

  /** The pill goes to the first unread message not seen yet, wherever it is. */
  const toUnread = () => {
    if (!unread) return;
    const first = messages.findIndex((m) => messageKey(m) === unread.key);
    const end = messages.findIndex((m) => rowKey(m) === unread.endKey);
    const seen = unread.seenKey === null ? -1 : messages.findIndex((m) => rowKey(m) === unread.seenKey);
    const { next } = unseenUnread(messages, first, end, seen);
    if (next < 0) {
      setUnread(null);
      return;
    }
    userScrolled.current = true;
    stick.current = false;
    const target = messages[next - 1]?.type === MessageType.TIP_TIME ? next - 1 : next;
    virtualizer.scrollToIndex(target, { align: 'start' });
  };

  return (
    <div className="message-pane">
      <div
        ref={scrollRef}
        className="message-list"
        data-testid="message-list"
        // Whether older history may still load (tests wait for "the whole history is here").
        data-history={loadingOlder ? 'loading' : hasMore ? 'more' : 'all'}
        onScroll={onScroll}
        onWheel={markUserScroll}
        onTouchMove={markUserScroll}
        onKeyDown={markUserScroll}
        tabIndex={-1}
      >
        {loadingOlder && (
          <div className="message-list__older">
            <Spinner size={20} />
          </div>
        )}
        <div className="message-list__canvas" style={{ height: totalSize }}>
          {virtualizer.getVirtualItems().map((item) => {
            const m = messages[item.index]!;
            const read = m.selfSend && (m.status === MessageStatus.READED || (m.id !== undefined && m.id <= maxReadId));
            const row = (
              <MessageRow
                message={m}
                read={read}
                highlighted={highlight === item.key}
                now={now}
                grouped={continuesRun(messages[item.index - 1], m)}
              />
            );
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="message-list__item"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {divider === item.key && (
                  <div className="unread-divider" data-testid="unread-divider">
                    <span>{t('chatBox.unreadDivider')}</span>
                  </div>
                )}
                {selection ? (
                  <SelectableRow
                    message={m}
                    checked={selection.keys.has(messageKey(m))}
                    onToggle={selection.toggle}
                    now={now}
                  >
                    {row}
                  </SelectableRow>
                ) : (
                  row
                )}
              </div>
            );
          })}
        </div>
      </div>
      {unread?.direction && <UnreadPill count={unread.count} direction={unread.direction} onClick={toUnread} />}
      {!atBottom && <JumpLatest count={newCount} onClick={scrollToBottom} />}
    </div>
  );
}
