/** The group side of a chat box: the group from the list and its members by id (for names, avatars and @). */
import { useMemo } from 'react';
import type { Group, GroupMember } from '@parley/protocol';
import { useGroup } from '../../../groups/groupsStore';
import { activeMembers, useGroupMembers } from '../../../groups/members';

export interface GroupBox {
  group?: Group;
  /** Everyone who was ever listed (names of those who left still show on their messages). */
  members?: ReadonlyMap<number, GroupMember>;
  /** Members still in the group. */
  active: GroupMember[];
}

const NONE: GroupBox = { active: [] };

export function useGroupBox(groupId: number | undefined): GroupBox {
  const group = useGroup(groupId);
  const { list } = useGroupMembers(groupId);
  return useMemo(() => {
    if (!groupId) return NONE;
    return { group, members: new Map(list.map((m) => [m.userId, m])), active: activeMembers(list) };
  }, [groupId, group, list]);
}
