/**
 * Older messages of a chat from the server's history, page by page, merged by id
 * into what the device holds; messages deleted for me stay deleted.
 */
import { ChatType, MessageStatus, type GroupMessage, type PrivateMessage } from '@parley/protocol';
import type { EngineCore } from './context';
import { fromGroupWire } from './groupMessages';
import { fromWire, insertMessage, isListedType, minIdOf } from './messages';
import { recallNotice } from './preview';
import { lastOf } from './state';
import { chatKey } from './types';

export const HISTORY_PAGE_SIZE = 50;

export function createHistory(core: EngineCore): { loadOlder(type: ChatType, targetId: number): Promise<void> } {
  const { deps, session } = core;

  async function loadOlder(type: ChatType, targetId: number): Promise<void> {
    if (!session.loaded) await core.untilLoaded();
    const key = chatKey({ type, targetId });
    const c = core.chatOf(key);
    const group = type === ChatType.GROUP;
    if (!c || c.loadingOlder || !c.hasMore || (type !== ChatType.PRIVATE && !group) || session.userId === null) return;
    const gen = session.gen;
    core.patch(key, (x) => ({ ...x, loadingOlder: true }));
    let hasMore = true;
    try {
      const oldestBefore = minIdOf(c.messages);
      const held = c.messages.reduce((n, m) => (m.id === undefined ? n : n + 1), 0);
      // Pages count from the newest; start where the held messages end (overlap is dropped by id).
      let page = Math.floor(held / HISTORY_PAGE_SIZE) + 1;
      for (let round = 0; round < 10; round++) {
        const batch: (PrivateMessage | GroupMessage)[] = group
          ? await deps.groupApi.history(targetId, page, HISTORY_PAGE_SIZE)
          : await deps.api.history(targetId, page, HISTORY_PAGE_SIZE);
        if (gen !== session.gen) return;
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
      if (gen === session.gen) core.patch(key, (x) => ({ ...x, loadingOlder: false, hasMore: hasMore && x.hasMore }));
    }
  }

  function insertHistory(key: string, batch: readonly (PrivateMessage | GroupMessage)[]) {
    const uid = session.userId;
    if (uid === null) return;
    core.patch(key, (c) => {
      let list = c.messages;
      for (const wire of batch) {
        if (!isListedType(wire.type) || core.isGone(key, wire.id)) continue;
        const entry = 'groupId' in wire ? fromGroupWire(wire, uid) : fromWire(wire, uid);
        if (entry.status === MessageStatus.RECALL)
          entry.content = recallNotice(entry.selfSend, entry.sendNickName ?? core.peerName(c), deps.t);
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

  return { loadOlder };
}
