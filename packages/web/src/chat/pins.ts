/**
 * Pinned messages of each chat (docs/PROTOCOL.md "Pinned messages"): the list loaded
 * from the pins endpoint when a chat opens, kept current by PIN (15) notices and
 * recalls, and kept on the device beside the chat so it shows offline.
 *
 * Every message's pin state carries the pinTime that set it; a notice or a listed pin
 * applies only if newer, so the last change by server order wins however the live
 * frames, the pull and the list interleave. A recall unpins for good.
 */
import { ChatType, parsePinNotice, type GroupPins, type PinNotice, type PrivatePins } from '@parley/protocol';
import { createStore, type Store } from '../app/createStore';
import { fromGroupWire } from './groupMessages';
import { fromWire } from './messages';
import { STORE, chatRecordKey, chatStoreOpener } from './persistence';
import type { ChatMessage } from './types';

/** One pinned message as the bar and the list show it. */
export interface PinnedEntry {
  message: ChatMessage;
  pinnedBy: number;
  pinTime: number;
}

interface Mark {
  pinned: boolean;
  pinTime: number;
}

/** A chat's pins: every known mark by message id, and the pinned messages we can show, newest first. */
export interface ChatPins {
  marks: Record<number, Mark>;
  entries: PinnedEntry[];
}

export const NO_PINS: ChatPins = { marks: {}, entries: [] };
/** A recall: no later pin can bring the message back. */
const RECALLED: Mark = { pinned: false, pinTime: Number.MAX_SAFE_INTEGER };

export interface PinDeps {
  fetch(type: ChatType, targetId: number): Promise<PrivatePins | GroupPins>;
  /** The message as the chat holds it, if it does. */
  findMessage(key: string, id: number): ChatMessage | undefined;
  selfId(): number | null;
  /** The device copy of a chat's pins (IndexedDB beside the chat). */
  loadSaved(key: string): Promise<ChatPins | undefined>;
  save(key: string, pins: ChatPins): void;
}

/** Newest pinTime first; only pinned marks with a message to show, ordered by their mark's time. */
function entriesOf(marks: Record<number, Mark>, messages: Map<number, PinnedEntry>): PinnedEntry[] {
  return [...messages.values()]
    .flatMap((e) => {
      const mark = marks[e.message.id!];
      if (!mark?.pinned) return [];
      return [mark.pinTime === e.pinTime ? e : { ...e, pinTime: mark.pinTime }];
    })
    .sort((a, b) => b.pinTime - a.pinTime);
}

/** The chat after a notice: applied only if newer than the mark it would replace. */
export function withNotice(c: ChatPins, notice: PinNotice, message: ChatMessage | undefined): ChatPins {
  const known = c.marks[notice.id];
  if (known && known.pinTime >= notice.pinTime) return c;
  const marks = { ...c.marks, [notice.id]: { pinned: notice.pinned, pinTime: notice.pinTime } };
  const byId = new Map(c.entries.map((e) => [e.message.id!, e]));
  const held = message ?? byId.get(notice.id)?.message;
  if (notice.pinned && held) byId.set(notice.id, { message: held, pinnedBy: notice.by, pinTime: notice.pinTime });
  return { marks, entries: entriesOf(marks, byId) };
}

export function withRecall(c: ChatPins, id: number): ChatPins {
  if (c.marks[id] === RECALLED) return c;
  const marks = { ...c.marks, [id]: RECALLED };
  return { marks, entries: c.entries.filter((e) => e.message.id !== id) };
}

/**
 * The chat after the server's list: each listed pin applies as a notice would; a mark
 * pinned at or before the list's `pinTime` that the list leaves out was unpinned (or
 * is outside my window, or recalled).
 */
export function withList(c: ChatPins, list: PinnedEntry[], listTime: number): ChatPins {
  const marks = { ...c.marks };
  const byId = new Map(c.entries.map((e) => [e.message.id!, e]));
  const listed = new Set<number>();
  for (const e of list) {
    const id = e.message.id!;
    listed.add(id);
    const known = marks[id];
    if (!known || known.pinTime <= e.pinTime) {
      marks[id] = { pinned: true, pinTime: e.pinTime };
      byId.set(id, e);
    } else if (!byId.has(id)) {
      byId.set(id, e); // a newer notice decides; the list brings the message it could not show
    }
  }
  for (const [key, mark] of Object.entries(marks)) {
    const id = Number(key);
    if (mark.pinned && mark.pinTime <= listTime && !listed.has(id)) marks[id] = { pinned: false, pinTime: listTime };
  }
  return { marks, entries: entriesOf(marks, byId) };
}

