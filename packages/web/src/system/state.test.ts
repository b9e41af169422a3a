import { describe, expect, it } from 'vitest';
import { MessageStatus, MessageType, type SystemMessage } from '@parley/protocol';
import { SYSTEM_STORED_MAX, EMPTY_SYSTEM, isListed, readPositionOf, unreadOf, withMessages, withRead } from './state';
import { systemSummary, withSystemEntry } from './store';
import type { ChatSummary } from '../chat/types';

const msg = (seqNo: number, status: number = MessageStatus.SENDED): SystemMessage => ({
  id: seqNo * 10,
  seqNo,
  type: MessageType.SYSTEM_MESSAGE,
  title: `t${seqNo}`,
  coverUrl: '',
  intro: '',
  status,
  sendTime: seqNo * 1000,
});

describe('system state', () => {
  it('keeps notifications by seqNo, in order, once', () => {
    const a = withMessages(EMPTY_SYSTEM, [msg(3), msg(1), msg(3)]);
    expect(a.state.items.map((i) => i.seqNo)).toEqual([1, 3]);
    expect(a.added).toEqual([3, 1]);
    const b = withMessages(a.state, [msg(2), msg(1)]);
    expect(b.state.items.map((i) => i.seqNo)).toEqual([1, 2, 3]);
    expect(withMessages(b.state, [msg(2)]).state).toBe(b.state);
  });

  it('keeps the newest SYSTEM_STORED_MAX', () => {
    const many = Array.from({ length: SYSTEM_STORED_MAX + 5 }, (_, i) => msg(i + 1));
    const { state } = withMessages(EMPTY_SYSTEM, many);
    expect(state.items).toHaveLength(SYSTEM_STORED_MAX);
    expect(state.items[0]!.seqNo).toBe(6);
  });

  it('counts unread above the read position, which only moves forward', () => {
    const { state } = withMessages(EMPTY_SYSTEM, [msg(1, MessageStatus.READED), msg(2), msg(3)]);
    expect(state.readSeq).toBe(1);
    expect(unreadOf(state)).toBe(2);
    expect(unreadOf(withRead(state, 3))).toBe(0);
    expect(withRead(withRead(state, 3), 2).readSeq).toBe(3);
  });

  it('reads READED frames strictly', () => {
    expect(readPositionOf({ type: MessageType.READED, content: '12' })).toBe(12);
    expect(readPositionOf({ type: MessageType.READED, content: '1e3' })).toBeNull();
    expect(readPositionOf({ type: MessageType.SYSTEM_MESSAGE, content: '1' })).toBeNull();
  });

  it('lists the SYSTEM entry by its last notification and hides a deleted one until a newer arrives', () => {
    const t = (k: string) => k;
    const { state } = withMessages(EMPTY_SYSTEM, [msg(1), msg(2)]);
    const entry = systemSummary(state, t)!;
    expect(entry).toMatchObject({ type: 'SYSTEM', showName: 'system.chatName', lastContent: 't2', unreadCount: 2 });
    expect(systemSummary(EMPTY_SYSTEM, t)).toBeNull();
    const hidden = { ...state, hiddenSeq: 2 };
    expect(isListed(hidden)).toBe(false);
    expect(isListed(withMessages(hidden, [msg(3)]).state)).toBe(true);
    const chat = (lastSendTime: number, pinned = false) =>
      ({ lastSendTime, pinned, targetId: lastSendTime }) as ChatSummary;
    const list = [chat(9000, true), chat(3000), chat(1000)];
    expect(withSystemEntry(list, entry).map((c) => c.targetId)).toEqual([9000, 3000, 0, 1000]);
    expect(withSystemEntry(list, { ...entry, pinned: true }).map((c) => c.targetId)).toEqual([9000, 0, 3000, 1000]);
  });

  it('sorts the SYSTEM entry by the same time as any chat: an opened chat goes above it, an opened SYSTEM above the chats', () => {
    const t = (k: string) => k;
    const entry = systemSummary(withMessages(EMPTY_SYSTEM, [msg(1), msg(2)]).state, t)!;
    const chat = (targetId: number, lastSendTime: number, openedAt = 0) =>
      ({ lastSendTime, openedAt, pinned: false, targetId }) as ChatSummary;
    // Chat 1 (last message long ago) was opened just now: it leads, the SYSTEM entry follows.
    const list = [chat(1, 500, 99_000), chat(2, 1500)];
    expect(withSystemEntry(list, entry).map((c) => c.targetId)).toEqual([1, 0, 2]);
    // The SYSTEM chat opened after that: it leads.
    expect(withSystemEntry(list, { ...entry, openedAt: 100_000 }).map((c) => c.targetId)).toEqual([0, 1, 2]);
  });
});
