/**
 * The offline pull's batch path: one chat's pulled messages merged into its list
 * in one pass, with the result of inserting them one by one (insertMessage, then
 * the unread and last-message rules of incoming.ts applyMessage).
 *
 * The batch is sorted by id (stably: copies of one id keep their arrival order)
 * and merged with the held list, so each new id lands right before the first held
 * id above it, which is where insertMessage puts it whatever the arrival order.
 * A chat whose pending own sends are matched by tmpId (rare: a send answered
 * during a pull) takes insertMessage for each message in id order instead, as
 * the in-place replacement depends on the list at that moment.
 */
import { MessageStatus } from '@parley/protocol';
import { atFlagsOf } from './groupMessages';
import { countsAsUnread, indexOfId, insertMessage, mergeDuplicate } from './messages';
import { lastOf, type ChatRecord } from './state';
import type { ChatMessage } from './types';

export interface BatchResult {
  record: ChatRecord;
  /** New unread messages were marked read (the chat shows): tell the server. */
  read: boolean;
}

/**
 * Merge `entries` (stored messages of chat `c`, all with an id, in arrival order).
 * `seen`: the chat shows on a visible page, so new unread messages are read at once.
 * `selfId` (group chats): unread messages mentioning me or everyone set the @ flags.
 * Returns `c` itself when nothing changed.
 */
export function mergeBatch(
  c: ChatRecord,
  entries: readonly ChatMessage[],
  seen: boolean,
  selfId?: number,
): BatchResult {
  const sorted = [...entries].sort((a, b) => a.id! - b.id!);
  /** Entries that were not duplicates (added or replacing a pending send). */
  const fresh = new Set<ChatMessage>();
  let unread = 0;
  let read = false;
  let { atMe, atAll } = c;
  /** An added message: counted unread, or read at once. */
  const arrive = (m: ChatMessage): ChatMessage => {
    fresh.add(m);
    if (!countsAsUnread(m)) return m;
    if (!seen) {
      unread++;
      if (selfId !== undefined && m.atUserIds) {
        const flags = atFlagsOf(m, selfId);
        atMe ||= flags.atMe;
        atAll ||= flags.atAll;
      }
      return m;
    }
    read = true;
    return { ...m, status: MessageStatus.READED };
  };

  const pending = new Set<string>();
  for (const m of c.messages) if (m.id === undefined && m.tmpId !== undefined) pending.add(m.tmpId);
  const replaces = pending.size > 0 && entries.some((m) => m.tmpId !== undefined && pending.has(m.tmpId));
  const messages = replaces ? insertEach(c.messages, sorted, arrive, fresh) : mergeSorted(c.messages, sorted, arrive);

  if (messages === c.messages) return { record: c, read };
  let { last, lastSendTime } = c;
  for (const m of entries) {
    if (!fresh.has(m) || m.sendTime < lastSendTime) continue;
    last = lastOf(m);
    lastSendTime = m.sendTime;
  }
  return { record: { ...c, messages, unreadCount: c.unreadCount + unread, atMe, atAll, last, lastSendTime }, read };
}

/** One pass over the held list and the sorted batch; the same list when nothing changed. */
function mergeSorted(
  list: readonly ChatMessage[],
  sorted: readonly ChatMessage[],
  arrive: (m: ChatMessage) => ChatMessage,
): ChatMessage[] {
  const out: ChatMessage[] = [];
  let changed = false;
  let j = 0;
  /** The held entry `held` absorbs the batch's copies of its id. */
  const absorb = (held: ChatMessage): ChatMessage => {
    while (j < sorted.length && sorted[j]!.id === held.id) held = mergeDuplicate(held, sorted[j++]!);
    return held;
  };
  const takeNew = () => {
    changed = true;
    out.push(absorb(arrive(sorted[j++]!)));
  };
  for (const m of list) {
    if (m.id !== undefined) {
      while (j < sorted.length && sorted[j]!.id! < m.id) takeNew();
      const held = absorb(m);
      if (held !== m) changed = true;
      out.push(held);
    } else out.push(m);
  }
  while (j < sorted.length) takeNew();
  return changed ? out : (list as ChatMessage[]);
}

/** insertMessage for each message in id order (a pending send is replaced). */
function insertEach(
  list: readonly ChatMessage[],
  sorted: readonly ChatMessage[],
  arrive: (m: ChatMessage) => ChatMessage,
  fresh: Set<ChatMessage>,
): ChatMessage[] {
  let messages = list as ChatMessage[];
  for (const m of sorted) {
    const { list: next, outcome } = insertMessage(messages, m);
    messages = next;
    if (outcome === 'replaced') fresh.add(m);
    if (outcome !== 'added') continue;
    const placed = arrive(m);
    if (placed !== m) messages[indexOfId(messages, m.id!)] = placed;
  }
  return messages;
}
