/**
 * Reactions on the stored messages (docs/PROTOCOL.md "Reactions"). A REACTION (14)
 * message carries the FULL summary of one message at `reactTime`: it replaces what the
 * message shows only if newer (a message pulled or loaded later already carries its
 * summary and reactTime), so the last state by server order wins however live frames,
 * pulls and the react reply interleave, and a removed reaction never comes back. The
 * author's chat-list preview names someone else's new reaction ("Ana reacted 👍 to: …"),
 * with no unread count. Pure, like edits.ts; persisted with the message in IndexedDB.
 */
import {
  MessageStatus,
  MessageType,
  parseReactionNotice,
  type ReactionNotice,
  type ReactionSummary,
  type ReactReply,
} from '@parley/protocol';
import type { LastMessage } from './preview';
import { lastOf, type ChatRecord } from './state';
import type { ChatMessage } from './types';

/**
 * Which emoji is mine after a new summary: the chip naming me; else the one I knew,
 * while its chip still has reactors it does not name (a chip names the 20 most recent).
 */
export function mineIn(reactions: ReactionSummary, me: number, known?: string | null): string | null {
  const named = reactions.find((c) => c.userIds.includes(me));
  if (named) return named.emoji;
  const chip = known ? reactions.find((c) => c.emoji === known) : undefined;
  return chip && chip.count > chip.userIds.length ? chip.emoji : null;
}

/** The wire message's summary onto a new store entry. */
export function withWireReactions(
  entry: ChatMessage,
  m: { reactions?: ReactionSummary; reactTime?: number },
  me: number,
): void {
  if (m.reactTime !== undefined) entry.reactTime = m.reactTime;
  if (m.reactions?.length) {
    entry.reactions = m.reactions;
    entry.myReaction = mineIn(m.reactions, me);
  }
}

function withSummary(m: ChatMessage, reactions: ReactionSummary, me: number, known?: string | null): ChatMessage {
  const next: ChatMessage = { ...m, reactions: reactions.length > 0 ? reactions : undefined };
  next.myReaction = mineIn(reactions, me, known);
  return next;
}

/** A notice applied to the list: the message's summary replaced when the notice is newer. */
export function applyReactionNotice(list: readonly ChatMessage[], notice: ReactionNotice, me: number): ChatMessage[] {
  let changed = false;
  const next = list.map((m) => {
    if (m.id !== notice.id || m.status === MessageStatus.RECALL || (m.reactTime ?? -1) >= notice.reactTime) return m;
    changed = true;
    const known = notice.last?.userId === me ? notice.last.emoji : m.myReaction;
    return { ...withSummary(m, notice.reactions, me, known), reactTime: notice.reactTime };
  });
  return changed ? next : (list as ChatMessage[]);
}

/**
 * The chat after a REACTION message. `name` is who reacted as this chat shows them (the
 * friend, or the group member's name): when the notice announces someone else's reaction
 * to my message, the preview says so; counts and @ marks stay as they are.
 */
export function withReactionNotice(c: ChatRecord, content: string, me: number, name: string): ChatRecord {
  const notice = parseReactionNotice(content);
  if (!notice) return c;
  const messages = applyReactionNotice(c.messages, notice, me);
  const last = notice.last;
  const unchanged = messages === c.messages ? c : { ...c, messages };
  // Someone else's reaction to my message, in a notice newer than what the message showed.
  if (!last || last.userId === me || notice.author !== me) return takenBack(unchanged, notice);
  const target = messages.find((m) => m.id === notice.id);
  if (target && (target.reactTime !== notice.reactTime || target.status === MessageStatus.RECALL)) return unchanged;
  const preview: LastMessage = {
    type: MessageType.REACTION,
    content: '',
    status: MessageStatus.SENDED,
    selfSend: false,
    reaction: { name, emoji: last.emoji, messageId: notice.id, userId: last.userId },
  };
  // A message this device does not hold shows as "your message".
  if (target) preview.reactedTo = lastOf(target);
  return { ...c, messages, last: preview };
}

/**
 * The preview names a reaction this notice no longer has (taken off, or switched without a
 * newer announcement): the chat's newest message shows again, as WhatsApp does. A chip names
 * only its most recent reactors, so a reactor past them counts as still there.
 */
function takenBack(c: ChatRecord, notice: ReactionNotice): ChatRecord {
  const shown = c.last?.type === MessageType.REACTION ? c.last.reaction : undefined;
  if (!shown || shown.messageId !== notice.id || shown.userId === undefined) return c;
  const chip = notice.reactions.find((r) => r.emoji === shown.emoji);
  if (chip && (chip.userIds.includes(shown.userId) || chip.count > chip.userIds.length)) return c;
  const newest = c.messages[c.messages.length - 1];
  return { ...c, last: newest ? lastOf(newest) : undefined };
}

/**
 * My react call's reply: the summary right after my change. It has no reactTime (the
 * notice that follows has): it shows at once and the next notice replaces it.
 */
export function withReactReply(c: ChatRecord, reply: ReactReply, me: number): ChatRecord {
  let changed = false;
  const messages = c.messages.map((m) => {
    if (m.id !== reply.id || m.status === MessageStatus.RECALL) return m;
    changed = true;
    const next = withSummary(m, reply.reactions, me, reply.mine);
    next.myReaction = reply.mine;
    return next;
  });
  return changed ? { ...c, messages } : c;
}

/** What my tap on `emoji` does: the same as mine takes it off, anything else sets it. */
export const reactionAfterTap = (m: Pick<ChatMessage, 'myReaction'>, emoji: string): string | null =>
  m.myReaction === emoji ? null : emoji;

/** Messages that take reactions: stored normal messages (text … card), not recalled. */
export const canReact = (m: ChatMessage): boolean =>
  m.id !== undefined &&
  m.loadStatus === 'ok' &&
  m.type >= MessageType.TEXT &&
  m.type <= MessageType.CARD &&
  m.status !== MessageStatus.RECALL;
