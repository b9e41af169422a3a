/**
 * The app's friend list: started when a user signs in, cleared on sign-out.
 * Pages read it through useFriends() / useFriend(id); actions patch it locally at
 * once, and the server's sync frames (80-82) confirm or correct it.
 */
import { Cmd, type Friend } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from '../app/createStore';
import { onForgetUser } from '../app/forget';
import { listCacheFor } from '../app/listCache';
import { sessionStore } from '../app/session';
import { onReconnect, subscribeFrames } from '../socket';
import { resetBlocklist } from './blocklist';
import { EMPTY_FRIENDS, createFriendsSync, type FriendsState } from './friendsSync';

export type { FriendsState } from './friendsSync';

export const friendsStore = createStore<FriendsState>(EMPTY_FRIENDS);

const sync = createFriendsSync(friendsStore, {
  loadList: () => call('friendList', { silent: true }),
  loadOnline: (ids) => call('userTerminalOnline', { query: { userIds: ids.join(',') }, silent: true }),
  touchOnlineTime: () => call('userUpdateOnlineTime', { silent: true }),
  subscribeFrames: (listener) => subscribeFrames(Cmd.PRIVATE_MESSAGE, (frame) => listener(frame.data)),
  subscribeReconnect: onReconnect,
  cache: listCacheFor<Friend>('FRIENDS'),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
});

export const reloadFriends = sync.reload;

/** Apply a local change (after a successful call) without waiting for the sync frame. */
export function updateFriends(fn: (list: Friend[]) => Friend[]): void {
  friendsStore.set((s) => {
    const list = fn(s.list);
    return list === s.list ? s : { ...s, list };
  });
}

let installed = false;
/** Follow the session: start for a signed-in user, stop and clear (with the blocklist) on sign-out. Called once at start. */
export function installFriends(): void {
  if (installed) return;
  installed = true;
  let owner: number | null = null;
  // Logout removes the copy kept on the device (forget.ts); the session's end stops the sync.
  onForgetUser((userId) => sync.forget(userId));
  const follow = () => {
    const id = sessionStore.get().user?.id ?? null;
    if (id === owner) return;
    if (owner !== null) sync.stop();
    resetBlocklist();
    owner = id;
    if (id !== null) sync.start(id);
  };
  sessionStore.subscribe(follow);
  follow();
}

export function useFriends(): FriendsState {
  return useStore(friendsStore);
}

export function useFriend(id: number | null | undefined): Friend | undefined {
  const { list } = useStore(friendsStore);
  return id ? list.find((f) => f.id === id) : undefined;
}
