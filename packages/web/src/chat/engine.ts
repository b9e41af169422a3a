/**
 * The chat store of the signed-in user (spec §3-§4, wire-contract §6, §9): loads
 * the chats from the device at sign-in, applies the socket's cmd 3 frames, pulls
 * offline messages on every socket login, runs the send pipeline and saves back.
 * Its inputs (REST calls, uploads, persistence, friends, clock, page visibility)
 * are injected, so every rule runs under node tests with fakes.
 *
 * The offline pull cursor (docs/MESSAGE-DELIVERY.md): on every socket login the
 * client asks for everything above the cursor captured at that moment. The cursor
 * only covers ids known to have nothing missing below them: it moves to the largest
 * id received over the socket when the pull's LOADING "false" frame arrives, and
 * with each later live frame. Ids learned over REST (own send replies, history)
 * never move it; the pull brings those again and they are dropped as duplicates.
 */
import {
  CHAT_LIST_INITIAL_SIZE,
  ChatType,
  MessageStatus,
  MessageType,
  checkMessageContent,
  type CardContent,
  type ImageUploadResult,
  type PrivateMessage,
  type PrivateSendRequest,
  type VideoUploadResult,
} from '@parley/protocol';
import type { Store } from '../app/createStore';
import type { Translate } from '../i18n/timeText';
import {
  applyRecall,
  applyReceipt,
  countsAsUnread,
  fromWire,
  indexOfId,
  indexOfKey,
  indexOfTmpId,
  insertMessage,
  isListedType,
  markPeerMessagesRead,
  minIdOf,
  privateTargetOf,
} from './messages';
import { STORED_MESSAGES_MAX, type ChatPersistence, type StoredChat, type StoredIndex } from './persistence';
import { recallNotice, type LastMessage } from './preview';
import { chatKey, messageKey, type Attachment, type ChatListState, type ChatMessage, type SendOptions } from './types';

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

export interface ChatApi {
  send(req: PrivateSendRequest): Promise<PrivateMessage>;
  recall(id: number): Promise<PrivateMessage>;
  pullOffline(minId: number): Promise<unknown>;
  readed(friendId: number): Promise<unknown>;
  maxReadedId(friendId: number): Promise<number>;
  /** Newest first, 1-based pages. */
  history(friendId: number, page: number, size: number): Promise<PrivateMessage[]>;
}

export type Progress = (fraction: number) => void;
export interface Uploader {
  image(file: File, onProgress: Progress): Promise<ImageUploadResult>;
  /** Returns the file's URL. */
  file(blob: Blob, name: string, onProgress: Progress): Promise<string>;
  video(file: File, onProgress: Progress): Promise<VideoUploadResult>;
  /** A URL showing a local file while it uploads. */
  localUrl(blob: Blob): string;
}

export interface Peer {
  showName: string;
  headImage: string;
  isDnd: boolean;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface ChatEngineDeps {
  api: ChatApi;
  upload: Uploader;
  persistence: ChatPersistence;
  /** A friend's display data, if known. */
  peer(userId: number): Peer | undefined;
  /** Look up someone who is not (or no longer) a friend. */
  lookupUser(userId: number): Promise<{ showName: string; headImage: string } | undefined>;
  t: Translate;
  now(): number;
  newTmpId(): string;
  /** Page visible (document.visibilityState). */
  isVisible(): boolean;
  /** A new message arrived from someone else while the page is hidden. */
  notify(chat: ChatRecord, message: ChatMessage): void;
  toast(text: string): void;
  timers: Timers;
  saveDelayMs?: number;
}

export interface ChatEngine {
  start(userId: number): Promise<void>;
  stop(): Promise<void>;
  /** The socket's state changed ('loggedIn' after each login). */
  onConnection(state: 'closed' | 'open' | 'loggedIn'): void;
  /** Data of one cmd 3 frame. */
  onFrame(data: unknown): void;
  onVisibilityChange(): void;
  /** Names and avatars follow the friend list. */
  refreshPeers(): void;
  /** Write pending changes now (page hide). */
  flush(): Promise<void>;
  /** Current offline pull cursor (tests, diagnostics). */
  cursor(): number;
  openChat(type: ChatType, targetId: number): Promise<void>;
  closeChat(type: ChatType, targetId: number): void;
  sendText(type: ChatType, targetId: number, text: string, opts?: SendOptions): Promise<void>;
  sendAttachment(type: ChatType, targetId: number, attachment: Attachment, opts?: SendOptions): Promise<void>;
  sendCard(type: ChatType, targetId: number, card: CardContent, opts?: SendOptions): Promise<void>;
  forward(message: ChatMessage, targets: { type: ChatType; targetId: number }[]): Promise<void>;
  retry(type: ChatType, targetId: number, key: string): Promise<void>;
  recall(type: ChatType, targetId: number, messageId: number): Promise<void>;
  deleteMessage(type: ChatType, targetId: number, key: string): Promise<void>;
  loadOlder(type: ChatType, targetId: number): Promise<void>;
  setDraft(type: ChatType, targetId: number, draft: string): void;
  pinChat(type: ChatType, targetId: number, pinned: boolean): Promise<void>;
  removeChat(type: ChatType, targetId: number): Promise<void>;
}

export const HISTORY_PAGE_SIZE = 50;
/** Ask the server again this long after a failed offline pull. */
export const PULL_RETRY_MS = 3_000;
/** Show the saved list anyway when a pull never finishes (a lost LOADING frame). */
export const PULL_SAFETY_MS = 30_000;
const READ_DEBOUNCE_MS = 300;
const DELETED_IDS_MAX = 5_000;

/** Pinned first, then by last activity, newest first. */
export function compareChats(a: ChatRecord, b: ChatRecord): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return Math.max(b.lastSendTime, b.openedAt) - Math.max(a.lastSendTime, a.openedAt);
}

