import { describe, expect, it } from 'vitest';
import { receiptAudience, receiptUnread } from './receipts';
import { makeMember } from './testGroup';

describe('receipt audience', () => {
  const members = [
    makeMember(1, { joinedAtId: 0 }), // the sender
    makeMember(2, { joinedAtId: 0 }),
    makeMember(3, { joinedAtId: 5 }),
    makeMember(4, { joinedAtId: 20 }), // joined after message 10
  ];
  const message = { id: 10, sendId: 1 };

  it('leaves out the sender and those who joined after the message', () => {
    expect(receiptAudience(members, message).map((m) => m.userId)).toEqual([2, 3]);
    expect(receiptAudience(members, { sendId: 1 })).toEqual([]);
  });

  it('counts unread from the audience, or from the group size before the list is loaded', () => {
    expect(receiptUnread(members, 4, { ...message, readedCount: 1 })).toBe(1);
    expect(receiptUnread(members, 4, { ...message, readedCount: 2 })).toBe(0);
    expect(receiptUnread(undefined, 4, { ...message, readedCount: 1 })).toBe(2);
    expect(receiptUnread([], 4, { ...message, readedCount: 5 })).toBe(0);
  });
});
