/**
 * Stored group messages entering the chats (cmd 4 frames, the offline pull, send
 * and recall replies), read marks from my other terminals (READED) and the read
 * counts of my receipt messages (RECEIPT). Chats are keyed `GROUP-{groupId}`.
 */
import { ChatType, MessageStatus, MessageType, type GroupMessage } from '@parley/protocol';
import { mergeBatch } from './batch';
import { withEdit } from './edits';
import type { ChatPatch, EngineCore } from './context';
import { atFlagsOf, fromGroupWire, withReadUpTo, withReceiptCount } from './groupMessages';
import { applyRecall, countsAsUnread, indexOfId, insertMessage } from './messages';
import { recallNotice } from './preview';
import { withReactionNotice } from './reactions';
import type { Reading } from './reading';
import { lastOf } from './state';
import { chatKey } from './types';

export interface GroupIncoming {
  /** A stored message. `live`: it may notify. Returns whether it was new. */
  applyMessage(wire: GroupMessage, live: boolean): boolean;
  /** Messages of an offline pull (none live), merged per chat with one store update. */
  applyPulled(wires: readonly GroupMessage[]): void;
  /** A RECALL message: the original becomes the notice. */
  applyRecallMessage(wire: GroupMessage): void;
  /**
   * An EDIT message: the original shows the new content and its edit time; a mention
   * the edit added (its `atUserIds`) raises the chat's @ mark like a new mention.
   */
  applyEditMessage(wire: GroupMessage): void;
  /** A PIN message: the group's pins follow. */
  applyPinMessage(wire: GroupMessage): void;
  /** A REACTION message: the message shows its reactions; a member's reaction to mine, in the preview. */
  applyReactionMessage(wire: GroupMessage): void;
  /** READED: I read the group up to `content` on my other terminal. */
  applyReaded(wire: GroupMessage): void;
  /** RECEIPT: new read count of one of my receipt messages. */
  applyReceiptFrame(wire: GroupMessage): void;
  /**
   * The server's read position of each group (the group list's readedMaxId): a read
   * this device lost (closed before it saved) does not come back as unread.
   */
  applyReadPositions(): void;
}

const G = ChatType.GROUP;
const keyOf = (groupId: number) => chatKey({ type: G, targetId: groupId });

