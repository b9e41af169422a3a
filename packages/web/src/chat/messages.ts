/**
 * Pure operations on one chat's message list (spec §4): insert by ascending id
 * with de-duplication, replacement of a pending own send by the server's copy
 * (matched on tmpId), recall, read receipts, and the derived time tips. No I/O,
 * so every rule runs under node tests.
 *
 * Invariant: the messages that carry an `id` are in strictly ascending id order;
 * entries without an id (own sends not yet stored, or failed) keep the place they
 * were appended at.
 */
import { MessageStatus, MessageType, Timing, type PrivateMessage } from '@parley/protocol';
import { withWireReactions } from './reactions';
import { messageKey, type ChatMessage } from './types';

/** Build the store's entry from a wire message. */
export function fromWire(m: PrivateMessage, selfId: number): ChatMessage {
  const entry: ChatMessage = {
    id: m.id,
    type: m.type,
    content: m.content,
    sendId: m.sendId,
    recvId: m.recvId,
    sendTime: m.sendTime,
    status: m.status,
    selfSend: m.sendId === selfId,
    loadStatus: 'ok',
  };
  if (m.tmpId) entry.tmpId = m.tmpId;
  if (m.quoteMessage) entry.quoteMessage = m.quoteMessage;
  if (m.forwarded) entry.forwarded = true;
  if (m.editTime !== undefined) entry.editTime = m.editTime;
  if (m.linkPreview) entry.linkPreview = m.linkPreview;
  withWireReactions(entry, m, selfId);
  return entry;
}

/** The private chat a wire message belongs to: the other user. */
export function privateTargetOf(m: Pick<PrivateMessage, 'sendId' | 'recvId'>, selfId: number): number {
  return m.sendId === selfId ? m.recvId : m.sendId;
}

/** Index of the entry with this id, scanning back from the end (new and duplicate ids are recent). */
export function indexOfId(list: readonly ChatMessage[], id: number): number {
  for (let i = list.length - 1; i >= 0; i--) {
    const other = list[i]!.id;
    if (other === undefined) continue;
    if (other === id) return i;
    if (other < id) return -1;
  }
  return -1;
}

export function indexOfTmpId(list: readonly ChatMessage[], tmpId: string): number {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.id === undefined && list[i]!.tmpId === tmpId) return i;
  return -1;
}

export function indexOfKey(list: readonly ChatMessage[], key: string): number {
  for (let i = list.length - 1; i >= 0; i--) if (messageKey(list[i]!) === key) return i;
  return -1;
}

/** Where a new id goes: before the earliest stored message with a larger id in the trailing run, else the end. */
function insertPosition(list: readonly ChatMessage[], id: number): number {
  let pos = list.length;
  for (let i = list.length - 1; i >= 0; i--) {
    const other = list[i]!.id;
    if (other === undefined) continue;
    if (other > id) pos = i;
    else break;
  }
  return pos;
}

/** May the entry at `index` take `id` without breaking the id order? */
function fitsAt(list: readonly ChatMessage[], index: number, id: number): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const other = list[i]!.id;
    if (other !== undefined) {
      if (other >= id) return false;
      break;
    }
  }
  for (let i = index + 1; i < list.length; i++) {
    const other = list[i]!.id;
    if (other !== undefined) return other > id;
  }
  return true;
}

/** A second copy of a held id: keep what this device learned (recall, read); take a recall or a read from the server. */
export function mergeDuplicate(held: ChatMessage, msg: ChatMessage): ChatMessage {
  const recall = msg.status === MessageStatus.RECALL ? { content: msg.content, quoteMessage: undefined } : null;
  if (held.status === MessageStatus.RECALL || (!recall && msg.status <= held.status)) return held;
  return { ...held, status: msg.status, ...recall };
}

export type InsertOutcome = 'added' | 'replaced' | 'duplicate';

/**
 * Insert a stored message (it has an id). A duplicate id goes through mergeDuplicate; a pending
 * own send with the same tmpId is replaced in place when the id order allows, else moved to its place.
 */
export function insertMessage(
  list: readonly ChatMessage[],
  msg: ChatMessage,
): { list: ChatMessage[]; outcome: InsertOutcome } {
  const id = msg.id;
  if (id === undefined) return { list: [...list, msg], outcome: 'added' };
  const existing = indexOfId(list, id);
  if (existing >= 0) {
    const merged = mergeDuplicate(list[existing]!, msg);
    if (merged === list[existing]) return { list: list as ChatMessage[], outcome: 'duplicate' };
    const next = [...list];
    next[existing] = merged;
    return { list: next, outcome: 'duplicate' };
  }
  if (msg.tmpId) {
    const pending = indexOfTmpId(list, msg.tmpId);
    if (pending >= 0) {
      const held = list[pending]!;
      const merged: ChatMessage = {
        ...msg,
        quoteMessage: msg.quoteMessage ?? held.quoteMessage,
        loadStatus: 'ok',
        progress: undefined,
      };
      if (fitsAt(list, pending, id)) {
        const next = [...list];
        next[pending] = merged;
        return { list: next, outcome: 'replaced' };
      }
      const without = [...list.slice(0, pending), ...list.slice(pending + 1)];
      without.splice(insertPosition(without, id), 0, merged);
      return { list: without, outcome: 'replaced' };
    }
  }
  const next = [...list];
  next.splice(insertPosition(next, id), 0, msg);
  return { list: next, outcome: 'added' };
}

