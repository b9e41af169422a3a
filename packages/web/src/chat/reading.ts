/**
 * Read state of the open chat: what arrives while the chat shows on a visible
 * page is read at once, and the server hears of it (debounced, per friend).
 */
import { ChatType } from '@parley/protocol';
import type { EngineCore } from './context';
import { withUnreadCleared } from './state';

const READ_DEBOUNCE_MS = 300;

export interface Reading {
  /** The chat shows on a visible page: its new messages are read at once. */
  isOpenAndSeen(key: string): boolean;
  /** Tell the server (soon) that the chat with friendId is read. */
  scheduleRead(friendId: number): void;
  markRead(key: string): void;
  onVisibilityChange(): void;
  /** Sign-out: drop pending read reports. */
  reset(): void;
}

export function createReading(core: EngineCore): Reading {
  const { deps, session } = core;
  const readTimers = new Map<number, unknown>();

  function scheduleRead(friendId: number) {
    const prev = readTimers.get(friendId);
    if (prev !== undefined) deps.timers.clear(prev);
    const gen = session.gen;
    readTimers.set(
      friendId,
      deps.timers.set(() => {
        readTimers.delete(friendId);
        if (gen === session.gen) deps.api.readed(friendId).catch(() => undefined);
      }, READ_DEBOUNCE_MS),
    );
  }

  function markRead(key: string) {
    const c = core.chatOf(key);
    if (!c || withUnreadCleared(c) === c) return;
    core.patch(key, withUnreadCleared);
    if (c.type === ChatType.PRIVATE) scheduleRead(c.targetId);
  }

  return {
    isOpenAndSeen: (key) => session.openKey === key && deps.isVisible(),
    scheduleRead,
    markRead,
    onVisibilityChange() {
      if (session.openKey && deps.isVisible()) markRead(session.openKey);
    },
    reset() {
      for (const h of readTimers.values()) deps.timers.clear(h);
      readTimers.clear();
    },
  };
}
