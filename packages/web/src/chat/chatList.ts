/**
 * Actions on chats as a whole: opening and closing one (read marks, the peer's
 * receipt, the first page of history), drafts, pinning and removing.
 */
import { ChatType, MessageType } from '@parley/protocol';
import type { EngineCore } from './context';
import { HISTORY_PAGE_SIZE } from './history';
import type { Reading } from './reading';
import type { Saver } from './saving';
import { withReceipt, type ChatRecord } from './state';
import { chatKey, messageKey } from './types';

export interface ChatListActions {
  openChat(type: ChatType, targetId: number): Promise<void>;
  closeChat(type: ChatType, targetId: number): void;
  setDraft(type: ChatType, targetId: number, draft: string): void;
  /** `pinnedAt`: the server's pin time (friend or group entry), which orders pinned chats. */
  pinChat(type: ChatType, targetId: number, pinned: boolean, pinnedAt?: number): Promise<void>;
  /**
   * The pin of a friend or group entry (frames 82 / 92) applied to its chat, when held and
   * different. True: the chat was pinned on this device before pins were synced (no
   * `pinnedAt`) and the entry is not: it stays pinned and the caller pins it on the server.
   */
  syncPin(type: ChatType, targetId: number, pinnedAt: number): boolean;
  removeChat(type: ChatType, targetId: number): Promise<void>;
  clearHistory(type: ChatType, targetId: number): Promise<void>;
  /** Sign-out: the peers' read marks are asked again next time. */
  reset(): void;
}

/** Key of the first unread message: the unreadCount-th counted message from the end. */
function firstUnreadKeyOf(c: ChatRecord): string | undefined {
  let left = c.unreadCount;
  if (left <= 0) return undefined;
  for (let i = c.messages.length - 1; i >= 0; i--) {
    const m = c.messages[i]!;
    if (m.selfSend || m.type === MessageType.TIP_TEXT) continue;
    left--;
    if (left === 0) return messageKey(m);
  }
  return c.messages[0] ? messageKey(c.messages[0]) : undefined;
}

