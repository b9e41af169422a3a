/**
 * Contact actions: each makes its call and, once it succeeded, updates the local
 * stores at once (the sync frames that follow agree). On failure the request
 * wrapper has already shown the catalogue error; the promise rejects.
 */
import type { Friend } from '@parley/protocol';
import { call } from '../api/call';
import { loadBlocklist, removeFromBlocklist } from './blocklist';
import { patchFriend, removeFriend } from './friendsReducer';
import { updateFriends } from './friendsStore';

export async function deleteFriend(friendId: number): Promise<void> {
  await call('friendDelete', { params: { friendId } });
  updateFriends((list) => removeFriend(list, friendId));
}

/** Set (or, with an empty text, clear) the remark; the display name follows it. */
export async function setRemark(friend: Friend, remark: string): Promise<void> {
  await call('friendRemark', { body: { friendId: friend.id, remark } });
  updateFriends((list) => patchFriend(list, friend.id, { remark, showNickName: remark || friend.nickName }));
}

export async function setDnd(friendId: number, isDnd: boolean): Promise<void> {
  await call('friendDnd', { body: { friendId, isDnd } });
  updateFriends((list) => patchFriend(list, friendId, { isDnd }));
}

export async function blockUser(userId: number): Promise<void> {
  await call('blacklistAdd', { query: { userId } });
  updateFriends((list) => patchFriend(list, userId, { isBlocked: true }));
  await loadBlocklist();
}

export async function unblockUser(userId: number): Promise<void> {
  await call('blacklistRemove', { query: { userId } });
  updateFriends((list) => patchFriend(list, userId, { isBlocked: false }));
  removeFromBlocklist(userId);
}
