/**
 * The system stream of the signed-in user (wire-contract §6, docs/MESSAGE-DELIVERY.md
 * "The system stream"): cmd 5 frames of type 53 keyed by their per-user seqNo, the
 * offline pull after every socket login with the cursor captured at that login (the
 * shared stream in chat/stream.ts holds the rule, with seqNo as the id), READED frames
 * and `maxReadedSeqNo` for the read position, saved to the device with the cursor.
 * Inputs are injected so the rules run under node tests with fakes.
 */
import { MessageType, type SystemMessage } from '@parley/protocol';
import type { Store } from '../app/createStore';
import type { Timers } from '../chat/deps';
import { createStream, type Stream } from '../chat/stream';
import type { SystemPersistence } from './persistence';
import {
  EMPTY_SYSTEM,
  asSystemMessage,
  maxSeqOf,
  readPositionOf,
  withMessages,
  withRead,
  type SystemItem,
  type SystemState,
} from './state';

export interface SystemApi {
  pullOffline(minSeqNo: number): Promise<unknown>;
  readed(maxSeqNo: number): Promise<unknown>;
  maxReadedSeqNo(): Promise<number>;
}

export interface SystemEngineDeps {
  api: SystemApi;
  persistence: SystemPersistence;
  isVisible(): boolean;
  /** A new notification arrived live (the caller shows it only while the app is hidden). */
  notify(item: SystemItem): void;
  timers: Timers;
  saveDelayMs?: number;
  /** Epoch ms (an opened chat moves to the top); Date.now by default. */
  now?: () => number;
}

export type ConnectionState = 'closed' | 'open' | 'loggedIn';

export interface SystemEngine {
  start(userId: number): Promise<void>;
  /** Sign-out: save, then forget what is in memory. */
  stop(): Promise<void>;
  /** Logout: forget without saving and remove the stored record. */
  forget(userId: number): Promise<void>;
  onConnection(state: ConnectionState): void;
  /** Data of one cmd 5 frame. */
  onFrame(data: unknown): void;
  /** The system chat page shows: everything held is read, and so is what arrives while it shows. */
  open(): void;
  close(): void;
  markAllRead(): void;
  /** One notification was read (its content page): the read position moves up to it. */
  readUpTo(seqNo: number): void;
  onVisibilityChange(): void;
  pin(pinned: boolean): void;
  /** Delete the chat list entry: read everything, hide it until a newer notification. */
  remove(): void;
  flush(): Promise<void>;
  cursor(): number;
  readonly pulling: boolean;
}

/** The stream's view of a frame: `id` is the seqNo (the stream keys by it). */
interface Wire {
  id: number;
  type: number;
  msg?: SystemMessage;
  readSeq?: number;
}

function asWire(data: unknown): Wire | null {
  const msg = asSystemMessage(data);
  if (msg) return { id: msg.seqNo, type: msg.type, msg };
  const readSeq = readPositionOf(data);
  if (readSeq !== null) return { id: 0, type: MessageType.READED, readSeq };
  return null;
}

