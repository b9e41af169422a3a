/**
 * Who a receipt message waits for (spec §4 "N read / M unread"): the current members
 * other than its sender who were in the group when it was sent. Members who joined
 * later never received it, so they are neither read nor unread.
 */
import type { GroupMember } from '@parley/protocol';

export function receiptAudience(
  active: readonly GroupMember[],
  message: { id?: number; sendId: number },
): GroupMember[] {
  const id = message.id;
  if (id === undefined) return [];
  return active.filter((m) => m.userId !== message.sendId && m.joinedAtId < id);
}

/** The unread number under a receipt message; without the member list, the group's size stands in. */
export function receiptUnread(
  active: readonly GroupMember[] | undefined,
  memberCount: number | undefined,
  message: { id?: number; sendId: number; readedCount?: number },
): number {
  const read = message.readedCount ?? 0;
  const audience = active && active.length > 0 ? receiptAudience(active, message).length : (memberCount ?? 1) - 1;
  return Math.max(0, audience - read);
}