export function createGroupIncoming(core: EngineCore, reading: Reading): GroupIncoming {
  const { deps, session } = core;

  function applyReaded(wire: GroupMessage) {
    if (wire.sendId !== session.userId) return;
    const maxId = Number(wire.content);
    if (!Number.isFinite(maxId)) return;
    core.patch(keyOf(wire.groupId), (c) => withReadUpTo(c, maxId, wire.sendId));
  }

  const readPosition = (groupId: number) => deps.group(groupId)?.readedMaxId ?? 0;

  function applyReadPositions() {
    const uid = session.userId;
    if (uid === null) return;
    for (const c of Object.values(core.get().chats)) {
      if (c.type !== G || c.unreadCount === 0) continue;
      const maxId = readPosition(c.targetId);
      if (maxId > 0) core.patch(keyOf(c.targetId), (x) => withReadUpTo(x, maxId, uid));
    }
  }

  function applyReceiptFrame(wire: GroupMessage) {
    if (typeof wire.id !== 'number' || typeof wire.readedCount !== 'number') return;
    core.patch(keyOf(wire.groupId), (c) => withReceiptCount(c, wire.id, wire.readedCount, wire.receiptOk === true));
  }

  function applyRecallMessage(wire: GroupMessage) {
    const uid = session.userId;
    if (uid === null) return;
    const originalId = Number(wire.content);
    const selfSend = wire.sendId === uid;
    const notice = recallNotice(selfSend, wire.sendNickName ?? '', deps.t);
    deps.pins?.recall(keyOf(wire.groupId), originalId);
    core.patch(keyOf(wire.groupId), (c) => {
      const at = indexOfId(c.messages, originalId);
      const original = at >= 0 ? c.messages[at] : undefined;
      const wasUnread = original !== undefined && original.status !== MessageStatus.RECALL && countsAsUnread(original);
      const messages = applyRecall(c.messages, originalId, notice);
      if (messages === c.messages && c.last?.type === MessageType.RECALL) return c;
      return {
        ...c,
        messages,
        unreadCount: wasUnread ? Math.max(0, c.unreadCount - 1) : c.unreadCount,
        last: {
          type: MessageType.RECALL,
          content: notice,
          status: MessageStatus.RECALL,
          selfSend,
          sendNickName: wire.sendNickName,
        },
      };
    });
  }

  function applyEditMessage(wire: GroupMessage) {
    const uid = session.userId;
    if (uid === null) return;
    const added = wire.atUserIds ?? [];
    const flags = wire.sendId === uid ? { atMe: false, atAll: false } : atFlagsOf(wire, uid);
    core.patch(keyOf(wire.groupId), (c) => {
      const next = withEdit(c, wire.content, added);
      if (next === c || (!flags.atMe && !flags.atAll)) return next;
      return { ...next, atMe: next.atMe || flags.atMe, atAll: next.atAll || flags.atAll };
    });
  }

  function applyPinMessage(wire: GroupMessage) {
    deps.pins?.notice(keyOf(wire.groupId), wire.content);
  }

  function applyReactionMessage(wire: GroupMessage) {
    const uid = session.userId;
    if (uid === null) return;
    core.patch(keyOf(wire.groupId), (c) => withReactionNotice(c, wire.content, uid, wire.sendNickName ?? ''));
  }

  function entryOf(wire: GroupMessage, uid: number) {
    const entry = fromGroupWire(wire, uid);
    if (entry.status === MessageStatus.RECALL)
      entry.content = recallNotice(entry.selfSend, entry.sendNickName ?? '', deps.t);
    return entry;
  }

  function applyMessage(wire: GroupMessage, live: boolean): boolean {
    const uid = session.userId;
    if (uid === null) return false;
    const groupId = wire.groupId;
    if (core.isGone(keyOf(groupId), wire.id)) return false;
    const key = core.ensureChat(G, groupId);
    const entry = entryOf(wire, uid);
    let added = false;
    let counted = false;
    core.patch(key, (c) => {
      const { list, outcome } = insertMessage(c.messages, entry);
      if (outcome === 'duplicate') return list === c.messages ? c : { ...c, messages: list };
      added = outcome === 'added';
      let { unreadCount, atMe, atAll } = c;
      if (added && countsAsUnread(entry)) {
        if (reading.isOpenAndSeen(key)) {
          const at = indexOfId(list, entry.id!);
          if (at >= 0) list[at] = { ...entry, status: MessageStatus.READED };
          reading.scheduleRead(key);
        } else {
          unreadCount++;
          counted = true;
          const flags = atFlagsOf(entry, uid);
          atMe ||= flags.atMe;
          atAll ||= flags.atAll;
        }
      }
      const newest = entry.sendTime >= c.lastSendTime;
      return {
        ...c,
        messages: list,
        unreadCount,
        atMe,
        atAll,
        last: newest ? lastOf(entry) : c.last,
        lastSendTime: newest ? entry.sendTime : c.lastSendTime,
      };
    });
    // Do-not-disturb silences the group, except where I am mentioned.
    const mentioned = atFlagsOf(entry, uid);
    if (counted && live && !deps.isVisible() && (!deps.group(groupId)?.isDnd || mentioned.atMe || mentioned.atAll)) {
      const c = core.chatOf(key);
      if (c) deps.notify(c, entry);
    }
    return added;
  }

  function applyPulled(wires: readonly GroupMessage[]) {
    const uid = session.userId;
    if (uid === null) return;
    const byGroup = new Map<number, GroupMessage[]>();
    for (const w of wires) {
      const list = byGroup.get(w.groupId);
      if (list) list.push(w);
      else byGroup.set(w.groupId, [w]);
    }
    const patches: ChatPatch[] = [];
    for (const [groupId, list] of byGroup) {
      const key = keyOf(groupId);
      // Ids deleted on this device stay deleted (and do not show the chat).
      const kept = list.filter((w) => !core.isGone(key, w.id));
      if (kept.length === 0) continue;
      patches.push({
        type: G,
        targetId: groupId,
        fn: (c) => {
          const entries = kept.map((w) => entryOf(w, uid));
          const { record, read } = mergeBatch(c, entries, reading.isOpenAndSeen(key), uid);
          if (read) reading.scheduleRead(key);
          const maxId = readPosition(groupId);
          return maxId > 0 ? withReadUpTo(record, maxId, uid) : record;
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
    applyReadPositions,
  };
}
