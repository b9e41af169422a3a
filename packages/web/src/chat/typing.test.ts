import { describe, expect, it, vi } from 'vitest';
import { ChatType, Typing } from '@parley/protocol';
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
});
