/**
 * Typing indicator (issue 11, point 21): who is typing in which chat, from the
 * socket's TYPING frames (cmd 6), and the throttled frames this user sends.
 * Pure state functions here; the socket wiring is in typingStore.ts.
 */
import { ChatType, SocketBudget, TokenBucket, Typing, type TypingNotice, type TypingRequest } from '@parley/protocol';
import { translateSegments, type Segment } from '../i18n/isolate';
import type { Translate } from '../i18n/timeText';

export interface Typist {
  userId: number;
  /** Group chats: the name the frame carried. */
  name?: string;
  /** Shown until then (ms), unless a new start frame arrives. */
  until: number;
}

/** Chat key (`chatKey`: `TYPE-targetId`) → who types there now. */
export type TypingState = ReadonlyMap<string, readonly Typist[]>;

export const typingKey = (type: string, targetId: number): string => `${type}-${targetId}`;

function withChat(state: TypingState, key: string, list: readonly Typist[]): TypingState {
  const next = new Map(state);
  if (list.length) next.set(key, list);
  else next.delete(key);
  return next;
}

/** A start frame shows the sender for Typing.SHOW_MS; a stop frame removes them. */
export function applyNotice(state: TypingState, n: TypingNotice, now: number): TypingState {
  const key = typingKey(n.chatType, n.targetId);
  const others = (state.get(key) ?? []).filter((x) => x.userId !== n.sendId);
  if (!n.typing) return others.length === (state.get(key)?.length ?? 0) ? state : withChat(state, key, others);
  const entry: Typist = { userId: n.sendId, until: now + Typing.SHOW_MS };
  if (n.sendNickName) entry.name = n.sendNickName;
  return withChat(state, key, [...others, entry]);
}

/** The sender's message arrived: they are no longer typing it. */
export function clearSender(state: TypingState, key: string, userId: number): TypingState {
  const list = state.get(key);
  if (!list?.some((x) => x.userId === userId)) return state;
  return withChat(
    state,
    key,
    list.filter((x) => x.userId !== userId),
  );
}

/** Drops everyone whose last start frame is older than Typing.SHOW_MS. */
export function expire(state: TypingState, now: number): TypingState {
  let changed = false;
  const next = new Map<string, readonly Typist[]>();
  for (const [key, list] of state) {
    const live = list.filter((x) => x.until > now);
    if (live.length !== list.length) changed = true;
    if (live.length) next.set(key, live);
  }
  return changed ? next : state;
}

/** "X is typing…", "X and Y are typing…", "Several people are typing…" (locale keys `typing.*`). */
export function typingText(t: (key: string, params?: Record<string, string>) => string, names: readonly string[]) {
  if (names.length === 0) return '';
  if (names.length === 1) return t('typing.one', { name: names[0]! });
  if (names.length === 2) return t('typing.two', { first: names[0]!, second: names[1]! });
  return t('typing.several');
}

/** typingText as segments: the names isolated (rendered in <bdi>). */
export function typingSegments(t: Translate, names: readonly string[]): Segment[] {
  if (names.length === 0) return [];
  if (names.length === 1) return translateSegments(t, 'typing.one', { name: names[0]! });
  if (names.length === 2) return translateSegments(t, 'typing.two', { first: names[0]!, second: names[1]! });
  return [t('typing.several')];
}

type TypingTarget = { key: string; type: TypingRequest['chatType']; targetId: number };
/** Runs `fn` after `ms`; returns its cancel. */
export type Later = (fn: () => void, ms: number) => () => void;
const realLater: Later = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/**
 * What this user sends while typing: per chat, a start at most every
 * Typing.SEND_EVERY_MS while the text is not blank (a stop between does not shorten
 * the wait: pasting and sending line after line sends one start and one stop every
 * 3 s, not two frames a line), and one stop after a start when the composer empties,
 * a message is sent or the chat is left. Typing again after a stop, inside the wait,
 * owes the other side a start: it goes when the wait ends, unless the text is sent,
 * emptied or left first. All typing frames together stay within
 * SocketBudget.TYPING_BURST and TYPING_PER_SECOND, a small share of the socket's
 * frame budget, so no use of the app can spend it; a frame over it is dropped (the
 * receiver's indicator times out).
 */
export function createTypingSender(
  send: (data: TypingRequest) => boolean | void,
  now: () => number = Date.now,
  later: Later = realLater,
) {
  /** The chat a start went to with no stop since. */
  let current: TypingTarget | null = null;
  /** A start owed to a chat once its wait ends, and the cancel of that wait. */
  let owed: { target: TypingTarget; cancel: () => void } | null = null;
  /** When a start last went to a chat; only chats of the last SEND_EVERY_MS are kept. */
  const started = new Map<string, number>();
  const budget = new TokenBucket(SocketBudget.TYPING_BURST, SocketBudget.TYPING_PER_SECOND, now());
  /** Sends within the typing budget; false when over it or the socket is down (nothing spent). */
  const emit = (data: TypingRequest): boolean => {
    const t = now();
    if (budget.tokens(t) < 1 || send(data) === false) return false;
    return budget.take(1, t);
  };
  const forgive = () => {
    owed?.cancel();
    owed = null;
  };
  /** A start to `target` now; false when it could not go (the next keystroke tries again). */
  const start = (target: TypingTarget): boolean => {
    if (!emit({ chatType: target.type, targetId: target.targetId, typing: true })) return false;
    const t = now();
    for (const [k, at] of started) if (t - at >= Typing.SEND_EVERY_MS) started.delete(k);
    started.set(target.key, t);
    current = target;
    return true;
  };
  const stop = () => {
    forgive();
    if (!current) return;
    emit({ chatType: current.type, targetId: current.targetId, typing: false });
    current = null;
  };
  return {
    input(type: ChatType, targetId: number, text: string) {
      if (type !== ChatType.PRIVATE && type !== ChatType.GROUP) return;
      const key = typingKey(type, targetId);
      if (text.trim() === '') {
        if (owed?.target.key === key) forgive();
        return current?.key === key ? stop() : undefined;
      }
      if (current && current.key !== key) stop();
      if (owed && owed.target.key !== key) forgive();
      const last = started.get(key);
      const wait = last === undefined ? 0 : last + Typing.SEND_EVERY_MS - now();
      if (wait <= 0) {
        forgive();
        start({ key, type, targetId });
        return;
      }
      // Inside the wait: the other side still sees the last start, unless a stop went since.
      if (current?.key === key || owed) return;
      const target = { key, type, targetId };
      owed = {
        target,
        cancel: later(() => {
          owed = null;
          start(target);
        }, wait),
      };
    },
    stop,
  };
}
