/**
 * The engine's shared core: the session flags every part reads, and the helpers
 * over the store that every part uses (read a chat, replace one, create one, the
 * phase, the temporary list, waiting for the stored chats).
 */
import { ChatType } from '@parley/protocol';
import type { Store } from '../app/createStore';
import type { ChatEngineDeps, Peer } from './deps';
import type { Saver } from './saving';
import { blankChat, type ChatRecord, type ChatsState, type Phase } from './state';
import { chatKey } from './types';

/** State of the signed-in session shared by the engine's parts. */
export interface Session {
  /** Bumped by start/stop: answers of an ended session are dropped. */
  gen: number;
  userId: number | null;
  /** The stored chats are in memory. */
  loaded: boolean;
  /** Between a socket login and its LOADING "false": the list is temporary (spec §4). */
  pulling: boolean;
  /** The private offline pull cursor: moved only by stream.ts (the rule lives there), saved with the index. */
  cursor: number;
  /** The group offline pull cursor (largest group message id held with nothing missing below). */
  groupCursor: number;
  /** The chat shown in the chat box. */
  openKey: string | null;
  /** Per removed chat, the largest message id it had: those never come back (saved with the index). */
  clearedUpTo: Map<string, number>;
}

export const newSession = (): Session => ({
  gen: 0,
  userId: null,
  loaded: false,
  pulling: false,
  cursor: 0,
  groupCursor: 0,
  openKey: null,
  clearedUpTo: new Map(),
});

export interface EngineCore {
  store: Store<ChatsState>;
  deps: ChatEngineDeps;
  session: Session;
  get(): ChatsState;
  chatOf(key: string): ChatRecord | undefined;
  setPhase(phase: Phase): void;
  /** End the temporary list: every chat shows. */
  showAll(): void;
  /** End the temporary list after ms at the latest. */
  showAllAfter(ms: number): void;
  /** Replace one chat; marks it for saving. */
  patch(key: string, fn: (c: ChatRecord) => ChatRecord): void;
  /** The chat's key, creating the chat (and showing it in a temporary list) when missing. */
  ensureChat(type: ChatType, targetId: number): string;
  /** ensureChat then patch, for many chats with one store update (the offline pull's batches). */
  patchMany(items: readonly ChatPatch[]): void;
  /** Refresh names and avatars from the friend and group lists (remarks change names). */
  refreshPeers(): void;
  /** The name recall notices use. */
  peerName(c: ChatRecord): string;
  /** Name, avatar and do-not-disturb of a chat's target (friend or group), if known. */
  infoOf(type: ChatType, targetId: number): Peer | undefined;
  /** The message was deleted for me, or belongs to a chat removed after it (spec §4: delete chat). */
  isGone(key: string, id: number): boolean;
  /** Actions wait for the stored chats: a chat made before them would hide its stored messages. */
  untilLoaded(): Promise<void>;
  releaseWaiters(): void;
  /** Sign-out: cancel the pending full list. */
  reset(): void;
}

export interface ChatPatch {
  type: ChatType;
  targetId: number;
  fn: (c: ChatRecord) => ChatRecord;
}

