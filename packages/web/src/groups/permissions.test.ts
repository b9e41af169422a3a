import { describe, expect, it } from 'vitest';
import { canMentionAll, canMute, canRemove, canSetAdmin } from './permissions';
import { makeMember } from './testGroup';

const ME = 1;
const owner = makeMember(9, { isOwner: true, isManager: true });
const admin = makeMember(8, { isManager: true });
const member = makeMember(7);
const self = makeMember(ME);

describe('member permissions', () => {
  it('the owner removes and mutes anyone but themselves', () => {
    expect([admin, member].every((m) => canRemove('owner', m, ME) && canMute('owner', m, ME))).toBe(true);
    expect(canRemove('owner', self, ME)).toBe(false);
  });
  it('an admin removes and mutes plain members only', () => {
    expect(canRemove('admin', member, ME)).toBe(true);
    expect(canRemove('admin', admin, ME)).toBe(false);
    expect(canMute('admin', owner, ME)).toBe(false);
  });
  it('members, and those who left, manage nobody', () => {
    expect(canRemove('member', member, ME)).toBe(false);
    expect(canRemove('none', member, ME)).toBe(false);
    expect(canRemove('owner', makeMember(5, { quit: true }), ME)).toBe(false);
  });
  it('only the owner sets admins; @everyone for owner and admins', () => {
    expect(canSetAdmin('owner', member)).toBe(true);
    expect(canSetAdmin('owner', owner)).toBe(false);
    expect(canSetAdmin('admin', member)).toBe(false);
    expect(canMentionAll('admin')).toBe(true);
    expect(canMentionAll('member')).toBe(false);
  });
});
