/**
 * Read state of the open chat: what arrives while the chat shows on a visible
 * page is read at once, and the server hears of it (debounced, per chat): a
 * private chat as read, a group chat as read up to its largest id held.
 *
 * A chat that becomes read is saved at once, not after the saver's quiet time:
 * the server keeps no read position of a private chat to restore it from, so a
 * page closed before that save would show the read messages as unread again on
 * the next start, added to what the offline pull brings.
 */
import { ChatType } from '@parley/protocol';
import type { EngineCore } from './context';
import { maxIdOf } from './messages';
import type { Saver } from './saving';
import { withUnreadCleared } from './state';

const READ_DEBOUNCE_MS = 300;

export interface Reading {
  /** The chat shows on a visible page: its new messages are read at once. */
  isOpenAndSeen(key: string): boolean;
  /** Tell the server (soon) that the chat with this key is read. */
  scheduleRead(key: string): void;
  /** The chat is read: unread cleared, saved at once; `report`: tell the server (false when my other terminal did). */
  markRead(key: string, report?: boolean): void;
  onVisibilityChange(): void;
  /** Sign-out: drop pending read reports. */
  reset(): void;
}

export function createReading(core: EngineCore, saver: Saver): Reading {
  const { deps, session } = core;
  const readTimers = new Map<string, unknown>();

  function report(key: string) {
    const c = core.chatOf(key);
    if (!c) return;
    if (c.type === ChatType.PRIVATE) {
      deps.api.readed(c.targetId).catch(() => undefined);
    } else if (c.type === ChatType.GROUP) {
      const maxId = maxIdOf(c.messages);
      if (maxId > 0) deps.groupApi.readed(c.targetId, maxId).catch(() => undefined);
    }
  }

  function scheduleRead(key: string) {
    const prev = readTimers.get(key);
    if (prev !== undefined) deps.timers.clear(prev);
    const gen = session.gen;
    readTimers.set(
      key,
      deps.timers.set(() => {
        readTimers.delete(key);
        if (gen === session.gen) report(key);
      }, READ_DEBOUNCE_MS),
    );
  }

  function markRead(key: string, report = true) {
    const c = core.chatOf(key);
    if (!c || withUnreadCleared(c) === c) return;
    core.patch(key, withUnreadCleared);
    if (report) scheduleRead(key);
    // Also during an offline pull: the cursor saved with it has not moved (saving.ts).
    void saver.flush(true);
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