export function createCore(store: Store<ChatsState>, deps: ChatEngineDeps, session: Session, saver: Saver): EngineCore {
  let fullListTimer: unknown = null;
  let loadWaiters: (() => void)[] = [];

  function untilLoaded(): Promise<void> {
    if (session.loaded || session.userId === null) return Promise.resolve();
    return new Promise((resolve) => loadWaiters.push(resolve));
  }
  function releaseWaiters() {
    const waiters = loadWaiters;
    loadWaiters = [];
    for (const w of waiters) w();
  }

  const get = () => store.get();
  const chatOf = (key: string): ChatRecord | undefined => get().chats[key];

  function setPhase(phase: Phase) {
    store.set((s) => (s.phase === phase ? s : { ...s, phase }));
  }

  function showAll() {
    if (fullListTimer !== null) deps.timers.clear(fullListTimer);
    fullListTimer = null;
    store.set((s) => (s.visible === null ? s : { ...s, visible: null }));
  }

  function patch(key: string, fn: (c: ChatRecord) => ChatRecord): void {
    const current = chatOf(key);
    if (!current) return;
    const next = fn(current);
    if (next === current) return;
    store.set((s) => ({ ...s, chats: { ...s.chats, [key]: next } }));
    saver.markChanged(key);
  }

  function ensureChat(type: ChatType, targetId: number): string {
    const key = chatKey({ type, targetId });
    const s = get();
    if (s.chats[key] && (s.visible === null || s.visible.has(key))) return key;
    const created = !s.chats[key];
    const rec = s.chats[key] ?? freshChat(key, type, targetId);
    const visible = s.visible === null ? null : new Set(s.visible).add(key);
    store.set({ ...s, chats: { ...s.chats, [key]: rec }, visible });
    if (created) {
      saver.unmarkRemoved(key);
      saver.markChanged(key);
      if (!infoOf(type, targetId)) void fillUnknownPeer(key, type, targetId);
    }
    return key;
  }

  function patchMany(items: readonly ChatPatch[]): void {
    const s = get();
    const chats = { ...s.chats };
    const visible = s.visible === null ? null : new Set(s.visible);
    const created: ChatPatch[] = [];
    let changed = false;
    for (const item of items) {
      const key = chatKey(item);
      const current = chats[key];
      const rec = current ?? freshChat(key, item.type, item.targetId);
      const next = item.fn(rec);
      if (visible && !visible.has(key)) {
        visible.add(key);
        changed = true;
      }
      if (current && next === current) continue;
      chats[key] = next;
      changed = true;
      if (!current) created.push(item);
      saver.markChanged(key);
    }
    if (!changed) return;
    store.set({ ...s, chats, visible });
    for (const { type, targetId } of created) {
      saver.unmarkRemoved(chatKey({ type, targetId }));
      if (!infoOf(type, targetId)) void fillUnknownPeer(chatKey({ type, targetId }), type, targetId);
    }
  }

  /** A new chat; after "delete chat" its old history stays gone (only newer messages show). */
  function freshChat(key: string, type: ChatType, targetId: number): ChatRecord {
    const rec = blankChat(type, targetId, infoOf(type, targetId));
    return session.clearedUpTo.has(key) ? { ...rec, hasMore: false } : rec;
  }

  function isGone(key: string, id: number): boolean {
    return id <= (session.clearedUpTo.get(key) ?? 0) || (chatOf(key)?.deletedIds.includes(id) ?? false);
  }

  function infoOf(type: ChatType, targetId: number): Peer | undefined {
    return type === ChatType.GROUP ? deps.group(targetId) : deps.peer(targetId);
  }

  async function fillUnknownPeer(key: string, type: ChatType, targetId: number) {
    const gen = session.gen;
    const lookup = type === ChatType.GROUP ? deps.lookupGroup : deps.lookupUser;
    const info = await lookup(targetId).catch(() => undefined);
    if (!info || gen !== session.gen) return;
    patch(key, (c) =>
      c.showName === info.showName && c.headImage === info.headImage
        ? c
        : { ...c, showName: info.showName, headImage: info.headImage },
    );
  }

  function refreshPeers(): void {
    for (const [key, c] of Object.entries(get().chats)) {
      if (c.type !== ChatType.PRIVATE && c.type !== ChatType.GROUP) continue;
      const peer = infoOf(c.type, c.targetId);
      if (peer && (peer.showName !== c.showName || peer.headImage !== c.headImage)) {
        patch(key, (x) => ({ ...x, showName: peer.showName, headImage: peer.headImage }));
      }
    }
  }

  return {
    store,
    deps,
    session,
    get,
    chatOf,
    setPhase,
    showAll,
    showAllAfter(ms) {
      fullListTimer = deps.timers.set(showAll, ms);
    },
    patch,
    ensureChat,
    patchMany,
    refreshPeers,
    peerName: (c) => infoOf(c.type, c.targetId)?.showName ?? c.showName,
    infoOf,
    isGone,
    untilLoaded,
    releaseWaiters,
    reset() {
      if (fullListTimer !== null) deps.timers.clear(fullListTimer);
      fullListTimer = null;
    },
  };
}
