import { describe, expect, it, vi } from 'vitest';
import { ChatType, SocketBudget, Typing } from '@parley/protocol';
import { applyNotice, clearSender, createTypingSender, expire, typingText, type TypingState } from './typing';

const start = (sendId: number, targetId = sendId, chatType: 'PRIVATE' | 'GROUP' = ChatType.PRIVATE) =>
  ({ chatType, targetId, sendId, typing: true }) as const;

describe('typing state', () => {
  it('shows a start for SHOW_MS, and a new start extends it', () => {
    let s: TypingState = new Map();
    s = applyNotice(s, start(2), 0);
    expect(s.get('PRIVATE-2')).toEqual([{ userId: 2, until: Typing.SHOW_MS }]);
    s = applyNotice(s, start(2), 3000);
    expect(expire(s, Typing.SHOW_MS + 1).get('PRIVATE-2')).toHaveLength(1);
    expect(expire(s, 3000 + Typing.SHOW_MS).size).toBe(0);
  });
  it('a stop frame or the sender’s message clears only that sender', () => {
    let s: TypingState = new Map();
    s = applyNotice(s, { ...start(2, 9, ChatType.GROUP), sendNickName: 'Bo' }, 0);
    s = applyNotice(s, { ...start(3, 9, ChatType.GROUP), sendNickName: 'Cy' }, 0);
    expect(s.get('GROUP-9')?.map((x) => x.name)).toEqual(['Bo', 'Cy']);
    s = applyNotice(s, { ...start(2, 9, ChatType.GROUP), typing: false }, 10);
    expect(s.get('GROUP-9')?.map((x) => x.userId)).toEqual([3]);
    s = clearSender(s, 'GROUP-9', 3);
    expect(s.size).toBe(0);
    expect(clearSender(s, 'GROUP-9', 3)).toBe(s);
  });
  it('texts for one, two and several typists', () => {
    const t = (key: string, p?: Record<string, string>) => `${key}${p ? JSON.stringify(p) : ''}`;
    expect(typingText(t, [])).toBe('');
    expect(typingText(t, ['A'])).toBe('typing.one{"name":"A"}');
    expect(typingText(t, ['A', 'B'])).toBe('typing.two{"first":"A","second":"B"}');
    expect(typingText(t, ['A', 'B', 'C'])).toBe('typing.several');
  });
});

describe('typing sender', () => {
  it('sends a start at most every SEND_EVERY_MS, and one stop when the text empties', () => {
    let now = 0;
    const send = vi.fn();
    const sender = createTypingSender(send, () => now);
    sender.input(ChatType.PRIVATE, 5, 'h');
    sender.input(ChatType.PRIVATE, 5, 'he');
    now = Typing.SEND_EVERY_MS - 1;
    sender.input(ChatType.PRIVATE, 5, 'hel');
    now = Typing.SEND_EVERY_MS;
    sender.input(ChatType.PRIVATE, 5, 'hell');
    sender.input(ChatType.PRIVATE, 5, '');
    sender.input(ChatType.PRIVATE, 5, '');
    sender.stop();
    expect(send.mock.calls.map((c) => (c[0] as { typing: boolean }).typing)).toEqual([true, true, false]);
  });
  it('switching chats stops the old one; system chats send nothing', () => {
    const send = vi.fn();
    const sender = createTypingSender(send, () => 0);
    sender.input(ChatType.PRIVATE, 5, 'a');
    sender.input(ChatType.GROUP, 7, 'b');
    sender.input(ChatType.SYSTEM, 1, 'c');
    expect(send.mock.calls.map((c) => c[0] as unknown)).toEqual([
      { chatType: ChatType.PRIVATE, targetId: 5, typing: true },
      { chatType: ChatType.PRIVATE, targetId: 5, typing: false },
      { chatType: ChatType.GROUP, targetId: 7, typing: true },
    ]);
  });
  it('pasting and sending five lines a second: one start and one stop per SEND_EVERY_MS, not two frames a line', () => {
    let now = 0;
    const frames: { at: number; typing: boolean }[] = [];
    const sender = createTypingSender(
      (d) => void frames.push({ at: now, typing: d.typing }),
      () => now,
    );
    for (let i = 0; i < 60; i++, now += 200) {
      sender.input(ChatType.PRIVATE, 5, `line ${i}`);
      sender.stop(); // Enter: the message goes, the composer empties
    }
    const starts = frames.filter((f) => f.typing).map((f) => f.at);
    expect(starts).toEqual([0, 3000, 6000, 9000]);
    expect(frames.map((f) => f.typing)).toEqual([true, false, true, false, true, false, true, false]);
  });
  it('all typing frames stay within the client’s typing budget, however fast chats change', () => {
    let now = 0;
    const sent: number[] = [];
    const sender = createTypingSender(
      () => void sent.push(now),
      () => now,
    );
    for (let i = 0; i < 400; i++, now += 50) sender.input(ChatType.PRIVATE, 1 + (i % 40), 'x');
    expect(sent.length).toBeGreaterThan(SocketBudget.TYPING_BURST);
    for (const at of sent) {
      const upTo = sent.filter((t) => t <= at).length;
      expect(upTo).toBeLessThanOrEqual(SocketBudget.TYPING_BURST + (at * SocketBudget.TYPING_PER_SECOND) / 1000);
    }
  });
  it('a frame the socket could not send spends nothing: the next keystroke sends it', () => {
    let up = false;
    const send = vi.fn(() => up);
    const sender = createTypingSender(send, () => 0);
    sender.input(ChatType.PRIVATE, 5, 'a');
    up = true;
    sender.input(ChatType.PRIVATE, 5, 'ab');
    expect(send).toHaveBeenCalledTimes(2);
  });
  it('typing again inside the wait after a send: the start goes when the wait ends, unless sent or emptied first', () => {
    let now = 0;
    const timers: { at: number; fn: () => void; live: boolean }[] = [];
    const frames: { at: number; typing: boolean }[] = [];
    const sender = createTypingSender(
      (d) => void frames.push({ at: now, typing: d.typing }),
      () => now,
      (fn, ms) => {
        const timer = { at: now + ms, fn, live: true };
        timers.push(timer);
        return () => void (timer.live = false);
      },
    );
    const runTimers = (until: number) => {
      for (const timer of timers) {
        if (!timer.live || timer.at > until) continue;
        now = timer.at;
        timer.live = false;
        timer.fn();
      }
      now = until;
    };
    sender.input(ChatType.PRIVATE, 5, 'hello');
    now = 500;
    sender.stop(); // sent
    now = 1000;
    sender.input(ChatType.PRIVATE, 5, 'd');
    sender.input(ChatType.PRIVATE, 5, 'do');
    runTimers(2999);
    expect(frames).toEqual([
      { at: 0, typing: true },
      { at: 500, typing: false },
    ]);
    runTimers(3500);
    expect(frames.at(-1)).toEqual({ at: Typing.SEND_EVERY_MS, typing: true });
    expect(frames).toHaveLength(3);
    // Sent at once after typing: the owed start is forgiven, only a stop goes.
    sender.stop();
    now = 4000;
    sender.input(ChatType.PRIVATE, 5, 'x');
    sender.stop();
    sender.input(ChatType.PRIVATE, 5, '');
    runTimers(10_000);
    expect(frames.map((f) => f.typing)).toEqual([true, false, true, false]);
  });
});
