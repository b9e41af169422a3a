import { describe, expect, it } from 'vitest';
import { MessageStatus, MessageType } from '@parley/protocol';
import { NO_PINS, withList, withNotice, withRecall, type PinnedEntry } from './pins';
import type { ChatMessage } from './types';

const msg = (id: number): ChatMessage => ({
  id,
  type: MessageType.TEXT,
  content: `m${id}`,
  status: MessageStatus.SENDED,
  sendId: 1,
  sendTime: id,
  selfSend: true,
  loadStatus: 'ok',
});
const entry = (id: number, pinTime: number): PinnedEntry => ({ message: msg(id), pinnedBy: 1, pinTime });
const ids = (c: { entries: PinnedEntry[] }) => c.entries.map((e) => e.message.id);

describe('pins', () => {
  it('a notice applies only if newer than what the message shows, whatever the arrival order', () => {
    const pin = { id: 5, pinned: true, pinTime: 10, by: 1 };
    const unpin = { id: 5, pinned: false, pinTime: 11, by: 2 };
    expect(ids(withNotice(withNotice(NO_PINS, pin, msg(5)), unpin, msg(5)))).toEqual([]);
    expect(ids(withNotice(withNotice(NO_PINS, unpin, msg(5)), pin, msg(5)))).toEqual([]);
    const again = withNotice(NO_PINS, pin, msg(5));
    expect(withNotice(again, pin, msg(5))).toBe(again);
  });

  it('newest pin first; a pin of a message not held waits for the list', () => {
    let c = withNotice(NO_PINS, { id: 1, pinned: true, pinTime: 10, by: 1 }, msg(1));
    c = withNotice(c, { id: 2, pinned: true, pinTime: 12, by: 1 }, msg(2));
    c = withNotice(c, { id: 3, pinned: true, pinTime: 13, by: 1 }, undefined);
    expect(ids(c)).toEqual([2, 1]);
    c = withList(c, [entry(3, 13), entry(2, 12), entry(1, 10)], 13);
    expect(ids(c)).toEqual([3, 2, 1]);
  });

  it('the list unpins what it leaves out up to its time, and keeps a later live pin', () => {
    let c = withNotice(NO_PINS, { id: 1, pinned: true, pinTime: 10, by: 1 }, msg(1));
    c = withNotice(c, { id: 2, pinned: true, pinTime: 20, by: 1 }, msg(2));
    c = withList(c, [], 15);
    expect(ids(c)).toEqual([2]);
    // A notice older than the list's view does not bring it back.
    expect(ids(withNotice(c, { id: 1, pinned: true, pinTime: 10, by: 1 }, msg(1)))).toEqual([2]);
  });

  it('a list read before a newer pin of a message not held still shows it, at the newer time', () => {
    let c = withNotice(NO_PINS, { id: 4, pinned: true, pinTime: 30, by: 2 }, undefined);
    expect(ids(c)).toEqual([]);
    c = withList(c, [entry(4, 10)], 25);
    expect(c.entries.map((e) => [e.message.id, e.pinTime])).toEqual([[4, 30]]);
  });

  it('a recall unpins for good', () => {
    let c = withNotice(NO_PINS, { id: 1, pinned: true, pinTime: 10, by: 1 }, msg(1));
    c = withRecall(c, 1);
    expect(ids(c)).toEqual([]);
    expect(ids(withList(c, [entry(1, 10)], 10))).toEqual([]);
  });
});
