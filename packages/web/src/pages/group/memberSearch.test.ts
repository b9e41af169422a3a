import { describe, expect, it } from 'vitest';
import { makeMember } from '../../groups/testGroup';
import { byRole, filterMembers } from './memberSearch';

describe('member search', () => {
  const members = [
    makeMember(1, { showNickName: 'Ann' }),
    makeMember(2, { showNickName: 'Bob', isManager: true }),
    makeMember(3, { showNickName: 'Cat', remarkNickName: 'Kitty', isOwner: true, isManager: true }),
  ];
  it('matches display names and group nicknames, ignoring case and spaces', () => {
    expect(filterMembers(members, ' an ').map((m) => m.userId)).toEqual([1]);
    expect(filterMembers(members, 'kit').map((m) => m.userId)).toEqual([3]);
    expect(filterMembers(members, '')).toHaveLength(3);
  });
  it('orders owner, admins, members', () => {
    expect(byRole(members).map((m) => m.userId)).toEqual([3, 2, 1]);
  });
});
