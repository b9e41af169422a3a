import { describe, expect, it } from 'vitest';
import { MessageType } from '@parley/protocol';
import { applyGroupFrame, isGroupSyncFrame, patchGroup, roleIn, sendBlockOf, sortGroups } from './groupsReducer';
import { makeGroup } from './testGroup';

const frame = (type: number, groupId: number, content: string) => ({ type, groupId, content, sendTime: 1 });

describe('group sync frames', () => {
  const list = [makeGroup(1), makeGroup(2)];

  it('90 adds a group, 92 replaces it, 91 removes it', () => {
    let next = applyGroupFrame(list, frame(MessageType.GROUP_NEW, 3, JSON.stringify(makeGroup(3))));
    expect(next.map((g) => g.id)).toEqual([1, 2, 3]);
    next = applyGroupFrame(next, frame(MessageType.GROUP_UPDATE, 1, JSON.stringify(makeGroup(1, { name: 'x' }))));
    expect(next[0]!.name).toBe('x');
    next = applyGroupFrame(next, frame(MessageType.GROUP_DEL, 2, '2'));
    expect(next.map((g) => g.id)).toEqual([1, 3]);
  });

  it('91 falls back to groupId when content is not an id', () => {
    expect(applyGroupFrame(list, frame(MessageType.GROUP_DEL, 2, '')).map((g) => g.id)).toEqual([1]);
  });

  it('leaves the list as it was for messages and malformed sync frames', () => {
    const message = { id: 5, groupId: 1, sendId: 2, type: MessageType.TEXT, content: 'hi', sendTime: 1 };
    expect(applyGroupFrame(list, message)).toBe(list);
    expect(applyGroupFrame(list, frame(MessageType.GROUP_NEW, 3, '{bad json'))).toBe(list);
    expect(applyGroupFrame(list, frame(MessageType.GROUP_UPDATE, 3, JSON.stringify({ id: 3 })))).toBe(list);
    expect(isGroupSyncFrame(message)).toBe(false);
    expect(isGroupSyncFrame(frame(MessageType.GROUP_DEL, 1, '1'))).toBe(true);
  });

  it('patchGroup keeps the list when the group is unknown', () => {
    expect(patchGroup(list, 9, { name: 'y' })).toBe(list);
    expect(patchGroup(list, 2, { isDnd: true })[1]!.isDnd).toBe(true);
  });
});

describe('roles and send blocks', () => {
  it('derives the role from ownerId and isManager; a quit or dissolved group gives none', () => {
    expect(roleIn(makeGroup(1, { ownerId: 7 }), 7)).toBe('owner');
    expect(roleIn(makeGroup(1, { ownerId: 7, isManager: true }), 8)).toBe('admin');
    expect(roleIn(makeGroup(1, { ownerId: 7 }), 8)).toBe('member');
    expect(roleIn(makeGroup(1, { ownerId: 7, quit: true }), 7)).toBe('none');
    expect(roleIn(makeGroup(1, { dissolve: true }), 8)).toBe('none');
  });

  it('muted members cannot write; managers still speak when all are muted', () => {
    expect(sendBlockOf(makeGroup(1))).toBeNull();
    expect(sendBlockOf(makeGroup(1, { isMuted: true }))).toBe('mutedAll');
    expect(sendBlockOf(makeGroup(1, { isMuted: true, isManager: true }))).toBeNull();
    expect(sendBlockOf(makeGroup(1, { isMemberMuted: true }))).toBe('memberMuted');
    expect(sendBlockOf(makeGroup(1, { quit: true, isMuted: true }))).toBe('quit');
    expect(sendBlockOf(makeGroup(1, { dissolve: true }))).toBe('dissolved');
    expect(sendBlockOf(makeGroup(1, { isBanned: true }))).toBe('banned');
  });

  it('sorts groups I am in first, then by name', () => {
    const sorted = sortGroups([
      makeGroup(1, { name: 'b' }),
      makeGroup(2, { name: 'z', quit: true }),
      makeGroup(3, { name: 'a' }),
    ]);
    expect(sorted.map((g) => g.id)).toEqual([3, 1, 2]);
  });
});