/**
 * Apply a recall: the original becomes RECALL with the notice as content, and
 * every message quoting it marks its quote recalled. Returns the same list when
 * nothing changed.
 */
export function applyRecall(list: readonly ChatMessage[], recalledId: number, notice: string): ChatMessage[] {
  let changed = false;
  const next = list.map((m) => {
    if (m.id === recalledId && m.status !== MessageStatus.RECALL) {
      changed = true;
      // A recalled message keeps no reactions (the server cleared them with the recall).
      return {
        ...m,
        status: MessageStatus.RECALL,
        content: notice,
        quoteMessage: undefined,
        reactions: undefined,
        myReaction: undefined,
      };
    }
    if (m.quoteMessage?.id === recalledId && m.quoteMessage.status !== MessageStatus.RECALL) {
      changed = true;
      return { ...m, quoteMessage: { ...m.quoteMessage, status: MessageStatus.RECALL, content: '' } };
    }
    return m;
  });
  return changed ? next : (list as ChatMessage[]);
}

/** The peer read my messages up to `maxId`: own sent messages below RECALL become READED. */
export function applyReceipt(list: readonly ChatMessage[], maxId: number): ChatMessage[] {
  let changed = false;
  const next = list.map((m) => {
    if (
      m.selfSend &&
      m.id !== undefined &&
      m.id <= maxId &&
      m.status !== MessageStatus.READED &&
      m.status < MessageStatus.RECALL
    ) {
      changed = true;
      return { ...m, status: MessageStatus.READED };
    }
    return m;
  });
  return changed ? next : (list as ChatMessage[]);
}

/** I read the peer's messages (here or on another terminal). */
export function markPeerMessagesRead(list: readonly ChatMessage[]): ChatMessage[] {
  let changed = false;
  const next = list.map((m) => {
    if (!m.selfSend && m.status < MessageStatus.RECALL && m.status !== MessageStatus.READED && m.id !== undefined) {
      changed = true;
      return { ...m, status: MessageStatus.READED };
    }
    return m;
  });
  return changed ? next : (list as ChatMessage[]);
}

/** Types that are shown in the message list (normal, recall-replaced, tips, call summaries). */
export function isListedType(type: number): boolean {
  return (
    (type >= MessageType.TEXT && type <= MessageType.CARD) ||
    type === MessageType.TIP_TEXT ||
    type === MessageType.GROUP_ANNOUNCEMENT ||
    type === MessageType.ACT_RT_VOICE ||
    type === MessageType.ACT_RT_VIDEO
  );
}

/** Spec §4: unread grows only for messages not self-sent, not already read and not tip text. */
export function countsAsUnread(m: Pick<ChatMessage, 'selfSend' | 'status' | 'type'>): boolean {
  if (m.selfSend) return false;
  if (m.status === MessageStatus.READED || m.status === MessageStatus.RECALL) return false;
  return m.type !== MessageType.TIP_TEXT && m.type !== MessageType.TIP_TIME;
}

/**
 * The list with TIP_TIME (20) entries: a tip goes before a message when the last
 * tip is more than Timing.TIME_TIP_GAP_MS older than it (spec §4). Derived, so out
 * of order and older (history) messages get tips as if they had come in order.
 */
export function withTimeTips(list: readonly ChatMessage[], gap: number = Timing.TIME_TIP_GAP_MS): ChatMessage[] {
  const out: ChatMessage[] = [];
  let lastTip = Number.NEGATIVE_INFINITY;
  for (const m of list) {
    if (m.type === MessageType.TIP_TIME) continue;
    if (m.sendTime - lastTip > gap) {
      out.push({
        tmpId: `tip-${messageKey(m)}`,
        type: MessageType.TIP_TIME,
        content: '',
        sendId: 0,
        sendTime: m.sendTime,
        status: MessageStatus.SENDED,
        selfSend: false,
        loadStatus: 'ok',
      });
      lastTip = m.sendTime;
    }
    out.push(m);
  }
  return out;
}

/** Largest stored id in the list, or 0. */
export function maxIdOf(list: readonly ChatMessage[]): number {
  for (let i = list.length - 1; i >= 0; i--) {
    const id = list[i]!.id;
    if (id !== undefined) return id;
  }
  return 0;
}

/** Smallest stored id in the list, or undefined. */
export function minIdOf(list: readonly ChatMessage[]): number | undefined {
  for (const m of list) if (m.id !== undefined) return m.id;
  return undefined;
}
