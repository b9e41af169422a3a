import { describe, expect, it } from 'vitest';
import { GROUP_TIP_KEYS, GroupTipText, buildGroupTip, groupMessage, groupTip, groupTipSlots } from '../src/index.js';

describe('group tips', () => {
  it('builds the English content and the tip from one template', () => {
    expect(buildGroupTip('createdAndInvited', { name: 'Ann', members: ['Bob', 'Cy'] })).toEqual({
      content: 'Ann created the group and invited Bob, Cy',
      tip: { key: 'createdAndInvited', params: { name: 'Ann', members: ['Bob', 'Cy'] } },
    });
    expect(buildGroupTip('renamed', { name: 'Ann', group: 'A {{name}} $& group' }).content).toBe(
      'Ann renamed the group to "A {{name}} $& group"',
    );
    expect(buildGroupTip('muteAllOn', {})).toEqual({
      content: 'All members are muted',
      tip: { key: 'muteAllOn', params: {} },
    });
  });

  it('every template uses only the known slots, `members` being the list', () => {
    expect(GROUP_TIP_KEYS).toHaveLength(17);
    for (const key of GROUP_TIP_KEYS) {
      for (const slot of groupTipSlots(key)) expect(['name', 'members', 'group'], GroupTipText[key]).toContain(slot);
    }
  });

  it('the wire schema wants a known key and every slot filled with the right kind', () => {
    const ok = (tip: unknown) => groupTip.safeParse(tip).success;
    expect(ok({ key: 'left', params: { name: 'Ann' } })).toBe(true);
    expect(ok({ key: 'left', params: { name: 'Ann', extra: 'x' } })).toBe(true);
    expect(ok({ key: 'archived', params: { name: 'Ann' } })).toBe(false);
    expect(ok({ key: 'left', params: {} })).toBe(false);
    expect(ok({ key: 'invited', params: { name: 'Ann', members: 'Bob' } })).toBe(false);
    expect(ok({ key: 'invited', params: { name: ['Ann'], members: ['Bob'] } })).toBe(false);
    const message = {
      id: 1,
      groupId: 2,
      sendId: 3,
      sendNickName: '',
      type: 21,
      content: 'Ann left the group',
      status: 1,
      sendTime: 4,
      atUserIds: [],
      receipt: false,
      receiptOk: false,
      readedCount: 0,
    };
    expect(groupMessage.safeParse(message).success).toBe(true);
    expect(groupMessage.safeParse({ ...message, tip: { key: 'left', params: { name: 'Ann' } } }).success).toBe(true);
    expect(groupMessage.safeParse({ ...message, tip: { key: 'left', params: {} } }).success).toBe(false);
  });
});
