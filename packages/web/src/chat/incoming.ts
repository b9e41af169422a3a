/**
 * Stored private messages entering the chats, whatever brought them (a socket
 * frame, a send reply, a recall reply), and the read marks of both sides.
 */
import { ChatType, MessageStatus, MessageType, type PrivateMessage } from '@parley/protocol';
import { mergeBatch } from './batch';
import { withEdit } from './edits';
import type { ChatPatch, EngineCore } from './context';
import { applyRecall, countsAsUnread, fromWire, indexOfId, insertMessage, privateTargetOf } from './messages';
import { recallNotice } from './preview';
import { withReactionNotice } from './reactions';
import type { Reading } from './reading';
import { lastOf, withReceipt } from './state';
import { chatKey } from './types';

export interface Incoming {
  /** A stored message. `live`: it may notify. Returns whether it was new. */
  applyMessage(wire: PrivateMessage, live: boolean): boolean;
  /** Messages of an offline pull (none live), merged per chat with one store update. */
  applyPulled(wires: readonly PrivateMessage[]): void;
  /** A RECALL message: the original becomes the notice. */
  applyRecallMessage(wire: PrivateMessage): void;
  /** An EDIT message: the original shows the new content and its edit time. */
  applyEditMessage(wire: PrivateMessage): void;
  /** A PIN message: the chat's pins follow. */
  applyPinMessage(wire: PrivateMessage): void;
  /** A REACTION message: the message shows its reactions; the friend's reaction to mine, in the preview. */
  applyReactionMessage(wire: PrivateMessage): void;
  /** READED: I read the chat on my other terminal. */
  applyReaded(wire: PrivateMessage): void;
  /** RECEIPT: the friend read my messages. */
  applyReceiptFrame(wire: PrivateMessage): void;
}

export function createIncoming(core: EngineCore, reading: Reading): Incoming {
  const { deps, session } = core;

  function applyReaded(wire: PrivateMessage) {
    // From my other terminal: I read the chat with recvId (it told the server).
    if (wire.sendId !== session.userId) return;
    reading.markRead(chatKey({ type: ChatType.PRIVATE, targetId: wire.recvId }), false);
  }

  function applyReceiptFrame(wire: PrivateMessage) {
    // The friend (sendId) read my messages up to content.
    const maxId = Number(wire.content);
    if (!Number.isFinite(maxId)) return;
    core.patch(chatKey({ type: ChatType.PRIVATE, targetId: wire.sendId }), (c) => withReceipt(c, maxId));
  }

  function applyRecallMessage(wire: PrivateMessage) {
    const uid = session.userId;
    if (uid === null) return;
    const originalId = Number(wire.content);
    const key = chatKey({ type: ChatType.PRIVATE, targetId: privateTargetOf(wire, uid) });
    deps.pins?.recall(key, originalId);
    const selfSend = wire.sendId === uid;
    core.patch(key, (c) => {
      const notice = recallNotice(selfSend, core.peerName(c), deps.t);
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

  function applyEditMessage(wire: PrivateMessage) {
    const uid = session.userId;
    if (uid === null) return;
    core.patch(chatKey({ type: ChatType.PRIVATE, targetId: privateTargetOf(wire, uid) }), (c) =>
      withEdit(c, wire.content),
    );
  }

  function applyPinMessage(wire: PrivateMessage) {
    const uid = session.userId;
    if (uid === null) return;
    deps.pins?.notice(chatKey({ type: ChatType.PRIVATE, targetId: privateTargetOf(wire, uid) }), wire.content);
  }

  function applyReactionMessage(wire: PrivateMessage) {
    const uid = session.userId;
    if (uid === null) return;
    core.patch(chatKey({ type: ChatType.PRIVATE, targetId: privateTargetOf(wire, uid) }), (c) =>
      withReactionNotice(c, wire.content, uid, core.peerName(c)),
    );
  }

  function applyMessage(wire: PrivateMessage, live: boolean): boolean {
    const uid = session.userId;
    if (uid === null) return false;
    const targetId = privateTargetOf(wire, uid);
    if (core.isGone(chatKey({ type: ChatType.PRIVATE, targetId }), wire.id)) return false;
    const key = core.ensureChat(ChatType.PRIVATE, targetId);
    const entry = fromWire(wire, uid);
    let added = false;
    let counted = false;
    core.patch(key, (c) => {
      if (entry.status === MessageStatus.RECALL) entry.content = recallNotice(entry.selfSend, core.peerName(c), deps.t);
      const { list, outcome } = insertMessage(c.messages, entry);
      if (outcome === 'duplicate') return list === c.messages ? c : { ...c, messages: list };
      added = outcome === 'added';
      let unreadCount = c.unreadCount;
      if (added && countsAsUnread(entry)) {
        if (reading.isOpenAndSeen(key)) {
          const at = indexOfId(list, entry.id!);
          if (at >= 0) list[at] = { ...entry, status: MessageStatus.READED };
          reading.scheduleRead(key);
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
      const c = core.chatOf(key);
      if (c) deps.notify(c, entry);
    }
    return added;
  }

  function applyPulled(wires: readonly PrivateMessage[]) {
    const uid = session.userId;
    if (uid === null) return;
    const byTarget = new Map<number, PrivateMessage[]>();
    for (const w of wires) {
      const targetId = privateTargetOf(w, uid);
      const group = byTarget.get(targetId);
      if (group) group.push(w);
      else byTarget.set(targetId, [w]);
    }
    const patches: ChatPatch[] = [];
    for (const [targetId, group] of byTarget) {
      const key = chatKey({ type: ChatType.PRIVATE, targetId });
      // Ids deleted on this device stay deleted (and do not show the chat).
      const kept = group.filter((w) => !core.isGone(key, w.id));
      if (kept.length === 0) continue;
      patches.push({
        type: ChatType.PRIVATE,
        targetId,
        fn: (c) => {
          const entries = kept.map((w) => {
            const entry = fromWire(w, uid);
            if (entry.status === MessageStatus.RECALL)
              entry.content = recallNotice(entry.selfSend, core.peerName(c), deps.t);
            return entry;
          });
          const { record, read } = mergeBatch(c, entries, reading.isOpenAndSeen(key));
          if (read) reading.scheduleRead(key);
          return record;
        },
      });
    }
    core.patchMany(patches);
  }

  return {
    applyMessage,
    applyPulled,
    applyRecallMessage,
    applyEditMessage,
    applyPinMessage,
    applyReactionMessage,
    applyReaded,
    applyReceiptFrame,
  };
}
