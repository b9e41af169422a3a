/**
 * A chat pinned to the top of the chat list on every terminal (issue 22 point 4): a
 * friend's or group's chat is pinned on the server (`PUT /friend/top`, `/group/top`),
 * whose entry carries `pinnedAt`; the sync frames 82 / 92 bring it to every terminal,
 * which applies it to the chat here. Chats with no entry (an ex-friend's) pin locally.
 */
import { ChatType } from '@parley/protocol';
import { call } from '../api/call';
import { friendsStore, updateFriends } from '../contacts/friendsStore';
import { patchFriend } from '../contacts/friendsReducer';
import { groupById, groupsStore, patchLocalGroup } from '../groups/groupsStore';

/** Pins on the server when the chat has a friend or group entry; its pin time, or undefined (local only). */
export async function pinOnServer(type: ChatType, targetId: number, pinned: boolean): Promise<number | undefined> {
  const pinnedAt = pinned ? Date.now() : 0;
  if (type === ChatType.PRIVATE && friendsStore.get().list.some((f) => f.id === targetId)) {
    await call('friendTop', { body: { friendId: targetId, isTop: pinned } });
    updateFriends((list) => patchFriend(list, targetId, { pinnedAt }));
    return pinnedAt;
  }
  if (type === ChatType.GROUP && groupById(targetId)) {
    await call('groupTop', { body: { groupId: targetId, isTop: pinned } });
    patchLocalGroup(targetId, { pinnedAt });
    return pinnedAt;
  }
  return undefined;
}

/** Applies an entry's pin to its chat; true when a pin made on this device alone must go to the server. */
type SyncPin = (type: ChatType, targetId: number, pinnedAt: number) => boolean;
type Pin = (type: ChatType, targetId: number, pinned: boolean) => Promise<void>;

/** Each held chat's pin set from its friend or group entry; a device-only pin of before is sent up once. */
export function applyEntryPins(syncPin: SyncPin, pin: Pin): void {
  const upload = (type: ChatType, id: number) => void pin(type, id, true).catch(() => undefined);
  for (const f of friendsStore.get().list)
    if (syncPin(ChatType.PRIVATE, f.id, f.pinnedAt ?? 0)) upload(ChatType.PRIVATE, f.id);
  for (const g of groupsStore.get().list)
    if (syncPin(ChatType.GROUP, g.id, g.pinnedAt ?? 0)) upload(ChatType.GROUP, g.id);
}

/** Keeps each chat's pin following its friend or group entry (list loads and frames 82 / 92). */
export function followEntryPins(syncPin: SyncPin, pin: Pin): void {
  friendsStore.subscribe(() => applyEntryPins(syncPin, pin));
  groupsStore.subscribe(() => applyEntryPins(syncPin, pin));
}
