import { describe, expect, it } from 'vitest';
import { FriendRequestStatus, MessageType, type FriendRequest } from '@parley/protocol';
import { applyRequestFrame, pendingIncoming, pendingWith, shownRequests, upsertRequest } from './requestsReducer';

const party = (id: number) => ({ id, nickName: `U${id}`, headImage: '', headImageThumb: '', signature: '' });
const req = (id: number, from: number, to: number, status: FriendRequestStatus, updateTime: number): FriendRequest => ({
  id,
  from: party(from),
  to: party(to),
  greeting: 'hi',
  status,
  createTime: 1,
  updateTime,
});
const frame = (r: FriendRequest) => ({
  type: MessageType.FRIEND_REQUEST,
  sendId: r.from.id,
  recvId: r.to.id,
  content: JSON.stringify(r),
  sendTime: r.updateTime,
});
const ME = 1;

describe('friend requests reducer', () => {
  it('keeps the newest state per id: a repeat or an older state changes nothing', () => {
    const pending = req(7, 2, ME, FriendRequestStatus.PENDING, 10);
    const accepted = { ...pending, status: FriendRequestStatus.ACCEPTED, updateTime: 11 };
    let list = applyRequestFrame([], frame(pending));
    expect(pendingIncoming(list, ME)).toBe(1);
    expect(applyRequestFrame(list, frame(pending))).toBe(list);
    list = applyRequestFrame(list, frame(accepted));
    expect(list).toEqual([accepted]);
    // The list reloaded before the answer (older) does not bring the pending state back.
    expect(upsertRequest(list, pending)).toBe(list);
    expect(pendingIncoming(list, ME)).toBe(0);
  });

  it('counts only pending requests to me; finds the pending one with someone either way; newest first', () => {
    const list = [
      req(1, 2, ME, FriendRequestStatus.PENDING, 5),
      req(2, ME, 3, FriendRequestStatus.PENDING, 9),
      req(3, 4, ME, FriendRequestStatus.DECLINED, 7),
    ].reduce<FriendRequest[]>((acc, r) => upsertRequest(acc, r), []);
    expect(list.map((r) => r.id)).toEqual([2, 3, 1]);
    expect(pendingIncoming(list, ME)).toBe(1);
    expect(pendingWith(list, ME, 3)?.id).toBe(2);
    expect(pendingWith(list, ME, 4)).toBeUndefined();
  });

  it('ignores other frames and malformed requests', () => {
    const list: FriendRequest[] = [];
    expect(
      applyRequestFrame(list, { type: MessageType.FRIEND_NEW, sendId: 1, recvId: 2, content: '{}', sendTime: 1 }),
    ).toBe(list);
    expect(
      applyRequestFrame(list, { type: MessageType.FRIEND_REQUEST, sendId: 1, recvId: 2, content: 'x', sendTime: 1 }),
    ).toBe(list);
  });

  it('New friends leaves out an accepted request with someone no longer a friend, once the friends are known', () => {
    const mine = req(1, ME, 2, FriendRequestStatus.ACCEPTED, 5);
    const theirs = req(2, 3, ME, FriendRequestStatus.ACCEPTED, 4);
    const declined = req(3, 4, ME, FriendRequestStatus.DECLINED, 3);
    const pending = req(4, 5, ME, FriendRequestStatus.PENDING, 2);
    const list = [mine, theirs, declined, pending];
    expect(shownRequests(list, ME, null)).toBe(list);
    expect(shownRequests(list, ME, new Set([2, 3]))).toBe(list);
    // 2 was deleted from my friends: my accepted request to 2 goes; the rest stays.
    expect(shownRequests(list, ME, new Set([3]))).toEqual([theirs, declined, pending]);
    expect(shownRequests(list, ME, new Set())).toEqual([declined, pending]);
  });
});
