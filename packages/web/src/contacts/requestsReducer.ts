/**
 * Pure updates of the friend request list (docs/PROTOCOL.md "Friend requests"): a
 * request from a type-83 frame, a reply or the list replaces the held one of its id
 * only when its `updateTime` is newer, so a state seen twice (pushed and reloaded)
 * counts once and an old one never comes back. Newest change first.
 */
import {
  FriendRequestStatus,
  MessageType,
  friendRequest,
  friendSyncMessage,
  type FriendRequest,
} from '@parley/protocol';

const newestFirst = (a: FriendRequest, b: FriendRequest) => b.updateTime - a.updateTime || b.id - a.id;

export function upsertRequest(list: readonly FriendRequest[], next: FriendRequest): FriendRequest[] {
  const held = list.find((r) => r.id === next.id);
  if (held && held.updateTime >= next.updateTime) return list as FriendRequest[];
  return [...list.filter((r) => r.id !== next.id), next].sort(newestFirst);
}

export function isRequestFrame(data: unknown): boolean {
  const parsed = friendSyncMessage.safeParse(data);
  return parsed.success && parsed.data.type === MessageType.FRIEND_REQUEST;
}

/** A type-83 frame applied; anything else (or a malformed one) leaves the list as it was. */
export function applyRequestFrame(list: readonly FriendRequest[], data: unknown): FriendRequest[] {
  if (!isRequestFrame(data)) return list as FriendRequest[];
  try {
    const parsed = friendRequest.safeParse(JSON.parse((data as { content: string }).content));
    return parsed.success ? upsertRequest(list, parsed.data) : (list as FriendRequest[]);
  } catch {
    return list as FriendRequest[];
  }
}

/** Requests to `me` still waiting for my answer: the "New friends" badge. */
export const pendingIncoming = (list: readonly FriendRequest[], me: number): number =>
  list.filter((r) => r.to.id === me && r.status === FriendRequestStatus.PENDING).length;

/** The pending request between me and `other`, either way, if any. */
export function pendingWith(list: readonly FriendRequest[], me: number, other: number): FriendRequest | undefined {
  return list.find(
    (r) =>
      r.status === FriendRequestStatus.PENDING &&
      ((r.from.id === me && r.to.id === other) || (r.from.id === other && r.to.id === me)),
  );
}

/**
 * What New friends lists: an accepted request with someone who is no longer my friend
 * (the friendship was deleted since) is left out, since "Added" beside a non-friend would
 * be wrong and nothing is left to answer; asking again brings the row back as pending.
 * `friendIds` null: the friend list is not known yet, so nothing is left out.
 */
export function shownRequests(
  list: readonly FriendRequest[],
  me: number,
  friendIds: ReadonlySet<number> | null,
): readonly FriendRequest[] {
  if (friendIds === null) return list;
  const kept = list.filter(
    (r) => r.status !== FriendRequestStatus.ACCEPTED || friendIds.has(r.from.id === me ? r.to.id : r.from.id),
  );
  return kept.length === list.length ? list : kept;
}
