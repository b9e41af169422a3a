/**
 * The system stream's store and what screens read from it: the chat list entry
 * (type SYSTEM), the unread count (tab badge) and the notifications. Kept apart from
 * the engine wiring (index.ts) so the chat layer can read it without an import cycle.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatType } from '@parley/protocol';
import { createStore, useStore } from '../app/createStore';
import type { ChatSummary } from '../chat/types';
import type { Translate } from '../i18n/timeText';
import { EMPTY_SYSTEM, isListed, unreadOf, type SystemState } from './state';
import { systemTitle } from './text';

export const systemStore = createStore<SystemState>(EMPTY_SYSTEM);

/** The SYSTEM chat list entry, or null when there is nothing to show. */
export function systemSummary(s: SystemState, t: Translate): ChatSummary | null {
  const last = s.items.at(-1);
  if (!last || !isListed(s)) return null;
  return {
    type: ChatType.SYSTEM,
    targetId: 0,
    showName: t('system.chatName'),
    headImage: '',
    lastContent: systemTitle(last, t),
    lastSendTime: last.sendTime,
    openedAt: s.openedAt,
    unreadCount: unreadOf(s),
    atMe: false,
    atAll: false,
    pinned: s.pinned,
    draft: '',
  };
}

/** What a chat row sorts by, as the chat list does: its last message or its opening, whichever is later. */
const activeTime = (c: ChatSummary): number => Math.max(c.lastSendTime, c.openedAt ?? 0);

/** Insert the SYSTEM entry into a sorted chat list: pinned first, then by the same time as any chat, newest first. */
export function withSystemEntry(list: ChatSummary[], entry: ChatSummary | null): ChatSummary[] {
  if (!entry) return list;
  const time = activeTime(entry);
  const at = list.findIndex((c) => (entry.pinned !== c.pinned ? entry.pinned : time >= activeTime(c)));
  const out = [...list];
  out.splice(at === -1 ? out.length : at, 0, entry);
  return out;
}

export function useSystemEntry(): ChatSummary | null {
  const state = useStore(systemStore);
  // t changes with the language
  const { t } = useTranslation();
  return useMemo(() => systemSummary(state, t), [state, t]);
}

export function useSystemUnread(): number {
  const get = () => unreadOf(systemStore.get());
  return useSyncExternalStore(systemStore.subscribe, get, get);
}

export const useSystemState = (): SystemState => useStore(systemStore);
