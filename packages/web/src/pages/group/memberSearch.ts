import type { GroupMember } from '@parley/protocol';

/** Members whose display name (or nickname in the group) contains the query, case-insensitively. */
export function filterMembers<M extends Pick<GroupMember, 'showNickName' | 'remarkNickName'>>(
  members: readonly M[],
  query: string,
): M[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...members];
  return members.filter((m) => m.showNickName.toLowerCase().includes(q) || m.remarkNickName.toLowerCase().includes(q));
}

/** Owner first, then admins, then the rest, keeping the server's order (online first) within each. */
export function byRole<M extends Pick<GroupMember, 'isOwner' | 'isManager'>>(members: readonly M[]): M[] {
  const rank = (m: M) => (m.isOwner ? 0 : m.isManager ? 1 : 2);
  return [...members].sort((a, b) => rank(a) - rank(b));
}
