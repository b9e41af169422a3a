/**
 * Pure updates of the group list: the sync frames of types 90-92 on cmd 4
 * (90 new and 92 updated carry the whole Group as JSON, 91 the group id). Free of
 * React and the network, so the store's behaviour is unit-tested in node.
 */
import { MessageType, group, groupSyncMessage, type Group, type GroupMember } from '@parley/protocol';

/** Insert or replace one group by id. */
export function upsertGroup(list: readonly Group[], next: Group): Group[] {
  const index = list.findIndex((g) => g.id === next.id);
  if (index < 0) return [...list, next];
  const copy = [...list];
  copy[index] = next;
  return copy;
}

export function removeGroup(list: readonly Group[], id: number): Group[] {
  return list.some((g) => g.id === id) ? list.filter((g) => g.id !== id) : (list as Group[]);
}

/** Shallow-patch one group; the list is returned unchanged when the group is not in it. */
export function patchGroup(list: readonly Group[], id: number, patch: Partial<Group>): Group[] {
  const current = list.find((g) => g.id === id);
  return current ? upsertGroup(list, { ...current, ...patch }) : (list as Group[]);
}

export const isGroupSyncType = (type: number): boolean =>
  type === MessageType.GROUP_NEW || type === MessageType.GROUP_DEL || type === MessageType.GROUP_UPDATE;

export function isGroupSyncFrame(data: unknown): boolean {
  const parsed = groupSyncMessage.safeParse(data);
  return parsed.success && isGroupSyncType(parsed.data.type);
}

/**
 * Apply the data of a cmd 4 frame. Frames that are not group sync (group messages,
 * call signals) and malformed sync frames leave the list as it was (same reference).
 */
export function applyGroupFrame(list: readonly Group[], data: unknown): Group[] {
  const parsed = groupSyncMessage.safeParse(data);
  if (!parsed.success) return list as Group[];
  const { type, content, groupId } = parsed.data;
  if (type === MessageType.GROUP_NEW || type === MessageType.GROUP_UPDATE) {
    const next = parseGroup(content);
    return next ? upsertGroup(list, next) : (list as Group[]);
  }
  if (type === MessageType.GROUP_DEL) {
    // The wire says `content` is the id; `groupId` names it too.
    const id = Number(content) || groupId;
    return Number.isInteger(id) && id > 0 ? removeGroup(list, id) : (list as Group[]);
  }
  return list as Group[];
}

function parseGroup(content: string): Group | null {
  try {
    const result = group.safeParse(JSON.parse(content));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Role of the signed-in user in a group (spec §6). */
export type GroupRole = 'owner' | 'admin' | 'member' | 'none';

export function roleIn(g: Pick<Group, 'ownerId' | 'isManager' | 'quit' | 'dissolve'>, userId: number): GroupRole {
  if (g.quit || g.dissolve) return 'none';
  if (g.ownerId === userId) return 'owner';
  return g.isManager ? 'admin' : 'member';
}

/** Why I cannot write in a group, or null when I can. */
export type SendBlock = 'dissolved' | 'quit' | 'banned' | 'mutedAll' | 'memberMuted';

export function sendBlockOf(g: Group | undefined): SendBlock | null {
  if (!g) return null;
  if (g.dissolve) return 'dissolved';
  if (g.quit) return 'quit';
  if (g.isBanned) return 'banned';
  if (g.isMemberMuted) return 'memberMuted';
  if (g.isMuted && !g.isManager) return 'mutedAll';
  return null;
}

/** Groups I am still in first, then by name. */
export function sortGroups(list: readonly Group[]): Group[] {
  return [...list].sort((a, b) => {
    const gone = Number(a.quit || a.dissolve) - Number(b.quit || b.dissolve);
    return gone !== 0 ? gone : a.showGroupName.localeCompare(b.showGroupName);
  });
}

/** The list with `changed` members replaced by user id, and new ones appended. */
export function patchMembers(list: readonly GroupMember[], changed: readonly GroupMember[]): GroupMember[] {
  const byId = new Map(changed.map((m) => [m.userId, m]));
  const next = list.map((m) => {
    const update = byId.get(m.userId);
    if (!update) return m;
    byId.delete(m.userId);
    return update;
  });
  return [...next, ...byId.values()];
}
