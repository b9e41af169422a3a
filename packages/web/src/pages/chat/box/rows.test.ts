// The unread pill counts the unread messages not yet seen and points to where they are.
import { describe, expect, it } from 'vitest';
import { MessageStatus, MessageType } from '@parley/protocol';
import type { ChatMessage } from '../../../chat/types';
import { unreadDirection, unseenUnread } from './rows';

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

describe('unseenUnread', () => {
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
  const last = list.length - 1;

  it('counts down as the furthest row seen moves through the unread messages; next is the first unseen', () => {
    expect(unseenUnread(list, first, last, -1)).toEqual({ count: 10, next: 3 });
    expect(unseenUnread(list, first, last, 2)).toEqual({ count: 10, next: 3 });
    expect(unseenUnread(list, first, last, 5)).toEqual({ count: 7, next: 6 });
    // my reply and the time tip are skipped
    expect(unseenUnread(list, first, last, 7)).toEqual({ count: 5, next: 10 });
    expect(unseenUnread(list, first, last, 12)).toEqual({ count: 2, next: 13 });
    expect(unseenUnread(list, first, last, last)).toEqual({ count: 0, next: -1 });
  });

  it('leaves out what came after the chat was opened, and is empty when the first unread is gone', () => {
    expect(unseenUnread(list, first, 7, 5)).toEqual({ count: 2, next: 6 });
    expect(unseenUnread(list, -1, last, 0)).toEqual({ count: 0, next: -1 });
  });
});

describe('unreadDirection', () => {
  it('points up when the next unseen is above the visible rows, down when below, nowhere when on screen', () => {
    expect(unreadDirection(3, 10, 20)).toBe('up');
    expect(unreadDirection(25, 10, 20)).toBe('down');
    expect(unreadDirection(15, 10, 20)).toBeNull();
    expect(unreadDirection(-1, 10, 20)).toBeNull();
  });
});