export function sortedKeys(chats: Readonly<Record<string, ChatRecord>>): string[] {
  return Object.entries(chats)
    .sort(([, a], [, b]) => compareChats(a, b))
    .map(([k]) => k);
}

const lastOf = (m: ChatMessage): LastMessage => ({
  type: m.type,
  content: m.content,
  status: m.status,
  selfSend: m.selfSend,
});

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

function toStored(rec: ChatRecord): StoredChat {
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
    draft: rec.draft,
    messages: messages.map((m) => (m.progress === undefined ? m : { ...m, progress: undefined })),
    deletedIds: rec.deletedIds,
    maxReadId: rec.maxReadId,
    hasMore: rec.hasMore || trimmed,
  };
}

interface PendingUpload {
  attachment: Attachment;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function asWire(data: unknown): PrivateMessage | null {
  if (!isObject(data)) return null;
  if (typeof data.type !== 'number' || typeof data.sendId !== 'number' || typeof data.recvId !== 'number') return null;
  if (typeof data.content !== 'string') return null;
  return data as unknown as PrivateMessage;
}

export function createChatEngine(store: Store<ChatsState>, deps: ChatEngineDeps): ChatEngine {
  const saveDelay = deps.saveDelayMs ?? 500;
  /** Bumped by start/stop: answers of an ended session are dropped. */
  let session = 0;
  let userId: number | null = null;
  let loaded = false;
  let buffered: unknown[] = [];
  let loggedIn = false;
  let connection: 'closed' | 'open' | 'loggedIn' = 'closed';
  let loginPending = false;
  /** Between a socket login and its LOADING "false": the list is temporary (spec §4). */
  let pulling = false;
  let pullGen = 0;
  let pullTimer: unknown = null;
  let cursor = 0;
  let frameMaxId = 0;
  let openKey: string | null = null;
  const maxReadFetched = new Set<string>();
  const readTimers = new Map<number, unknown>();
  const uploads = new Map<string, PendingUpload>();
  const dirty = new Set<string>();
  const removed = new Set<string>();
  let indexDirty = false;
  let saveTimer: unknown = null;
  let saving: Promise<void> = Promise.resolve();
  let fullListTimer: unknown = null;
  let loadWaiters: (() => void)[] = [];

  /** Actions wait for the stored chats: a chat made before them would hide its stored messages. */
  function untilLoaded(): Promise<void> {
    if (loaded || userId === null) return Promise.resolve();
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

  /** Replace one chat; marks it for saving. */
  function patch(key: string, fn: (c: ChatRecord) => ChatRecord): void {
    const current = chatOf(key);
    if (!current) return;
    const next = fn(current);
    if (next === current) return;
    store.set((s) => ({ ...s, chats: { ...s.chats, [key]: next } }));
    dirty.add(key);
    indexDirty = true;
    scheduleSave();
  }

  function blankChat(type: ChatType, targetId: number): ChatRecord {
    const peer = deps.peer(targetId);
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

  /** The chat's key, creating the chat (and showing it in a temporary list) when missing. */
  function ensureChat(type: ChatType, targetId: number): string {
    const key = chatKey({ type, targetId });
    const s = get();
    if (s.chats[key] && (s.visible === null || s.visible.has(key))) return key;
    const created = !s.chats[key];
    const rec = s.chats[key] ?? blankChat(type, targetId);
    const visible = s.visible === null ? null : new Set(s.visible).add(key);
    store.set({ ...s, chats: { ...s.chats, [key]: rec }, visible });
    if (created) {
      removed.delete(key);
      dirty.add(key);
      indexDirty = true;
      scheduleSave();
      if (!deps.peer(targetId)) void fillUnknownPeer(key, targetId);
    }
    return key;
  }

  async function fillUnknownPeer(key: string, targetId: number) {
    const gen = session;
    const info = await deps.lookupUser(targetId).catch(() => undefined);
    if (!info || gen !== session) return;
    patch(key, (c) =>
      c.showName === info.showName && c.headImage === info.headImage
        ? c
        : { ...c, showName: info.showName, headImage: info.headImage },
    );
  }

  /** Refresh names and avatars from the friend list (remarks change names). */
  function refreshPeers(): void {
    for (const [key, c] of Object.entries(get().chats)) {
      if (c.type !== ChatType.PRIVATE) continue;
      const peer = deps.peer(c.targetId);
      if (peer && (peer.showName !== c.showName || peer.headImage !== c.headImage)) {
        patch(key, (x) => ({ ...x, showName: peer.showName, headImage: peer.headImage }));
      }
    }
  }

  // ---- saving ----------------------------------------------------------

  function scheduleSave() {
    if (userId === null || pulling || !loaded) return;
    if (saveTimer !== null) deps.timers.clear(saveTimer);
    saveTimer = deps.timers.set(() => {
      saveTimer = null;
      void flush();
    }, saveDelay);
  }

  function flush(): Promise<void> {
    if (saveTimer !== null) deps.timers.clear(saveTimer);
    saveTimer = null;
    const uid = userId;
    if (uid === null || pulling || !loaded) return saving;
    if (!indexDirty && dirty.size === 0 && removed.size === 0) return saving;
    const chats = get().chats;
    const index: StoredIndex = { chatKeys: sortedKeys(chats), privateMaxId: cursor };
    const changed = [...dirty].flatMap((k) => (chats[k] ? [toStored(chats[k])] : []));
    const gone = [...removed];
    dirty.clear();
    removed.clear();
    indexDirty = false;
    saving = saving
      .then(() => deps.persistence.save(uid, index, changed, gone))
      .catch((err: unknown) => console.error('chat store: save failed', err));
    return saving;
  }

  // ---- sign-in ---------------------------------------------------------

  async function start(uid: number): Promise<void> {
    const gen = ++session;
    userId = uid;
    loaded = false;
    buffered = [];
    cursor = 0;
    frameMaxId = 0;
    store.set({ userId: uid, phase: 'initializing', chats: {}, visible: new Set() });
    let index: StoredIndex | undefined;
    let rest: (StoredChat | undefined)[];
    try {
      index = await deps.persistence.loadIndex(uid);
      if (gen !== session) return;
      const keys = index?.chatKeys ?? [];
      const first = await deps.persistence.loadChats(uid, keys.slice(0, CHAT_LIST_INITIAL_SIZE));
      if (gen !== session) return;
      // The first 15 show at once (spec §4).
      const initial = Object.fromEntries(first.flatMap((c) => (c ? [[chatKey(c), toRecord(c)]] : [])));
      store.set((s) => ({ ...s, chats: { ...initial, ...s.chats }, visible: new Set(Object.keys(initial)) }));
      rest = await deps.persistence.loadChats(uid, keys.slice(CHAT_LIST_INITIAL_SIZE));
      if (gen !== session) return;
    } catch (err) {
      console.error('chat store: load failed', err);
      if (gen !== session) return;
      index = undefined;
      rest = [];
    }
    cursor = index?.privateMaxId ?? 0;
    frameMaxId = cursor;
    const others = Object.fromEntries(rest.flatMap((c) => (c ? [[chatKey(c), toRecord(c)]] : [])));
    store.set((s) => ({ ...s, chats: { ...others, ...s.chats } }));
    loaded = true;
    // The pull starts first: the cursor is the one stored, frames that came meanwhile belong to the pull.
    if (loginPending || loggedIn) {
      loginPending = false;
      beginPull();
    }
    const frames = buffered;
    buffered = [];
    for (const f of frames) handleFrame(f);
    releaseWaiters();
    if (connection === 'closed') showAll();
    // Not connected: no pending messages can load now, show what is stored.
    else if (get().visible !== null) fullListTimer = deps.timers.set(showAll, PULL_SAFETY_MS);
  }

  async function stop(): Promise<void> {
    await flush();
    session++;
    userId = null;
    loaded = false;
    buffered = [];
    pulling = false;
    loginPending = false;
    pullGen++;
    if (pullTimer !== null) deps.timers.clear(pullTimer);
    if (fullListTimer !== null) deps.timers.clear(fullListTimer);
    if (saveTimer !== null) deps.timers.clear(saveTimer);
    for (const h of readTimers.values()) deps.timers.clear(h);
    readTimers.clear();
    pullTimer = fullListTimer = saveTimer = null;
    openKey = null;
    maxReadFetched.clear();
    uploads.clear();
    dirty.clear();
    removed.clear();
    indexDirty = false;
    store.set(EMPTY_CHATS);
    releaseWaiters();
  }

  // ---- connection and offline pull ------------------------------------

  function onConnection(state: 'closed' | 'open' | 'loggedIn') {
    if (state === connection) return;
    connection = state;
    if (state === 'loggedIn') {
      loggedIn = true;
      if (userId === null) return;
      if (!loaded) loginPending = true;
      else beginPull();
      return;
    }
    const wasPulling = pulling;
    loggedIn = false;
    loginPending = false;
    pulling = false;
    pullGen++;
    if (pullTimer !== null) deps.timers.clear(pullTimer);
    pullTimer = null;
    if (userId === null) return;
    if (wasPulling || get().phase === 'receiving') setPhase('initializing');
    if (state === 'closed' && loaded) showAll();
    // What arrived during the interrupted pull may be saved now; the cursor did not move.
    scheduleSave();
  }

  function beginPull() {
    const gen = ++pullGen;
    pulling = true;
    // The cursor at the moment of login (THE RULE, docs/MESSAGE-DELIVERY.md).
    const minId = cursor;
    setPhase('receiving');
    const attempt = () => {
      deps.api.pullOffline(minId).then(
        () => {
          if (gen !== pullGen || !pulling) return;
          pullTimer = deps.timers.set(() => {
            if (gen === pullGen && pulling) finishPull();
          }, PULL_SAFETY_MS);
        },
        () => {
          if (gen !== pullGen || !pulling) return;
          pullTimer = deps.timers.set(() => {
            if (gen === pullGen && pulling) attempt();
          }, PULL_RETRY_MS);
        },
      );
    };
    attempt();
  }

  function finishPull() {
    if (!pulling) return;
    pulling = false;
    if (pullTimer !== null) deps.timers.clear(pullTimer);
    pullTimer = null;
    if (frameMaxId > cursor) cursor = frameMaxId;
    indexDirty = true;
    setPhase('ready');
    showAll();
    void flush();
  }

  /** An id received over the socket. */
  function trackFrameId(id: unknown) {
    if (typeof id !== 'number') return;
    if (id > frameMaxId) frameMaxId = id;
    if (loggedIn && !pulling && id > cursor) {
      cursor = id;
      indexDirty = true;
    }
  }

  // ---- frames ----------------------------------------------------------

  function onFrame(data: unknown) {
    if (userId === null) return;
    if (!loaded) {
      buffered.push(data);
      return;
    }
    handleFrame(data);
  }

  function handleFrame(data: unknown) {
    if (!isObject(data) || typeof data.type !== 'number') return;
    const type = data.type;
    if (type === MessageType.LOADING) {
      if (data.content === 'true') setPhase('receiving');
      else if (data.content === 'false') finishPull();
      return;
    }
    const wire = asWire(data);
    if (!wire) return;
    if (type === MessageType.READED) return applyReaded(wire);
    if (type === MessageType.RECEIPT) return applyReceiptFrame(wire);
    if (type === MessageType.RECALL) {
      applyRecallMessage(wire);
      trackFrameId(wire.id);
      return;
    }
    if (!isListedType(type) || typeof wire.id !== 'number') return;
    applyMessage(wire, !pulling);
    trackFrameId(wire.id);
  }

  function applyReaded(wire: PrivateMessage) {
    // From my other terminal: I read the chat with recvId.
    if (wire.sendId !== userId) return;
    const key = chatKey({ type: ChatType.PRIVATE, targetId: wire.recvId });
    patch(key, (c) =>
      c.unreadCount === 0 && !c.atMe && !c.atAll && c.messages === markPeerMessagesRead(c.messages)
        ? c
        : { ...c, unreadCount: 0, atMe: false, atAll: false, messages: markPeerMessagesRead(c.messages) },
    );
  }

  function applyReceiptFrame(wire: PrivateMessage) {
    // The friend (sendId) read my messages up to content.
    const maxId = Number(wire.content);
    if (!Number.isFinite(maxId)) return;
    const key = chatKey({ type: ChatType.PRIVATE, targetId: wire.sendId });
    patch(key, (c) => {
      const messages = applyReceipt(c.messages, maxId);
      if (messages === c.messages && maxId <= c.maxReadId) return c;
      return { ...c, messages, maxReadId: Math.max(c.maxReadId, maxId) };
    });
  }

  function peerName(c: ChatRecord): string {
    return deps.peer(c.targetId)?.showName ?? c.showName;
  }

  function applyRecallMessage(wire: PrivateMessage) {
    const uid = userId;
    if (uid === null) return;
    const originalId = Number(wire.content);
    const key = chatKey({ type: ChatType.PRIVATE, targetId: privateTargetOf(wire, uid) });
    const selfSend = wire.sendId === uid;
    patch(key, (c) => {
      const notice = recallNotice(selfSend, peerName(c), deps.t);
      const at = indexOfId(c.messages, originalId);
      const original = at >= 0 ? c.messages[at] : undefined;
      const wasUnread = original !== undefined && original.status !== MessageStatus.RECALL && countsAsUnread(original);
      const messages = applyRecall(c.messages, originalId, notice);
      if (messages === c.messages && c.last?.type === MessageType.RECALL) return c;
      return {
        ...c,
        messages,
        unreadCount: wasUnread ? Math.max(0, c.unreadCount - 1) : c.unreadCount,
        last: { type: MessageType.RECALL, content: notice, status: MessageStatus.RECALL, selfSend },
      };
    });
  }

  function isOpenAndSeen(key: string) {
    return openKey === key && deps.isVisible();
  }

  /** A stored message (frame, send reply, or history). Returns whether it was new. */
  function applyMessage(wire: PrivateMessage, live: boolean): boolean {
    const uid = userId;
    if (uid === null) return false;
    const targetId = privateTargetOf(wire, uid);
    const existing = chatOf(chatKey({ type: ChatType.PRIVATE, targetId }));
    if (existing?.deletedIds.includes(wire.id)) return false;
    const key = ensureChat(ChatType.PRIVATE, targetId);
    const entry = fromWire(wire, uid);
    let added = false;
    let counted = false;
    patch(key, (c) => {
      if (entry.status === MessageStatus.RECALL) entry.content = recallNotice(entry.selfSend, peerName(c), deps.t);
      const { list, outcome } = insertMessage(c.messages, entry);
      if (outcome === 'duplicate') return list === c.messages ? c : { ...c, messages: list };
      added = outcome === 'added';
      let unreadCount = c.unreadCount;
      if (added && countsAsUnread(entry)) {
        if (isOpenAndSeen(key)) {
          const at = indexOfId(list, entry.id!);
          if (at >= 0) list[at] = { ...entry, status: MessageStatus.READED };
          scheduleRead(targetId);
        } else {
          unreadCount++;
          counted = true;
        }
      }
      const newest = entry.sendTime >= c.lastSendTime;
      return {
        ...c,
        messages: list,
        unreadCount,
        last: newest ? lastOf(entry) : c.last,
        lastSendTime: newest ? entry.sendTime : c.lastSendTime,
      };
    });
    if (counted && live && !deps.isVisible() && !deps.peer(targetId)?.isDnd) {
      const c = chatOf(key);
      if (c) deps.notify(c, entry);
    }
    return added;
  }

  function scheduleRead(friendId: number) {
    const prev = readTimers.get(friendId);
    if (prev !== undefined) deps.timers.clear(prev);
    const gen = session;
    readTimers.set(
      friendId,
      deps.timers.set(() => {
        readTimers.delete(friendId);
        if (gen === session) deps.api.readed(friendId).catch(() => undefined);
      }, READ_DEBOUNCE_MS),
    );
  }

  function markRead(key: string) {
    const c = chatOf(key);
    if (!c) return;
    const hasUnread = c.unreadCount > 0 || c.atMe || c.atAll;
    const messages = markPeerMessagesRead(c.messages);
    if (!hasUnread && messages === c.messages) return;
    patch(key, (x) => ({ ...x, unreadCount: 0, atMe: false, atAll: false, messages }));
    if (c.type === ChatType.PRIVATE) scheduleRead(c.targetId);
  }

  function onVisibilityChange() {
    if (openKey && deps.isVisible()) markRead(openKey);
  }

  // ---- opening ---------------------------------------------------------

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

  async function openChat(type: ChatType, targetId: number): Promise<void> {
    if (!loaded) await untilLoaded();
    if (userId === null) return;
    const key = ensureChat(type, targetId);
    openKey = key;
    const now = deps.now();
    patch(key, (c) => ({
      ...c,
      openedAt: now,
      // A chat created by opening it shows its creation time (spec §4: it moves to the top).
      lastSendTime: c.lastSendTime === 0 && c.messages.length === 0 ? now : c.lastSendTime,
      firstUnreadKey: firstUnreadKeyOf(c),
    }));
    if (deps.isVisible()) markRead(key);
    const c = chatOf(key);
    if (!c) return;
    const tasks: Promise<unknown>[] = [];
    if (type === ChatType.PRIVATE && !maxReadFetched.has(key)) {
      maxReadFetched.add(key);
      const gen = session;
      tasks.push(
        deps.api.maxReadedId(targetId).then(
          (maxId) => {
            if (gen !== session || maxId < 0) return;
            patch(key, (x) => {
              const messages = applyReceipt(x.messages, maxId);
              if (messages === x.messages && maxId <= x.maxReadId) return x;
              return { ...x, messages, maxReadId: Math.max(x.maxReadId, maxId) };
            });
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
    if (openKey !== key) return;
    openKey = null;
    patch(key, (c) => (c.firstUnreadKey === undefined ? c : { ...c, firstUnreadKey: undefined }));
  }

  // ---- sending ---------------------------------------------------------

  function setEntry(key: string, tmpId: string, fields: Partial<ChatMessage>) {
    patch(key, (c) => {
      const at = indexOfTmpId(c.messages, tmpId);
      if (at < 0) return c;
      const messages = [...c.messages];
      messages[at] = { ...messages[at]!, ...fields };
      const isLast = at === messages.length - 1;
      return { ...c, messages, last: isLast ? lastOf(messages[at]!) : c.last };
    });
  }

  function quoteOf(c: ChatRecord, id: number | undefined) {
    if (id === undefined) return undefined;
    const at = indexOfId(c.messages, id);
    const m = at >= 0 ? c.messages[at] : undefined;
    return m ? { id, sendId: m.sendId, type: m.type, content: m.content, status: m.status } : undefined;
  }

  /** Add the optimistic entry and run the pipeline. */
  async function submit(
    type: ChatType,
    targetId: number,
    msgType: number,
    content: string,
    opts: SendOptions = {},
    attachment?: Attachment,
  ): Promise<void> {
    if (!loaded) await untilLoaded();
    const uid = userId;
    if (uid === null) return;
    if (type !== ChatType.PRIVATE) throw new Error(`chat type ${type} is not supported yet`);
    const key = ensureChat(type, targetId);
    const tmpId = deps.newTmpId();
    const now = deps.now();
    patch(key, (c) => {
      const entry: ChatMessage = {
        tmpId,
        type: msgType,
        content,
        sendId: uid,
        recvId: targetId,
        sendTime: now,
        status: MessageStatus.UNSEND,
        selfSend: true,
        loadStatus: 'sending',
      };
      const quote = quoteOf(c, opts.quoteMessageId);
      if (quote) entry.quoteMessage = quote;
      if (attachment) entry.progress = 0;
      return { ...c, messages: [...c.messages, entry], last: lastOf(entry), lastSendTime: now, draft: '' };
    });
    if (attachment) uploads.set(tmpId, { attachment });
    await deliver(key, tmpId);
  }

  async function uploadContent(key: string, tmpId: string, attachment: Attachment): Promise<string> {
    let shown = -1;
    const onProgress: Progress = (fraction) => {
      const pct = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
      if (pct === shown) return;
      shown = pct;
      setEntry(key, tmpId, { progress: pct / 100 });
    };
    switch (attachment.kind) {
      case 'image':
        return JSON.stringify(await deps.upload.image(attachment.file, onProgress));
      case 'video':
        return JSON.stringify(await deps.upload.video(attachment.file, onProgress));
      case 'file': {
        const url = await deps.upload.file(attachment.file, attachment.file.name, onProgress);
        return JSON.stringify({ name: attachment.file.name, size: attachment.file.size, url });
      }
      case 'voice': {
        // Spec §7: voice recordings are uploaded as `<day of month>.mp3`.
        const url = await deps.upload.file(attachment.blob, `${new Date().getDate()}.mp3`, onProgress);
        return JSON.stringify({ duration: Math.max(0, Math.round(attachment.durationSec)), url });
      }
    }
  }

  async function deliver(key: string, tmpId: string): Promise<void> {
    const gen = session;
    const c = chatOf(key);
    const at = c ? indexOfTmpId(c.messages, tmpId) : -1;
    if (!c || at < 0) return;
    const entry = c.messages[at]!;
    setEntry(key, tmpId, { loadStatus: 'sending' });
    try {
      let content = entry.content;
      const pending = uploads.get(tmpId);
      if (pending) {
        content = await uploadContent(key, tmpId, pending.attachment);
        if (gen !== session) return;
        uploads.delete(tmpId);
        setEntry(key, tmpId, { content, progress: 1 });
      }
      const reply = await deps.api.send({
        tmpId,
        recvId: c.targetId,
        type: entry.type,
        content,
        quoteMessageId: entry.quoteMessage?.id,
      });
      if (gen !== session) return;
      applyMessage(reply, false);
    } catch {
      if (gen !== session) return;
      // Never resent automatically (spec §4): the user retries.
      setEntry(key, tmpId, { loadStatus: 'fail' });
    }
  }

  async function sendText(type: ChatType, targetId: number, text: string, opts?: SendOptions) {
    const check = checkMessageContent(MessageType.TEXT, text);
    if (!check.ok) {
      deps.toast(deps.t(`errors.${check.key}`));
      return;
    }
    await submit(type, targetId, MessageType.TEXT, check.content, opts);
  }

  async function sendCard(type: ChatType, targetId: number, card: CardContent, opts?: SendOptions) {
    const check = checkMessageContent(MessageType.CARD, JSON.stringify(card));
    if (!check.ok) {
      deps.toast(deps.t(`errors.${check.key}`));
      return;
    }
    await submit(type, targetId, MessageType.CARD, check.content, opts);
  }

  async function sendAttachment(type: ChatType, targetId: number, attachment: Attachment, opts?: SendOptions) {
    let msgType: number;
    let preview: string;
    switch (attachment.kind) {
      case 'image': {
        const url = deps.upload.localUrl(attachment.file);
        msgType = MessageType.IMAGE;
        preview = JSON.stringify({ originUrl: url, thumbUrl: url, width: 0, height: 0 });
        break;
      }
      case 'video':
        msgType = MessageType.VIDEO;
        preview = JSON.stringify({
          videoUrl: deps.upload.localUrl(attachment.file),
          coverUrl: '',
          width: 0,
          height: 0,
          duration: 0,
        });
        break;
      case 'file':
        msgType = MessageType.FILE;
        preview = JSON.stringify({ name: attachment.file.name, size: attachment.file.size, url: '' });
        break;
      case 'voice':
        msgType = MessageType.AUDIO;
        preview = JSON.stringify({
          duration: Math.max(0, Math.round(attachment.durationSec)),
          url: deps.upload.localUrl(attachment.blob),
        });
        break;
    }
    await submit(type, targetId, msgType, preview, opts, attachment);
  }

  async function forward(message: ChatMessage, targets: { type: ChatType; targetId: number }[]) {
    if (message.status === MessageStatus.RECALL || message.type > MessageType.CARD) return;
    // A copy per target with new tmpIds, reusing the uploaded URLs.
    await Promise.all(targets.map((t) => submit(t.type, t.targetId, message.type, message.content)));
  }

  async function retry(type: ChatType, targetId: number, key: string) {
    if (!loaded) await untilLoaded();
    const ck = chatKey({ type, targetId });
    const c = chatOf(ck);
    const at = c ? indexOfKey(c.messages, key) : -1;
    const m = at >= 0 ? c!.messages[at] : undefined;
    if (!m || m.id !== undefined || !m.tmpId || m.loadStatus !== 'fail') return;
    if (!uploads.has(m.tmpId) && m.content.includes('blob:')) {
      // The picked file did not survive a reload: it cannot be uploaded again.
      deps.toast(deps.t('chat.retryUnavailable'));
      return;
    }
    await deliver(ck, m.tmpId);
  }

  async function recall(type: ChatType, targetId: number, messageId: number) {
    if (type !== ChatType.PRIVATE) return;
    const gen = session;
    const reply = await deps.api.recall(messageId);
    if (gen !== session) return;
    applyRecallMessage(reply);
  }

  async function deleteMessage(type: ChatType, targetId: number, key: string): Promise<void> {
    if (!loaded) await untilLoaded();
    patch(chatKey({ type, targetId }), (c) => {
      const at = indexOfKey(c.messages, key);
      if (at < 0) return c;
      const m = c.messages[at]!;
      const messages = [...c.messages.slice(0, at), ...c.messages.slice(at + 1)];
      if (m.tmpId) uploads.delete(m.tmpId);
      const deletedIds = m.id === undefined ? c.deletedIds : [...c.deletedIds, m.id].slice(-DELETED_IDS_MAX);
      const wasLast = at === c.messages.length - 1;
      const newLast = messages[messages.length - 1];
      return {
        ...c,
        messages,
        deletedIds,
        last: wasLast ? (newLast ? lastOf(newLast) : undefined) : c.last,
      };
    });
    return flush();
  }

  async function loadOlder(type: ChatType, targetId: number): Promise<void> {
    if (!loaded) await untilLoaded();
    const key = chatKey({ type, targetId });
    const c = chatOf(key);
    if (!c || c.loadingOlder || !c.hasMore || type !== ChatType.PRIVATE || userId === null) return;
    const gen = session;
    patch(key, (x) => ({ ...x, loadingOlder: true }));
    let hasMore = true;
    try {
      const oldestBefore = minIdOf(c.messages);
      const held = c.messages.reduce((n, m) => (m.id === undefined ? n : n + 1), 0);
      // Pages count from the newest; start where the held messages end (overlap is dropped by id).
      let page = Math.floor(held / HISTORY_PAGE_SIZE) + 1;
      for (let round = 0; round < 10; round++) {
        const batch = await deps.api.history(targetId, page, HISTORY_PAGE_SIZE);
        if (gen !== session) return;
        insertHistory(key, batch);
        if (batch.length < HISTORY_PAGE_SIZE) {
          hasMore = false;
          break;
        }
        const oldest = Math.min(...batch.map((m) => m.id));
        if (oldestBefore === undefined || oldest < oldestBefore) break;
        page++;
      }
    } catch {
      // shown by the request wrapper; the user scrolls up again
    } finally {
      if (gen === session) patch(key, (x) => ({ ...x, loadingOlder: false, hasMore: hasMore && x.hasMore }));
    }
  }

  function insertHistory(key: string, batch: readonly PrivateMessage[]) {
    const uid = userId;
    if (uid === null) return;
    patch(key, (c) => {
      let list = c.messages;
      for (const wire of batch) {
        if (!isListedType(wire.type) || c.deletedIds.includes(wire.id)) continue;
        const entry = fromWire(wire, uid);
        if (entry.status === MessageStatus.RECALL) entry.content = recallNotice(entry.selfSend, peerName(c), deps.t);
        list = insertMessage(list, entry).list;
      }
      if (list === c.messages) return c;
      const newest = list[list.length - 1];
      const takeLast = newest !== undefined && !c.last && newest.sendTime >= c.lastSendTime;
      return {
        ...c,
        messages: list,
        last: takeLast ? lastOf(newest) : c.last,
        lastSendTime: takeLast ? newest.sendTime : c.lastSendTime,
      };
    });
  }

  // ---- list actions ----------------------------------------------------

  function setDraft(type: ChatType, targetId: number, draft: string) {
    if (!loaded) {
      void untilLoaded().then(() => loaded && setDraft(type, targetId, draft));
      return;
    }
    const key = chatKey({ type, targetId });
    if (!chatOf(key)) {
      if (!draft) return;
      ensureChat(type, targetId);
    }
    patch(key, (c) => (c.draft === draft ? c : { ...c, draft }));
  }

  async function pinChat(type: ChatType, targetId: number, pinned: boolean): Promise<void> {
    if (!loaded) await untilLoaded();
    patch(chatKey({ type, targetId }), (c) => (c.pinned === pinned ? c : { ...c, pinned }));
    return flush();
  }

  async function removeChat(type: ChatType, targetId: number): Promise<void> {
    if (!loaded) await untilLoaded();
    const key = chatKey({ type, targetId });
    if (!chatOf(key)) return saving;
    // Flag it deleted (gone from the list at once), drop it with the save (spec §4).
    store.set((s) => {
      const chats = { ...s.chats };
      delete chats[key];
      return { ...s, chats };
    });
    dirty.delete(key);
    removed.add(key);
    indexDirty = true;
    maxReadFetched.delete(key);
    if (openKey === key) openKey = null;
    if (pulling) return saving;
    return flush();
  }

  return {
    start,
    stop,
    onConnection,
    onFrame,
    onVisibilityChange,
    flush,
    cursor: () => cursor,
    openChat,
    closeChat,
    sendText,
    sendAttachment,
    sendCard,
    forward,
    retry,
    recall,
    deleteMessage,
    loadOlder,
    setDraft,
    pinChat,
    removeChat,
    refreshPeers,
  };
}
