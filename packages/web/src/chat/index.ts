/**
 * The chat layer's public face: screens read `useChatList()` / `useChatView()` /
 * `useChatSummary()` and act through `chatActions`; main.tsx calls `installChats()`
 * once. Behind them runs the engine (engine.ts) wired to the REST calls, the
 * socket, IndexedDB, the friend list and the page.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatType, Cmd, type Friend } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from '../app/createStore';
import { followSession } from '../app/followSession';
import { navigateTo } from '../app/navigation';
import { friendsStore } from '../contacts/friendsStore';
import { groupById, groupsStore } from '../groups/groupsStore';
import { t as translate } from '../i18n';
import { plainText } from '../i18n/isolate';
import type { Translate } from '../i18n/timeText';
import { chatBoxPath } from '../routes/paths';
import { onConnectionState, subscribeFrames } from '../socket';
import { systemActions } from '../system';
import { useSystemEntry, useSystemUnread, withSystemEntry } from '../system/store';
import { showToast } from '../ui/toast';
import { EMPTY_CHATS, createChatEngine, sortedKeys, type ChatRecord, type ChatsState } from './engine';
import { browserUploader, revokeLocalUrls } from './media';
import { withTimeTips } from './messages';
import { offerPushPermission } from '../push';
import { pageVisible, showNotification } from './notify';
import { createIdbPersistence, createMemoryPersistence } from './persistence';
import { createPinStore, idbPinCopies } from './pins';
import { applyEntryPins, followEntryPins, pinOnServer } from './chatTop';
import { lastIsMissedCall, previewSegments, previewText } from './preview';
import { chatKey, type ChatActions, type ChatListState, type ChatSummary, type ChatView } from './types';
import { unreadTotal, withMuted } from './unread';

export type { ChatActions, ChatListState, ChatMessage, ChatSummary, ChatView, Attachment } from './types';
export { chatKey, messageKey } from './types';

export const chatsStore = createStore<ChatsState>(EMPTY_CHATS);

const friendById = (id: number): Friend | undefined => friendsStore.get().list.find((f) => f.id === id);

/** Do-not-disturb set on the chat's friend or group. */
export function isChatMuted(type: ChatType, targetId: number): boolean {
  if (type === ChatType.PRIVATE) return friendById(targetId)?.isDnd ?? false;
  if (type === ChatType.GROUP) return groupById(targetId)?.isDnd ?? false;
  return false;
}

/** Pinned messages of each chat (pins.ts): PIN notices and recalls come from the engine below. */
export const pinStore = createPinStore({
  fetch: (type, targetId) =>
    type === ChatType.GROUP
      ? call('groupPins', { query: { groupId: targetId }, silent: true })
      : call('privatePins', { query: { friendId: targetId }, silent: true }),
  findMessage: (key, id) => chatsStore.get().chats[key]?.messages.find((m) => m.id === id),
  selfId: () => chatsStore.get().userId,
  ...idbPinCopies(() => chatsStore.get().userId),
});
// Signed out: the pins in memory go with the chats.
chatsStore.subscribe(() => {
  if (chatsStore.get().userId === null && Object.keys(pinStore.store.get()).length > 0) pinStore.clear();
});

const engine = createChatEngine(chatsStore, {
  pins: pinStore,
  api: {
    send: (body) => call('privateSend', { body, silent: true }),
    recall: (id) => call('privateRecall', { params: { id } }),
    edit: (id, content) => call('privateEdit', { params: { id }, body: { content } }),
    react: (id, emoji) => call('privateReact', { params: { id }, body: { emoji } }),
    pullOffline: (minId) => call('privatePullOffline', { query: { minId }, silent: true }),
    readed: (friendId) => call('privateReaded', { query: { friendId }, silent: true }),
    maxReadedId: (friendId) => call('privateMaxReadedId', { query: { friendId }, silent: true }),
    history: (friendId, page, size) => call('privateHistory', { query: { friendId, page, size } }),
  },
  groupApi: {
    send: (body) => call('groupSend', { body, silent: true }),
    recall: (id) => call('groupRecall', { params: { id } }),
    edit: (id, content, atUserIds) => call('groupEdit', { params: { id }, body: { content, atUserIds } }),
    react: (id, emoji) => call('groupReact', { params: { id }, body: { emoji } }),
    pullOffline: (minId) => call('groupPullOffline', { query: { minId }, silent: true }),
    readed: (groupId, messageId) => call('groupReaded', { query: { groupId, messageId }, silent: true }),
    history: (groupId, page, size) => call('groupHistory', { query: { groupId, page, size } }),
  },
  upload: browserUploader,
  persistence: typeof indexedDB === 'undefined' ? createMemoryPersistence() : createIdbPersistence(),
  peer: (id) => {
    const f = friendById(id);
    return f && !f.deleted
      ? { showName: f.showNickName, headImage: f.headImageThumb || f.headImage, isDnd: f.isDnd }
      : undefined;
  },
  lookupUser: async (id) => {
    const u = await call('userFind', { params: { id }, silent: true });
    return { showName: u.nickName, headImage: u.headImageThumb || u.headImage };
  },
  group: (id) => {
    const g = groupById(id);
    return g
      ? {
          showName: g.showGroupName,
          headImage: g.headImageThumb || g.headImage,
          isDnd: g.isDnd,
          readedMaxId: g.readedMaxId,
        }
      : undefined;
  },
  lookupGroup: async (id) => {
    const g = await call('groupFind', { params: { groupId: id }, silent: true });
    return { showName: g.showGroupName, headImage: g.headImageThumb || g.headImage };
  },
  t: translate,
  now: () => Date.now(),
  newTmpId: () => crypto.randomUUID(),
  isVisible: pageVisible,
  notify: (chat, message) => {
    showNotification({
      title: chat.showName,
      body: previewText(message, chat.showName, translate),
      icon: chat.headImage,
      tag: chatKey(chat),
      onClick: () => navigateTo(chatBoxPath(chat.type, chat.targetId)),
    });
  },
  toast: showToast,
  timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
});

