// The "↑ N unread" pill counts the unread messages not yet scrolled to.
import { describe, expect, it } from 'vitest';
import { MessageStatus, MessageType } from '@parley/protocol';
import type { ChatMessage } from '../../../chat/types';
import { unreadLeft } from './rows';

const msg = (id: number, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  type: MessageType.TEXT,
  content: `m${id}`,
  sendId: 2,
  sendTime: id * 1000,
  status: MessageStatus.SENDED,
  selfSend: false,
  loadStatus: 'ok',
  ...patch,
});

describe('unreadLeft', () => {
  // 3 read messages, then 10 unread from the peer (one own reply in between, one time tip).
  const list = [
    msg(1),
    msg(2),
    msg(3),
    ...Array.from({ length: 5 }, (_, i) => msg(10 + i)),
    msg(20, { selfSend: true, sendId: 1 }),
    msg(21, { type: MessageType.TIP_TIME }),
    ...Array.from({ length: 5 }, (_, i) => msg(30 + i)),
  ];
  const first = 3;

  it('counts down as the last visible row moves through the unread messages', () => {
    expect(unreadLeft(list, first, 2)).toBe(10);
    expect(unreadLeft(list, first, 5)).toBe(7);
    expect(unreadLeft(list, first, 9)).toBe(5);
    expect(unreadLeft(list, first, 12)).toBe(2);
    expect(unreadLeft(list, first, list.length - 1)).toBe(0);
  });

  it('is 0 when the first unread is gone', () => {
    expect(unreadLeft(list, -1, 0)).toBe(0);
  });
});
