/**
 * Sign-in and sign-out (spec §3-§4): at sign-in the first stored chats show at
 * once, the rest load behind them, then the offline pull and the frames that
 * waited run; sign-out saves, then forgets everything in memory; logout also
 * removes the stored chats.
 */
import { CHAT_LIST_INITIAL_SIZE } from '@parley/protocol';
import type { ChatListActions } from './chatList';
import type { EngineCore } from './context';
import type { StoredChat, StoredIndex } from './persistence';
import type { Reading } from './reading';
import type { Saver } from './saving';
import type { Sending } from './send';
import { EMPTY_CHATS, recordsByKey } from './state';
import { PULL_SAFETY_MS, type Sync } from './sync';

interface Parts {
  saver: Saver;
  sync: Sync;
  reading: Reading;
  sending: Sending;
  chatList: ChatListActions;
}

export function createLifecycle(
  core: EngineCore,
  { saver, sync, reading, sending, chatList }: Parts,
): { start(userId: number): Promise<void>; stop(): Promise<void>; forget(userId: number): Promise<void> } {
  const { store, deps, session } = core;

  async function start(uid: number): Promise<void> {
    const gen = ++session.gen;
    session.userId = uid;
    session.loaded = false;
    sync.startSession();
    store.set({ userId: uid, phase: 'initializing', chats: {}, visible: new Set() });
    let index: StoredIndex | undefined;
    let rest: (StoredChat | undefined)[];
    try {
      index = await deps.persistence.loadIndex(uid);
      if (gen !== session.gen) return;
      const keys = index?.chatKeys ?? [];
      const first = await deps.persistence.loadChats(uid, keys.slice(0, CHAT_LIST_INITIAL_SIZE));
      if (gen !== session.gen) return;
      // The first 15 show at once (spec §4).
      const initial = recordsByKey(first);
      store.set((s) => ({ ...s, chats: { ...initial, ...s.chats }, visible: new Set(Object.keys(initial)) }));
      rest = await deps.persistence.loadChats(uid, keys.slice(CHAT_LIST_INITIAL_SIZE));
      if (gen !== session.gen) return;
    } catch (err) {
      console.error('chat store: load failed', err);
      if (gen !== session.gen) return;
      index = undefined;
      rest = [];
    }
    sync.restoreCursors(index?.privateMaxId ?? 0, index?.groupMaxId ?? 0);
    session.clearedUpTo = new Map(Object.entries(index?.clearedUpTo ?? {}));
    const others = recordsByKey(rest);
    store.set((s) => ({ ...s, chats: { ...others, ...s.chats } }));
    session.loaded = true;
    sync.onLoaded();
    core.releaseWaiters();
    // Not connected: no pending messages can load now, show what is stored.
    if (sync.connection() === 'closed') core.showAll();
    else if (core.get().visible !== null) core.showAllAfter(PULL_SAFETY_MS);
  }

  async function stop(): Promise<void> {
    await saver.flush();
    end();
  }

  /**
   * Logout, deleted account: end the session without writing back, wait for the
   * saves already under way, then remove the user's stored chats. end() drops the
   * pending changes and the user id at once, so no later save can bring them back.
   */
  async function forget(uid: number): Promise<void> {
    if (session.userId === uid) end();
    await saver.lastSave();
    await deps.persistence.wipe(uid);
  }

  function end(): void {
    session.gen++;
    session.userId = null;
    session.loaded = false;
    session.openKey = null;
    session.clearedUpTo = new Map();
    sync.reset();
    core.reset();
    saver.reset();
    reading.reset();
    chatList.reset();
    sending.reset();
    store.set(EMPTY_CHATS);
    core.releaseWaiters();
  }

  return { start, stop, forget };
}
