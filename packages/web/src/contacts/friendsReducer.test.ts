import { describe, expect, it } from 'vitest';
import { MessageType, Terminal } from '@parley/protocol';
import { applyFriendFrame, isFriendSyncFrame, mergeOnline, patchFriend } from './friendsReducer';
import { makeFriend } from './testFriend';

const frame = (type: number, content: string) => ({ type, sendId: 1, recvId: 1, content, sendTime: 1 });

describe('applyFriendFrame', () => {
  it('80 FRIEND_NEW appends the friend carried as JSON', () => {
    const list = [makeFriend(2)];
    const next = applyFriendFrame(list, frame(MessageType.FRIEND_NEW, JSON.stringify(makeFriend(3))));
    expect(next.map((f) => f.id)).toEqual([2, 3]);
  });
  it('80 for a friend already listed replaces it instead of duplicating', () => {
    const list = [makeFriend(2)];
    const next = applyFriendFrame(list, frame(MessageType.FRIEND_NEW, JSON.stringify(makeFriend(2, { online: true }))));
    expect(next).toHaveLength(1);
    expect(next[0]?.online).toBe(true);
  });
  it('82 FRIEND_UPDATE replaces the friend in place', () => {
    const list = [makeFriend(2), makeFriend(3)];
    const updated = makeFriend(2, { remark: 'Boss', showNickName: 'Boss' });
    const next = applyFriendFrame(list, frame(MessageType.FRIEND_UPDATE, JSON.stringify(updated)));
    expect(next.map((f) => f.showNickName)).toEqual(['Boss', 'user3']);
    expect(list[0]?.showNickName).toBe('user2'); // the old list is untouched
  });
  it('81 FRIEND_DEL removes the friend whose id is the content', () => {
    const list = [makeFriend(2), makeFriend(3)];
    expect(applyFriendFrame(list, frame(MessageType.FRIEND_DEL, '2')).map((f) => f.id)).toEqual([3]);
  });
  it('ignores other types, malformed content and non-sync data (same reference)', () => {
    const list = [makeFriend(2)];
    for (const data of [
      frame(MessageType.TEXT, 'hello'),
      frame(MessageType.TIP_TEXT, 'you are now friends'),
      frame(MessageType.FRIEND_NEW, '{not json'),
      frame(MessageType.FRIEND_UPDATE, JSON.stringify({ id: 2 })),
      frame(MessageType.FRIEND_DEL, 'abc'),
      frame(MessageType.FRIEND_DEL, '99'),
      null,
      { cmd: 3 },
    ]) {
      expect(applyFriendFrame(list, data)).toBe(list);
    }
  });
  it('recognises only 80-82 as sync frames', () => {
    expect(isFriendSyncFrame(frame(MessageType.FRIEND_DEL, '2'))).toBe(true);
    expect(isFriendSyncFrame(frame(MessageType.TEXT, 'x'))).toBe(false);
    expect(isFriendSyncFrame('x')).toBe(false);
  });
});

describe('mergeOnline', () => {
  it('sets online and per-terminal flags from the answer; asked ids missing from it go offline', () => {
    const list = [makeFriend(2, { online: true, onlineWeb: true }), makeFriend(3), makeFriend(4)];
    const next = mergeOnline(
      list,
      [
        { userId: 3, terminals: [Terminal.APP] },
        { userId: 4, terminals: [0, 1] },
      ],
      [2, 3, 4],
    );
    expect(next.map((f) => [f.id, f.online, f.onlineWeb, f.onlineApp])).toEqual([
      [2, false, false, false],
      [3, true, false, true],
      [4, true, true, true],
    ]);
  });
  it('leaves friends that were not asked about alone', () => {
    const list = [makeFriend(2, { online: true, onlineWeb: true }), makeFriend(3)];
    const next = mergeOnline(list, [{ userId: 3, terminals: [0] }], [3]);
    expect(next[0]).toBe(list[0]);
    expect(next[1]?.onlineWeb).toBe(true);
  });
  it('keeps the same list when nothing changed', () => {
    const list = [makeFriend(2, { online: true, onlineWeb: true }), makeFriend(3)];
    expect(mergeOnline(list, [{ userId: 2, terminals: [0] }], [2, 3])).toBe(list);
  });
});

describe('patchFriend', () => {
  it('patches a listed friend and ignores unknown ids', () => {
    const list = [makeFriend(2)];
    expect(patchFriend(list, 2, { isDnd: true })[0]?.isDnd).toBe(true);
    expect(patchFriend(list, 9, { isDnd: true })).toBe(list);
  });
});
