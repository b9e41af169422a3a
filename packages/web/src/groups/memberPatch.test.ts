import { describe, expect, it } from 'vitest';
import { patchMembers } from './groupsReducer';
import { makeMember } from './testGroup';

describe('member list deltas (sync frame members)', () => {
  it('replaces changed members in place and appends new ones; untouched entries stay the same objects', () => {
    const ann = makeMember(1);
    const bob = makeMember(2);
    const list = [ann, bob];
    const next = patchMembers(list, [makeMember(2, { isManager: true }), makeMember(3), makeMember(1, { quit: true })]);
    expect(next.map((m) => [m.userId, m.isManager, m.quit])).toEqual([
      [1, false, true],
      [2, true, false],
      [3, false, false],
    ]);
    expect(patchMembers(list, [makeMember(3)])[0]).toBe(ann);
  });
});