export function createChatList(
  core: EngineCore,
  saver: Saver,
  reading: Reading,
  loadOlder: (type: ChatType, targetId: number) => Promise<void>,
): ChatListActions {
  const { deps, session } = core;
  /** Chats whose peer read mark was asked this session. */
  const maxReadFetched = new Set<string>();

  async function openChat(type: ChatType, targetId: number): Promise<void> {
    if (!session.loaded) await core.untilLoaded();
    if (session.userId === null) return;
    const key = core.ensureChat(type, targetId);
    session.openKey = key;
    const now = deps.now();
    core.patch(key, (c) => ({
      ...c,
      openedAt: now,
      // A chat created by opening it shows its creation time (spec §4: it moves to the top).
      lastSendTime: c.lastSendTime === 0 && c.messages.length === 0 ? now : c.lastSendTime,
      firstUnreadKey: firstUnreadKeyOf(c),
    }));
    if (deps.isVisible()) reading.markRead(key);
    const c = core.chatOf(key);
    if (!c) return;
    const tasks: Promise<unknown>[] = [];
    if (type === ChatType.PRIVATE && !maxReadFetched.has(key)) {
      maxReadFetched.add(key);
      const gen = session.gen;
      tasks.push(
        deps.api.maxReadedId(targetId).then(
          (maxId) => {
            if (gen !== session.gen || maxId < 0) return;
            core.patch(key, (x) => withReceipt(x, maxId));
          },
          () => maxReadFetched.delete(key),
        ),
      );
    }
    if (c.hasMore && c.messages.length < HISTORY_PAGE_SIZE / 2) tasks.push(loadOlder(type, targetId));
    await Promise.all(tasks);
  }

  function closeChat(type: ChatType, targetId: number) {
    const key = chatKey({ type, targetId });
    if (session.openKey !== key) return;
    session.openKey = null;
    core.patch(key, (c) => (c.firstUnreadKey === undefined ? c : { ...c, firstUnreadKey: undefined }));
  }

  function setDraft(type: ChatType, targetId: number, draft: string) {
    if (!session.loaded) {
      void core.untilLoaded().then(() => session.loaded && setDraft(type, targetId, draft));
      return;
    }
    const key = chatKey({ type, targetId });
    if (!core.chatOf(key)) {
      if (!draft) return;
      core.ensureChat(type, targetId);
    }
    core.patch(key, (c) => (c.draft === draft ? c : { ...c, draft }));
  }

  async function pinChat(type: ChatType, targetId: number, pinned: boolean, pinnedAt?: number): Promise<void> {
    if (!session.loaded) await core.untilLoaded();
    const at = pinned ? (pinnedAt ?? Date.now()) : 0;
    core.patch(chatKey({ type, targetId }), (c) =>
      c.pinned === pinned && (c.pinnedAt ?? 0) === at ? c : { ...c, pinned, pinnedAt: at },
    );
    return saver.flush(true);
  }

  function syncPin(type: ChatType, targetId: number, pinnedAt: number): boolean {
    if (!session.loaded) return false;
    const c = core.chatOf(chatKey({ type, targetId }));
    if (!c || (c.pinned === pinnedAt > 0 && (c.pinnedAt ?? 0) === pinnedAt)) return false;
    if (c.pinned && c.pinnedAt === undefined && pinnedAt === 0) return true;
    void pinChat(type, targetId, pinnedAt > 0, pinnedAt);
    return false;
  }

  /**
   * Clear history on this device: the chat stays in the list, empty; the server and the
   * other party keep everything. Its messages up to now stay gone here (the cleared-up-to
   * id, as a deleted chat's): pulls and history pages never bring them back; later ones arrive.
   */
  async function clearHistory(type: ChatType, targetId: number): Promise<void> {
    if (!session.loaded) await core.untilLoaded();
    const key = chatKey({ type, targetId });
    const chat = core.chatOf(key);
    if (!chat) return saver.lastSave();
    const cursor = type === ChatType.PRIVATE ? session.cursor : type === ChatType.GROUP ? session.groupCursor : 0;
    const held = chat.messages.reduce((n, m) => Math.max(n, m.id ?? 0), 0);
    session.clearedUpTo.set(key, Math.max(session.clearedUpTo.get(key) ?? 0, held, cursor));
    // Messages still sending (no id yet) stay: they are newer than anything cleared.
    core.patch(key, (c) => ({
      ...c,
      messages: c.messages.filter((m) => m.id === undefined),
      last: undefined,
      unreadCount: 0,
      atMe: false,
      atAll: false,
      hasMore: false,
    }));
    return saver.flush(true);
  }

  async function removeChat(type: ChatType, targetId: number): Promise<void> {
    if (!session.loaded) await core.untilLoaded();
    const key = chatKey({ type, targetId });
    if (!core.chatOf(key)) return saver.lastSave();
    // Its messages stay gone: a later message starts a fresh chat (no history reload).
    const removedChat = core.chatOf(key)!;
    const cursor = type === ChatType.PRIVATE ? session.cursor : type === ChatType.GROUP ? session.groupCursor : 0;
    const held = removedChat.messages.reduce((n, m) => Math.max(n, m.id ?? 0), 0);
    session.clearedUpTo.set(key, Math.max(session.clearedUpTo.get(key) ?? 0, held, cursor));
    // Flag it deleted (gone from the list at once), drop it with the save (spec §4).
    core.store.set((s) => {
      const chats = { ...s.chats };
      delete chats[key];
      return { ...s, chats };
    });
    saver.markRemoved(key);
    maxReadFetched.delete(key);
    if (session.openKey === key) session.openKey = null;
    return saver.flush(true);
  }

  return {
    openChat,
    closeChat,
    setDraft,
    pinChat,
    syncPin,
    removeChat,
    clearHistory,
    reset: () => maxReadFetched.clear(),
  };
}
