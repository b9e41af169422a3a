/**
 * The chat store of the signed-in user (spec §3-§4, wire-contract §6, §9): loads
 * the chats from the device at sign-in, applies the socket's cmd 3 frames, pulls
 * offline messages on every socket login, runs the send pipeline and saves back.
 * Its inputs (REST calls, uploads, persistence, friends, clock, page visibility)
 * are injected, so every rule runs under node tests with fakes.
 *
 * This file wires the parts together:
 * - state.ts: the store's shape, list order, record helpers;
 * - context.ts: session flags and store helpers shared by the parts;
 * - saving.ts: when changes are written back (persistence.ts writes);
 * - lifecycle.ts: sign-in load and sign-out;
 * - sync.ts, stream.ts: connection, the private and group streams, offline pulls, the cursor rule;
 * - incoming.ts, groupIncoming.ts, reading.ts: stored messages entering chats, read marks;
 * - send.ts (attachments.ts): the send pipeline, recall, delete; editing.ts: edit;
 * - chatList.ts, history.ts: open, close, drafts, pin, remove, older messages.
 */
import { ChatType } from '@parley/protocol';
import type { Store } from '../app/createStore';
import { createChatList } from './chatList';
import { createCore, newSession } from './context';
import type { ChatEngineDeps } from './deps';
import { createEditing } from './editing';
import { createHistory } from './history';
import { createGroupIncoming } from './groupIncoming';
import { createIncoming } from './incoming';
import { createLifecycle } from './lifecycle';
import { withReactReply } from './reactions';
import { createReading } from './reading';
import { createSaver } from './saving';
import { createSending } from './send';
import type { ChatsState } from './state';
import { createSync } from './sync';
import { indexOfKey } from './messages';
import { chatKey, type ChatActions } from './types';

export type { ChatApi, ChatEngineDeps, Peer, Progress, Timers, Uploader } from './deps';
export { HISTORY_PAGE_SIZE } from './history';
export { EMPTY_CHATS, compareChats, sortedKeys, type ChatRecord, type ChatsState, type Phase } from './state';
export { PULL_BATCH_MS, PULL_RETRY_MS, PULL_SAFETY_MS } from './sync';
export type { GroupChatApi } from './deps';

/** The screens' actions (types.ts) plus what the app wiring and tests drive. */
export interface ChatEngine extends Omit<ChatActions, 'pinChat'> {
  /** `pinnedAt`: the server's pin time of a friend's or group's chat (it orders pinned chats). */
  pinChat(type: ChatType, targetId: number, pinned: boolean, pinnedAt?: number): Promise<void>;
  /** A friend's or group's entry's pin (frames 82 / 92) applied to its chat (chatList.ts). */
  syncPin(type: ChatType, targetId: number, pinnedAt: number): boolean;
  start(userId: number): Promise<void>;
  stop(): Promise<void>;
  /** Logout: stop without saving and remove the user's stored chats. */
  forget(userId: number): Promise<void>;
  /** The socket's state changed ('loggedIn' after each login). */
  onConnection(state: 'closed' | 'open' | 'loggedIn'): void;
  /** Data of one cmd 3 frame. */
  onFrame(data: unknown): void;
  /** Data of one cmd 4 frame. */
  onGroupFrame(data: unknown): void;
  onVisibilityChange(): void;
  /** Names and avatars follow the friend and group lists; so do the groups' read positions. */
  refreshPeers(): void;
  /** Write pending changes now (page hide). */
  flush(userAction?: boolean): Promise<void>;
  /**
   * Deleted on this device (delete for me, or its chat deleted after it): search
   * leaves it out. Deletes are per device, so the server cannot know.
   */
  isGone(type: ChatType, targetId: number, id: number): boolean;
  /** The chat was deleted on this device: its messages up to this id are gone (0: never deleted). */
  deletedUpTo(type: ChatType, targetId: number): number;
  /** Resolves once the stored chats are in memory (at once when signed out). */
  untilLoaded(): Promise<void>;
  /** Current offline pull cursors (tests, diagnostics). */
  cursor(): number;
  groupCursor(): number;
}

export function createChatEngine(store: Store<ChatsState>, deps: ChatEngineDeps): ChatEngine {
  // Built in dependency order: each part gets only the parts it calls.
  const session = newSession();
  const saver = createSaver(store, deps, session);
  const core = createCore(store, deps, session, saver);
  const reading = createReading(core, saver);
  const incoming = createIncoming(core, reading);
  const groupIncoming = createGroupIncoming(core, reading);
  const sync = createSync(core, saver, incoming, groupIncoming);
  const sending = createSending(core, saver, incoming, groupIncoming, () => sync.connection() === 'loggedIn');
  const { edit } = createEditing(core, incoming, groupIncoming);
  const { loadOlder } = createHistory(core);
  const chatList = createChatList(core, saver, reading, loadOlder);
  const { start, stop, forget } = createLifecycle(core, { saver, sync, reading, sending, chatList });

  return {
    start,
    stop,
    forget,
    onConnection: (state) => {
      sync.onConnection(state);
      if (state === 'loggedIn') void sending.flushQueue();
    },
    onFrame: sync.onFrame,
    onGroupFrame: sync.onGroupFrame,
    onVisibilityChange: reading.onVisibilityChange,
    flush: saver.flush,
    isGone: (type, targetId, id) => core.isGone(chatKey({ type, targetId }), id),
    deletedUpTo: (type, targetId) => session.clearedUpTo.get(chatKey({ type, targetId })) ?? 0,
    untilLoaded: core.untilLoaded,
    cursor: () => session.cursor,
    groupCursor: () => session.groupCursor,
    openChat: chatList.openChat,
    closeChat: chatList.closeChat,
    sendText: sending.sendText,
    sendAttachment: sending.sendAttachment,
    sendAttachments: sending.sendAttachments,
    sendCard: sending.sendCard,
    forward: sending.forward,
    retry: sending.retry,
    recall: sending.recall,
    edit,
    react: async (type, targetId, messageId, emoji) => {
      const gen = session.gen;
      const api = type === ChatType.GROUP ? deps.groupApi : deps.api;
      const reply = await api.react(messageId, emoji);
      const uid = session.userId;
      if (gen !== session.gen || uid === null) return;
      core.patch(chatKey({ type, targetId }), (c) => withReactReply(c, reply, uid));
    },
    deleteMessage: sending.deleteMessage,
    markPlayed: async (type, targetId, key) => {
      core.patch(chatKey({ type, targetId }), (c) => {
        const at = indexOfKey(c.messages, key);
        const m = at < 0 ? undefined : c.messages[at]!;
        if (!m || m.played || m.selfSend) return c;
        const messages = [...c.messages];
        messages[at] = { ...m, played: true };
        return { ...c, messages };
      });
      await saver.flush();
    },
    loadOlder,
    setDraft: chatList.setDraft,
    pinChat: chatList.pinChat,
    syncPin: chatList.syncPin,
    removeChat: chatList.removeChat,
    clearHistory: chatList.clearHistory,
    refreshPeers: () => {
      core.refreshPeers();
      groupIncoming.applyReadPositions();
    },
  };
}