/** A send is the moment to offer notifications (once, with the spec's explanation: push/index.ts). */
function gesture<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    offerPushPermission();
    return fn(...args);
  };
}

export const chatActions: ChatActions = {
  openChat: engine.openChat,
  closeChat: engine.closeChat,
  sendText: gesture(engine.sendText),
  sendAttachment: gesture(engine.sendAttachment),
  sendAttachments: gesture(engine.sendAttachments),
  sendCard: gesture(engine.sendCard),
  forward: gesture(engine.forward),
  retry: engine.retry,
  recall: engine.recall,
  edit: engine.edit,
  react: engine.react,
  deleteMessage: engine.deleteMessage,
  markPlayed: engine.markPlayed,
  loadOlder: engine.loadOlder,
  setDraft: engine.setDraft,
  // The SYSTEM entry belongs to the system stream (src/system/).
  pinChat: async (type, targetId, pinned) => {
    if (type === ChatType.SYSTEM) return systemActions.pin(pinned);
    // A friend's or group's chat is pinned on the server, so every terminal sorts it (frames 82 / 92).
    const pinnedAt = await pinOnServer(type, targetId, pinned);
    return engine.pinChat(type, targetId, pinned, pinnedAt);
  },
  removeChat: (type, targetId) =>
    type === ChatType.SYSTEM ? Promise.resolve(systemActions.remove()) : engine.removeChat(type, targetId),
  clearHistory: (type, targetId) => engine.clearHistory(type, targetId),
};

/** Deleted on this device (delete for me, or its chat deleted after it): search leaves it out. */
export const deletedHere = (type: ChatType, targetId: number, id: number): boolean => engine.isGone(type, targetId, id);
/** The chat was deleted on this device: its messages up to this id are gone (0: never deleted). */
export const chatDeletedUpTo = (type: ChatType, targetId: number): number => engine.deletedUpTo(type, targetId);
/** Resolves once the stored chats are in memory, so deletedHere knows them. */
export const untilChatsLoaded = (): Promise<void> => engine.untilLoaded();

/**
 * Resolves once the stored chat list is on screen (or after 3 s at most): the idle
 * preloading of page chunks waits for it, so it never delays the first rows.
 */
export function untilChatListShown(): Promise<void> {
  const shown = (s: ChatsState) =>
    s.userId !== null && (s.visible === null || s.visible.size > 0 || s.phase === 'ready');
  if (shown(chatsStore.get())) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, 3000);
    const stop = chatsStore.subscribe(() => {
      if (shown(chatsStore.get())) done();
    });
  });
}

let installed = false;
/** Follow the session (load at sign-in, clear memory at sign-out), the socket and the page. Called once at start. */
export function installChats(): void {
  if (installed) return;
  installed = true;
  subscribeFrames(Cmd.PRIVATE_MESSAGE, (frame) => engine.onFrame(frame.data));
  subscribeFrames(Cmd.GROUP_MESSAGE, (frame) => engine.onGroupFrame(frame.data));
  onConnectionState((state) => engine.onConnection(state));
  friendsStore.subscribe(() => engine.refreshPeers());
  groupsStore.subscribe(() => engine.refreshPeers());
  followEntryPins(engine.syncPin, chatActions.pinChat);
  // The stored chats may load after the lists: their pins are applied at each phase change too.
  let phase = chatsStore.get().phase;
  chatsStore.subscribe(() => {
    if (chatsStore.get().phase === phase) return;
    phase = chatsStore.get().phase;
    applyEntryPins(engine.syncPin, chatActions.pinChat);
  });
  document.addEventListener('visibilitychange', () => {
    engine.onVisibilityChange();
    if (!pageVisible()) void engine.flush();
  });
  globalThis.addEventListener('pagehide', () => void engine.flush());
  followSession(engine, revokeLocalUrls);
}

// ---- reading ---------------------------------------------------------

