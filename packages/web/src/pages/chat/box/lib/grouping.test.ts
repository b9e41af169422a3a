import { describe, expect, it } from 'vitest';
import { MessageStatus, MessageType } from '@parley/protocol';
import type { ChatMessage } from '../../../../chat/types';
import { RUN_GAP_MS, continuesRun, exactTime } from './grouping';

const msg = (sendId: number, sendTime: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: sendTime,
  type: MessageType.TEXT,
  content: 'x',
  sendId,
  sendTime,
  status: MessageStatus.SENDED,
  selfSend: sendId === 1,
  loadStatus: 'ok',
  ...extra,
});

describe('message runs', () => {
  it('joins messages of one sender within the gap', () => {
    expect(continuesRun(msg(2, 0), msg(2, RUN_GAP_MS))).toBe(true);
    expect(continuesRun(msg(1, 0), msg(1, 1000, { type: MessageType.IMAGE }))).toBe(true);
  });
  it('starts a new run for another sender, a longer gap, the first message, or a notice', () => {
    expect(continuesRun(undefined, msg(2, 0))).toBe(false);
    expect(continuesRun(msg(2, 0), msg(3, 1))).toBe(false);
    expect(continuesRun(msg(2, 0), msg(2, RUN_GAP_MS + 1))).toBe(false);
    expect(continuesRun(msg(2, 0, { type: MessageType.TIP_TIME }), msg(2, 1))).toBe(false);
    expect(continuesRun(msg(2, 0, { status: MessageStatus.RECALL }), msg(2, 1))).toBe(false);
    expect(continuesRun(msg(2, 0), msg(2, 1, { type: MessageType.TIP_TEXT }))).toBe(false);
  });
  it('never joins out-of-order times', () => {
    expect(continuesRun(msg(2, 5000), msg(2, 1000))).toBe(false);
  });
  it('shows the time only today, and the date before', () => {
    const now = new Date(2025, 4, 10, 15, 0).getTime();
    expect(exactTime(new Date(2025, 4, 10, 9, 5).getTime(), now, 'en-US')).toMatch(/09:05/);
    expect(exactTime(new Date(2025, 4, 1, 9, 5).getTime(), now, 'en-US')).toMatch(/May 1, 2025/);
  });
});

describe('bare www. links', () => {
  it('become links opened over https; e-mail hosts and words do not', async () => {
    const { messageParts } = await import('./emojiText');
    expect(messageParts('see www.example.com/a, ok')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'www.example.com/a', url: 'https://www.example.com/a' },
      { kind: 'text', text: ', ok' },
    ]);
    expect(messageParts('me@www.example.com').some((p) => p.kind === 'link')).toBe(false);
    expect(messageParts('www.nodot').some((p) => p.kind === 'link')).toBe(false);
    expect(messageParts('https://www.example.com').filter((p) => p.kind === 'link')).toHaveLength(1);
  });
});
