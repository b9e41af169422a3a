/**
 * The chat store's shape (what screens read through index.ts) and the pure
 * helpers over a chat record: list order, the stored form, and the record
 * updates shared by more than one engine part.
 */
import { AT_ALL, type ChatType } from '@parley/protocol';
import { applyReceipt, markPeerMessagesRead } from './messages';
import { STORED_MESSAGES_MAX, type StoredChat } from './persistence';
import type { LastMessage } from './preview';
import { chatKey, type ChatListState, type ChatMessage } from './types';

export type Phase = ChatListState['phase'];

/** A chat in memory: what is stored, plus what lives only while the app runs. */
export interface ChatRecord extends StoredChat {
  loadingOlder: boolean;
  /** Key of the first unread message when the chat was last opened. */
  firstUnreadKey?: string;
  /** When the chat was opened in this session: opening moves it to the top (spec §4). */
  openedAt: number;
}

export interface ChatsState {
  userId: number | null;
  phase: Phase;
  chats: Readonly<Record<string, ChatRecord>>;
  /**
   * Keys shown while the full list is not ready (spec §4: the first 15 stored
   * chats, plus chats touched since); null once the full list shows.
   */
  visible: ReadonlySet<string> | null;
}

export const EMPTY_CHATS: ChatsState = { userId: null, phase: 'idle', chats: {}, visible: null };

/** Pinned first, then by last activity, newest first. */
export function compareChats(a: ChatRecord, b: ChatRecord): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.pinned && (a.pinnedAt ?? 0) !== (b.pinnedAt ?? 0)) return (b.pinnedAt ?? 0) - (a.pinnedAt ?? 0);
  return Math.max(b.lastSendTime, b.openedAt) - Math.max(a.lastSendTime, a.openedAt);
}

export function sortedKeys(chats: Readonly<Record<string, ChatRecord>>): string[] {
  return Object.entries(chats)
    .sort(([, a], [, b]) => compareChats(a, b))
    .map(([k]) => k);
}

export const lastOf = (m: ChatMessage): LastMessage => {
  const last: LastMessage = { type: m.type, content: m.content, status: m.status, selfSend: m.selfSend };
  // Group previews name the sender (spec §4).
  if (m.groupId !== undefined && m.sendNickName) last.sendNickName = m.sendNickName;
  if (m.tip) last.tip = m.tip;
  if (m.atUserIds?.includes(AT_ALL)) last.atAll = true;
  return last;
};

/** A new, empty chat; named after the peer when known. */
export function blankChat(
  type: ChatType,
  targetId: number,
  peer: { showName: string; headImage: string } | undefined,
): ChatRecord {
  return {
    type,
    targetId,
    showName: peer?.showName ?? String(targetId),
    headImage: peer?.headImage ?? '',
    lastSendTime: 0,
    unreadCount: 0,
    atMe: false,
    atAll: false,
    pinned: false,
    draft: '',
    messages: [],
    deletedIds: [],
    maxReadId: -1,
    hasMore: true,
    loadingOlder: false,
    openedAt: 0,
  };
}

function toRecord(stored: StoredChat): ChatRecord {
  return {
    ...stored,
    // A message still loading at start becomes failed (spec §4).
    messages: stored.messages.map((m) =>
      m.loadStatus === 'sending' ? { ...m, loadStatus: 'fail', progress: undefined } : m,
    ),
    loadingOlder: false,
    openedAt: 0,
  };
}

/** Stored chats as records by key; missing ones are skipped. */
export function recordsByKey(stored: readonly (StoredChat | undefined)[]): Record<string, ChatRecord> {
  return Object.fromEntries(stored.flatMap((c) => (c ? [[chatKey(c), toRecord(c)]] : [])));
}

export function toStored(rec: ChatRecord): StoredChat {
  const trimmed = rec.messages.length > STORED_MESSAGES_MAX;
  const messages = trimmed ? rec.messages.slice(-STORED_MESSAGES_MAX) : rec.messages;
  return {
    type: rec.type,
    targetId: rec.targetId,
    showName: rec.showName,
    headImage: rec.headImage,
    last: rec.last,
    lastSendTime: rec.lastSendTime,
    unreadCount: rec.unreadCount,
    atMe: rec.atMe,
    atAll: rec.atAll,
    pinned: rec.pinned,
    pinnedAt: rec.pinnedAt,
    draft: rec.draft,
    messages: messages.map((m) => (m.progress === undefined ? m : { ...m, progress: undefined })),
    deletedIds: rec.deletedIds,
    maxReadId: rec.maxReadId,
    hasMore: rec.hasMore || trimmed,
  };
}

/** The chat read by me: no unread count or mentions, peer messages marked read. Unchanged chats stay the same object. */
export function withUnreadCleared(c: ChatRecord): ChatRecord {
  const messages = markPeerMessagesRead(c.messages);
  if (c.unreadCount === 0 && !c.atMe && !c.atAll && messages === c.messages) return c;
  return { ...c, unreadCount: 0, atMe: false, atAll: false, messages };
}

/** The peer read my messages up to maxId. Unchanged chats stay the same object. */
export function withReceipt(c: ChatRecord, maxId: number): ChatRecord {
  const messages = applyReceipt(c.messages, maxId);
  if (messages === c.messages && maxId <= c.maxReadId) return c;
  return { ...c, messages, maxReadId: Math.max(c.maxReadId, maxId) };
}