/** Summaries per language (previews are localised), per record: unchanged chats keep their object. */
const summaryCaches = new Map<string, WeakMap<ChatRecord, ChatSummary>>();

function summaryOf(c: ChatRecord, t: Translate, language: string): ChatSummary {
  let summaryCache = summaryCaches.get(language);
  if (!summaryCache) {
    summaryCache = new WeakMap();
    summaryCaches.set(language, summaryCache);
  }
  const cached = summaryCache.get(c);
  if (cached) return cached;
  const lastParts = previewSegments(c.last, c.showName, t);
  const summary: ChatSummary = {
    type: c.type,
    targetId: c.targetId,
    showName: c.showName,
    headImage: c.headImage,
    lastContent: plainText(lastParts),
    lastParts,
    lastSendTime: c.lastSendTime,
    openedAt: c.openedAt,
    unreadCount: c.unreadCount,
    atMe: c.atMe,
    atAll: c.atAll,
    sendNickName: c.last?.sendNickName,
    pinned: c.pinned,
    draft: c.draft,
  };
  if (lastFailed(c)) summary.lastFailed = true;
  if (lastIsMissedCall(c.last)) summary.missedCall = true;
  summaryCache.set(c, summary);
  return summary;
}

/** The newest message (what the preview shows) is my send that failed. */
export function lastFailed(c: Pick<ChatRecord, 'messages'>): boolean {
  return c.messages[c.messages.length - 1]?.loadStatus === 'fail';
}

/** The list shown: pinned first, newest first; while loading, the first 15 stored chats and those touched since. */
export function listOf(state: ChatsState, t: Translate, language: string): ChatSummary[] {
  const keys = sortedKeys(state.chats);
  const shown = state.visible === null ? keys : keys.filter((k) => state.visible!.has(k));
  return shown.map((k) => summaryOf(state.chats[k]!, t, language));
}

export function useChatList(): ChatListState {
  const state = useStore(chatsStore);
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { chats, visible, phase } = state;
  // Do-not-disturb lives on the friend and group lists.
  const friends = useStore(friendsStore);
  const groups = useStore(groupsStore);
  const list = useMemo(
    () => withMuted(listOf({ ...EMPTY_CHATS, chats, visible }, t, language), isChatMuted),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- isChatMuted reads friends and groups
    [chats, visible, t, language, friends, groups],
  );
  const system = useSystemEntry();
  const withSystem = useMemo(() => withSystemEntry(list, system), [list, system]);
  return useMemo(() => ({ chats: withSystem, phase }), [withSystem, phase]);
}

function useChatRecord(type: ChatType, targetId: number): ChatRecord | undefined {
  const key = chatKey({ type, targetId });
  const get = () => chatsStore.get().chats[key];
  return useSyncExternalStore(chatsStore.subscribe, get, get);
}

const EMPTY_VIEW: ChatView = { messages: [], hasMore: false, loadingOlder: false, maxReadId: -1 };
const tipCache = new WeakMap<ChatRecord['messages'], ChatView['messages']>();

export function viewOf(c: ChatRecord | undefined): ChatView {
  if (!c) return EMPTY_VIEW;
  let messages = tipCache.get(c.messages);
  if (!messages) {
    messages = withTimeTips(c.messages);
    tipCache.set(c.messages, messages);
  }
  return {
    messages,
    hasMore: c.hasMore,
    loadingOlder: c.loadingOlder,
    firstUnreadKey: c.firstUnreadKey,
    maxReadId: c.maxReadId,
  };
}

export function useChatView(type: ChatType, targetId: number): ChatView {
  const rec = useChatRecord(type, targetId);
  return useMemo(() => viewOf(rec), [rec]);
}

/** One chat's list entry (name, avatar, draft), or undefined before it exists. */
export function useChatSummary(type: ChatType, targetId: number): ChatSummary | undefined {
  const rec = useChatRecord(type, targetId);
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => (rec ? summaryOf(rec, t, language) : undefined), [rec, t, language]);
}

/** Total unread count (tab badge), the system notifications included, do-not-disturb chats left out. */
export function useTotalUnread(): number {
  const friends = useStore(friendsStore);
  const groups = useStore(groupsStore);
  const get = () => totalUnread(chatsStore.get());
  const chatsTotal = useSyncExternalStore(chatsStore.subscribe, get, get);
  // Recounted when do-not-disturb changes on a friend or group.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- isChatMuted reads friends and groups
  const total = useMemo(() => chatsTotal.recount(), [chatsTotal, friends, groups]);
  return total + useSystemUnread();
}

/** Summed once per chats object: the store notifies for every change, most leave the chats alone. */
const unreadTotals = new WeakMap<ChatsState['chats'], { recount(): number }>();

function totalUnread(s: ChatsState): { recount(): number } {
  let n = unreadTotals.get(s.chats);
  if (n === undefined) {
    const chats = s.chats;
    n = { recount: () => unreadTotal(Object.values(chats), isChatMuted) };
    unreadTotals.set(s.chats, n);
  }
  return n;
}

export { ChatType };
