/**
 * When the chat store is written back (persistence.ts does the writing): changed
 * chats and the index are collected and saved together a short time after the
 * first of them (later changes join that save, they do not push it back: a chat
 * in use changes every few hundred ms, and a save that waited for quiet would wait
 * until the page closed), or at once on flush. A chat that becomes read is flushed
 * at once (reading.ts). Nothing is saved while the stored chats load or an offline
 * pull runs: the list is temporary then (spec §4), and the cursor in the index
 * must not get ahead of the messages saved with it.
 */
import type { Store } from '../app/createStore';
import type { StoredIndex } from './persistence';
import type { Session } from './context';
import type { ChatEngineDeps } from './deps';
import { sortedKeys, toStored, type ChatsState } from './state';

export interface Saver {
  /** The chat changed: save it (and the index) soon. */
  markChanged(key: string): void;
  /** The chat was removed: drop its record with the next save. */
  markRemoved(key: string): void;
  /** The chat exists again: keep its record. */
  unmarkRemoved(key: string): void;
  /** The index (order, cursor) changed; saved with the next save. */
  markIndex(): void;
  scheduleSave(): void;
  /**
   * Write pending changes now; resolves when every save so far finished.
   * `userAction`: also during an offline pull — a pin or delete the user made must
   * survive a reload that comes before the pull ends. Safe: the cursor saved with
   * it has not moved yet, so the next start pulls the same messages again.
   */
  flush(userAction?: boolean): Promise<void>;
  /** The latest save in progress (or done). */
  lastSave(): Promise<void>;
  /** Sign-out: forget what was pending. */
  reset(): void;
}

export function createSaver(store: Store<ChatsState>, deps: ChatEngineDeps, session: Session): Saver {
  const saveDelay = deps.saveDelayMs ?? 500;
  const dirty = new Set<string>();
  const removed = new Set<string>();
  let indexDirty = false;
  let saveTimer: unknown = null;
  let saving: Promise<void> = Promise.resolve();

  function scheduleSave() {
    if (session.userId === null || session.pulling || !session.loaded) return;
    if (saveTimer !== null) return; // this change goes with the save already due
    saveTimer = deps.timers.set(() => {
      saveTimer = null;
      void flush();
    }, saveDelay);
  }

  function flush(userAction = false): Promise<void> {
    if (saveTimer !== null) deps.timers.clear(saveTimer);
    saveTimer = null;
    const uid = session.userId;
    if (uid === null || (session.pulling && !userAction) || !session.loaded) return saving;
    if (!indexDirty && dirty.size === 0 && removed.size === 0) return saving;
    const chats = store.get().chats;
    const index: StoredIndex = {
      chatKeys: sortedKeys(chats),
      privateMaxId: session.cursor,
      groupMaxId: session.groupCursor,
      clearedUpTo: Object.fromEntries(session.clearedUpTo),
    };
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

  return {
    markChanged(key) {
      dirty.add(key);
      indexDirty = true;
      scheduleSave();
    },
    markRemoved(key) {
      dirty.delete(key);
      removed.add(key);
      indexDirty = true;
    },
    unmarkRemoved: (key) => void removed.delete(key),
    markIndex() {
      indexDirty = true;
    },
    scheduleSave,
    flush,
    lastSave: () => saving,
    reset() {
      if (saveTimer !== null) deps.timers.clear(saveTimer);
      saveTimer = null;
      dirty.clear();
      removed.clear();
      indexDirty = false;
    },
  };
}
