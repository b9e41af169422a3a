// Do-not-disturb chats: shown muted and left out of the tab badge total.
import { describe, expect, it } from 'vitest';
import { ChatType } from '@parley/protocol';
import type { ChatSummary } from './types';
import { unreadTotal, withMuted } from './unread';

const row = (type: ChatType, targetId: number, unreadCount: number): ChatSummary => ({
  type,
  targetId,
  showName: `c${targetId}`,
  headImage: '',
  lastContent: '',
  lastSendTime: 0,
  unreadCount,
  atMe: false,
  atAll: false,
  pinned: false,
  draft: '',
});

const muted = (type: ChatType, id: number) =>
  (type === ChatType.PRIVATE && id === 2) || (type === ChatType.GROUP && id === 7);

describe('do-not-disturb chats', () => {
  const list = [
    row(ChatType.PRIVATE, 1, 3),
    row(ChatType.PRIVATE, 2, 5),
    row(ChatType.GROUP, 7, 4),
    row(ChatType.SYSTEM, 0, 1),
  ];

  it('leaves muted private and group chats out of the total; the system chat counts', () => {
    expect(unreadTotal(list, muted)).toBe(4);
    expect(unreadTotal(list, () => false)).toBe(13);
  });

  it('marks the muted rows and keeps the others as they were', () => {
    const out = withMuted(list, muted);
    expect(out.map((c) => c.muted ?? false)).toEqual([false, true, true, false]);
    expect(out[0]).toBe(list[0]);
    expect(out[3]).toBe(list[3]);
    expect(out[1]!.unreadCount).toBe(5);
  });
});