export function createSystemEngine(store: Store<SystemState>, deps: SystemEngineDeps): SystemEngine {
  const saveDelay = deps.saveDelayMs ?? 500;
  let gen = 0;
  let userId: number | null = null;
  let loaded = false;
  let cursor = 0;
  let loggedIn = false;
  let connection: ConnectionState = 'closed';
  let loginPending = false;
  let buffered: unknown[] = [];
  let isOpen = false;
  let saveTimer: unknown = null;
  let saving: Promise<void> = Promise.resolve();

  const seen = () => isOpen && deps.isVisible();

  function set(next: SystemState) {
    if (next === store.get()) return;
    store.set(next);
    scheduleSave();
  }

  function add(messages: readonly SystemMessage[]): number[] {
    const { state, added } = withMessages(store.get(), messages);
    set(state);
    if (seen()) markAllRead();
    return added;
  }

  const stream: Stream = createStream<Wire>({
    handlers: {
      asWire,
      applyPulled: (batch) => void add(batch.flatMap((w) => (w.msg ? [w.msg] : []))),
      applyMessage(wire, live) {
        if (!wire.msg) return false;
        const added = add([wire.msg]);
        if (live && added.length > 0 && !deps.isVisible()) {
          const item = store.get().items.find((i) => i.seqNo === wire.msg!.seqNo);
          if (item) deps.notify(item);
        }
        return added.length > 0;
      },
      applyRecallMessage: () => undefined,
      applyEditMessage: () => undefined,
      applyPinMessage: () => undefined,
      applyReactionMessage: () => undefined,
      applyReceiptFrame: () => undefined,
      applyReaded: (wire) => set(withRead(store.get(), wire.readSeq ?? 0)),
    },
    isStored: (type) => type === MessageType.SYSTEM_MESSAGE,
    pull: (minSeqNo) => deps.api.pullOffline(minSeqNo),
    getCursor: () => cursor,
    setCursor: (c) => {
      cursor = c;
    },
    timers: deps.timers,
    loggedIn: () => loggedIn,
    onPullStart: () => undefined,
    onPullEnd() {
      scheduleSave();
      // A READED frame sent while this terminal was away is caught up here.
      const g = gen;
      deps.api.maxReadedSeqNo().then(
        (seq) => g === gen && typeof seq === 'number' && set(withRead(store.get(), seq)),
        () => undefined,
      );
    },
    onCursorMoved: scheduleSave,
  });

  function scheduleSave() {
    if (userId === null || !loaded) return;
    if (saveTimer !== null) deps.timers.clear(saveTimer);
    saveTimer = deps.timers.set(() => {
      saveTimer = null;
      void save();
    }, saveDelay);
  }

  function save(): Promise<void> {
    if (saveTimer !== null) deps.timers.clear(saveTimer);
    saveTimer = null;
    const uid = userId;
    if (uid === null || !loaded) return saving;
    const s = store.get();
    const record = { items: s.items, cursor, readSeq: s.readSeq, pinned: s.pinned, hiddenSeq: s.hiddenSeq };
    saving = saving
      .then(() => deps.persistence.save(uid, record))
      .catch((err: unknown) => console.error('system store: save failed', err));
    return saving;
  }

  function markAllRead() {
    readUpTo(maxSeqOf(store.get()));
  }

  function readUpTo(max: number) {
    const s = store.get();
    if (max <= s.readSeq || max > maxSeqOf(s) || userId === null) return;
    set(withRead(s, max));
    // The server moves its position forward only and tells the other terminals (READED).
    deps.api.readed(max).catch(() => undefined);
  }

  function end() {
    gen++;
    userId = null;
    loaded = false;
    loginPending = false;
    buffered = [];
    isOpen = false;
    if (saveTimer !== null) deps.timers.clear(saveTimer);
    saveTimer = null;
    stream.reset();
    cursor = 0;
    store.set(EMPTY_SYSTEM);
  }

  async function start(uid: number): Promise<void> {
    const g = ++gen;
    userId = uid;
    loaded = false;
    buffered = [];
    stream.restoreCursor(0);
    store.set({ ...EMPTY_SYSTEM, userId: uid });
    const stored = await deps.persistence.load(uid).catch((err: unknown) => {
      console.error('system store: load failed', err);
      return undefined;
    });
    if (g !== gen) return;
    if (stored && Array.isArray(stored.items)) {
      store.set({
        userId: uid,
        items: stored.items,
        readSeq: stored.readSeq || 0,
        pinned: !!stored.pinned,
        hiddenSeq: stored.hiddenSeq || 0,
        openedAt: 0,
      });
      stream.restoreCursor(stored.cursor || 0);
    }
    loaded = true;
    // The pull starts first: frames that came meanwhile belong to it.
    if (loginPending || loggedIn) {
      loginPending = false;
      stream.beginPull();
    }
    const frames = buffered;
    buffered = [];
    for (const f of frames) stream.handleFrame(f);
    stream.flushPulled();
  }

  function onConnection(state: ConnectionState) {
    if (state === connection) return;
    connection = state;
    if (state === 'loggedIn') {
      loggedIn = true;
      if (userId === null) return;
      if (!loaded) loginPending = true;
      else stream.beginPull();
      return;
    }
    stream.drop();
    loggedIn = false;
    loginPending = false;
    scheduleSave();
  }

  return {
    start,
    async stop() {
      await save();
      end();
    },
    async forget(uid) {
      if (userId === uid) end();
      await saving;
      await deps.persistence.wipe(uid);
    },
    onConnection,
    onFrame(data) {
      if (userId === null) return;
      if (!loaded) buffered.push(data);
      else stream.handleFrame(data);
    },
    open() {
      isOpen = true;
      if (userId !== null) set({ ...store.get(), openedAt: (deps.now ?? Date.now)() });
      if (deps.isVisible()) markAllRead();
    },
    close() {
      isOpen = false;
    },
    markAllRead,
    readUpTo,
    onVisibilityChange() {
      if (seen()) markAllRead();
      if (!deps.isVisible()) void save();
    },
    pin(pinned) {
      const s = store.get();
      if (s.pinned !== pinned) set({ ...s, pinned });
    },
    remove() {
      markAllRead();
      const s = store.get();
      set({ ...s, hiddenSeq: maxSeqOf(s), pinned: false });
    },
    flush: save,
    cursor: () => cursor,
    get pulling() {
      return stream.pulling;
    },
  };
}