export interface PinStore {
  store: Store<Record<string, ChatPins>>;
  /** Shows the device copy at once, then the server's list. */
  open(type: ChatType, targetId: number): Promise<void>;
  /** The content of a PIN message of chat `key`. */
  notice(key: string, content: string): void;
  /** A recall of message `id` in chat `key`. */
  recall(key: string, id: number): void;
  /** Sign-out: forget what is in memory (the device copy goes with the chats). */
  clear(): void;
}

export function createPinStore(deps: PinDeps): PinStore {
  const store = createStore<Record<string, ChatPins>>({});
  const refreshing = new Map<string, Promise<void>>();

  function patch(key: string, fn: (c: ChatPins) => ChatPins) {
    const before = store.get()[key] ?? NO_PINS;
    const next = fn(before);
    if (next === before) return;
    store.set((s) => ({ ...s, [key]: next }));
    deps.save(key, next);
  }

  async function refresh(type: ChatType, targetId: number): Promise<void> {
    const key = `${type}-${targetId}`;
    const selfId = deps.selfId();
    if (selfId === null) return;
    const reply = await deps.fetch(type, targetId);
    const list: PinnedEntry[] = reply.pins.map((p) => ({
      message: 'groupId' in p.message ? fromGroupWire(p.message, selfId) : fromWire(p.message, selfId),
      pinnedBy: p.pinnedBy,
      pinTime: p.pinTime,
    }));
    patch(key, (c) => withList(c, list, reply.pinTime));
  }

  /** One list request per chat at a time. */
  function refreshOnce(type: ChatType, targetId: number): Promise<void> {
    const key = `${type}-${targetId}`;
    const running = refreshing.get(key);
    if (running) return running;
    const p = refresh(type, targetId)
      .catch(() => undefined) // offline: the device copy stays; the next opening asks again
      .finally(() => refreshing.delete(key));
    refreshing.set(key, p);
    return p;
  }

  return {
    store,
    async open(type, targetId) {
      const key = `${type}-${targetId}`;
      if (!store.get()[key]) {
        const saved = await deps.loadSaved(key);
        if (saved && !store.get()[key]) store.set((s) => ({ ...s, [key]: saved }));
      }
      await refreshOnce(type, targetId);
    },
    notice(key, content) {
      const notice = parsePinNotice(content);
      if (!notice) return;
      const message = deps.findMessage(key, notice.id);
      patch(key, (c) => withNotice(c, notice, message));
      // A pin of a message this device does not hold: the list brings it (if it is in my window).
      const [type, id] = key.split('-') as [ChatType, string];
      if (notice.pinned && !message && !store.get()[key]?.entries.some((e) => e.message.id === notice.id)) {
        void refreshOnce(type, Number(id));
      }
    },
    recall(key, id) {
      if (store.get()[key]) patch(key, (c) => withRecall(c, id));
    },
    clear() {
      store.set({});
    },
  };
}

/** The device copy of a chat's pins: one record beside the chat (`{index}-{chatKey}-PINS`), wiped with the chats. */
export function idbPinCopies(userId: () => number | null): Pick<PinDeps, 'loadSaved' | 'save'> {
  if (typeof indexedDB === 'undefined') return { loadSaved: () => Promise.resolve(undefined), save: () => undefined };
  const open = chatStoreOpener();
  const keyOf = (key: string) => {
    const uid = userId();
    return uid === null ? null : chatRecordKey(uid, `${key}-PINS`);
  };
  return {
    async loadSaved(key) {
      const k = keyOf(key);
      if (k === null) return undefined;
      const stored = (await (await open()).get(STORE, k)) as ChatPins | undefined;
      return stored && Array.isArray(stored.entries) ? stored : undefined;
    },
    save(key, pins) {
      const k = keyOf(key);
      if (k !== null)
        void open()
          .then((db) => db.put(STORE, pins, k))
          .catch(() => undefined);
    },
  };
}
