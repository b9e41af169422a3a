/**
 * Pure updates of the friend list: the sync frames of types 80-82 (wire-contract §4)
 * and the periodic online refresh (spec §4). Free of React and the network, so the
 * store's behaviour is unit-tested in node.
 */
import { MessageType, Terminal, friend, friendSyncMessage, type Friend, type OnlineTerminals } from '@parley/protocol';

/** Insert or replace one friend by id. */
export function upsertFriend(list: readonly Friend[], next: Friend): Friend[] {
  const index = list.findIndex((f) => f.id === next.id);
  if (index < 0) return [...list, next];
  const copy = [...list];
  copy[index] = next;
  return copy;
}

export function removeFriend(list: readonly Friend[], id: number): Friend[] {
  return list.some((f) => f.id === id) ? list.filter((f) => f.id !== id) : (list as Friend[]);
}

/** Shallow-patch one friend; the list is returned unchanged when the friend is not in it. */
export function patchFriend(list: readonly Friend[], id: number, patch: Partial<Friend>): Friend[] {
  const current = list.find((f) => f.id === id);
  return current ? upsertFriend(list, { ...current, ...patch }) : (list as Friend[]);
}

/**
 * Apply the data of a cmd 3 frame. Frames that are not friend sync (chat messages,
 * call signals) and malformed sync frames leave the list as it was (same reference).
 */
export function applyFriendFrame(list: readonly Friend[], data: unknown): Friend[] {
  const parsed = friendSyncMessage.safeParse(data);
  if (!parsed.success) return list as Friend[];
  const { type, content } = parsed.data;
  if (type === MessageType.FRIEND_NEW || type === MessageType.FRIEND_UPDATE) {
    const next = parseFriend(content);
    return next ? upsertFriend(list, next) : (list as Friend[]);
  }
  if (type === MessageType.FRIEND_DEL) {
    const id = Number(content);
    return Number.isInteger(id) && id > 0 ? removeFriend(list, id) : (list as Friend[]);
  }
  return list as Friend[];
}

export function isFriendSyncFrame(data: unknown): boolean {
  const parsed = friendSyncMessage.safeParse(data);
  if (!parsed.success) return false;
  const { type } = parsed.data;
  return type === MessageType.FRIEND_NEW || type === MessageType.FRIEND_DEL || type === MessageType.FRIEND_UPDATE;
}

function parseFriend(content: string): Friend | null {
  try {
    const result = friend.safeParse(JSON.parse(content));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * Merge a `/user/terminal/online` answer (online users only) into the list. Every
 * friend whose id was asked about and who is missing from the answer is offline.
 * Unchanged friends keep their object, an unchanged list its reference.
 */
export function mergeOnline(
  list: readonly Friend[],
  entries: readonly OnlineTerminals[],
  askedIds: readonly number[],
): Friend[] {
  const asked = new Set(askedIds);
  const terminals = new Map(entries.map((e) => [e.userId, e.terminals] as const));
  let changed = false;
  const next = list.map((f) => {
    if (!asked.has(f.id)) return f;
    const t: readonly number[] = terminals.get(f.id) ?? [];
    const onlineWeb = t.includes(Terminal.WEB);
    const onlineApp = t.includes(Terminal.APP);
    const online = onlineWeb || onlineApp;
    if (f.online === online && f.onlineWeb === onlineWeb && f.onlineApp === onlineApp) return f;
    changed = true;
    return { ...f, online, onlineWeb, onlineApp };
  });
  return changed ? next : (list as Friend[]);
}
