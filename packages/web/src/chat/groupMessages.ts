/**
 * Pure rules of group chats (spec §3-§4, wire-contract §6): the store's entry of a
 * group message, the @ flags, read marks from my other terminals, and the read
 * counts of my receipt messages.
 */
import { AT_ALL, MessageStatus, type GroupMessage } from '@parley/protocol';
import { countsAsUnread, indexOfId } from './messages';
import type { ChatRecord } from './state';
import { withWireReactions } from './reactions';
import type { ChatMessage } from './types';

/** Build the store's entry from a wire group message. */
export function fromGroupWire(m: GroupMessage, selfId: number): ChatMessage {
  const entry: ChatMessage = {
    id: m.id,
    type: m.type,
    content: m.content,
    sendId: m.sendId,
    groupId: m.groupId,
    sendNickName: m.sendNickName,
    sendTime: m.sendTime,
    status: m.status,
    selfSend: m.sendId === selfId,
    loadStatus: 'ok',
  };
  if (m.tmpId) entry.tmpId = m.tmpId;
  if (m.quoteMessage) entry.quoteMessage = m.quoteMessage;
  if (m.atUserIds?.length) entry.atUserIds = m.atUserIds;
  if (m.tip) entry.tip = m.tip;
  if (m.forwarded) entry.forwarded = true;
  if (m.editTime !== undefined) entry.editTime = m.editTime;
  if (m.linkPreview) entry.linkPreview = m.linkPreview;
  withWireReactions(entry, m, selfId);
  if (m.receipt) {
    entry.receipt = true;
    entry.receiptOk = m.receiptOk;
    entry.readedCount = m.readedCount;
  }
  return entry;
}

/** Spec §4: atUserIds holding me sets atMe, holding -1 sets atAll. */
export function atFlagsOf(m: Pick<ChatMessage, 'atUserIds'>, selfId: number): { atMe: boolean; atAll: boolean } {
  const ids = m.atUserIds ?? [];
  return { atMe: ids.includes(selfId), atAll: ids.includes(AT_ALL) };
}

/**
 * I read the group up to maxId (on another terminal, or the server's read position):
 * others' messages up to it are read; the unread count keeps only counted messages
 * above it, and the @ flags only while an unread message above it mentions me or
 * everyone. Unchanged chats stay the same object.
 */
export function withReadUpTo(c: ChatRecord, maxId: number, selfId: number): ChatRecord {
  let changed = false;
  let above = 0;
  let atMe = false;
  let atAll = false;
  const messages = c.messages.map((m) => {
    if (m.id === undefined || m.selfSend) return m;
    if (m.id > maxId) {
      if (countsAsUnread(m)) above++;
      if (m.status < MessageStatus.RECALL) {
        const flags = atFlagsOf(m, selfId);
        atMe ||= flags.atMe;
        atAll ||= flags.atAll;
      }
      return m;
    }
    if (m.status >= MessageStatus.RECALL) return m;
    changed = true;
    return { ...m, status: MessageStatus.READED };
  });
  const unreadCount = Math.min(c.unreadCount, above);
  const keepMe = c.atMe && atMe && unreadCount > 0;
  const keepAll = c.atAll && atAll && unreadCount > 0;
  if (!changed && unreadCount === c.unreadCount && keepMe === c.atMe && keepAll === c.atAll) return c;
  return { ...c, messages: changed ? messages : c.messages, unreadCount, atMe: keepMe, atAll: keepAll };
}

/** A RECEIPT frame: new read count of one of my receipt messages. */
export function withReceiptCount(c: ChatRecord, id: number, readedCount: number, receiptOk: boolean): ChatRecord {
  const at = indexOfId(c.messages, id);
  const m = at >= 0 ? c.messages[at] : undefined;
  if (!m || (m.readedCount === readedCount && m.receiptOk === receiptOk)) return c;
  // Counts only grow: a late frame must not lower what a newer one set.
  if ((m.readedCount ?? 0) > readedCount && !receiptOk) return c;
  const messages = [...c.messages];
  messages[at] = { ...m, readedCount, receiptOk: receiptOk || !!m.receiptOk };
  return { ...c, messages };
}
