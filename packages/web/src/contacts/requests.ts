/**
 * The signed-in user's friend requests (GET /friend/requests): loaded at start and
 * on every reconnect, kept current by type-83 frames, kept on the device for an
 * offline start like the friend list. The actions answer with the request's new
 * state, applied at once (its frame, arriving too, changes nothing).
 */
import { Cmd, type FriendRequest, type FriendRequestReply } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from '../app/createStore';
import { listCacheFor } from '../app/listCache';
import { followSessionWith } from '../app/syncedListSession';
import { useCurrentUser, useSession } from '../app/session';
import { createSyncedList, type SyncedListState } from '../app/syncedList';
import { onReconnect, subscribeFrames } from '../socket';
import { upsertFriend } from './friendsReducer';
import { updateFriends } from './friendsStore';
import { applyRequestFrame, isRequestFrame, pendingIncoming, pendingWith, upsertRequest } from './requestsReducer';

export type RequestsState = SyncedListState<FriendRequest>;
const EMPTY: RequestsState = { status: 'idle', list: [] };

export const requestsStore = createStore<RequestsState>(EMPTY);

const sync = createSyncedList(
  requestsStore,
  {
    loadList: () => call('friendRequests', { silent: true }),
    subscribeFrames: (listener) => subscribeFrames(Cmd.PRIVATE_MESSAGE, (frame) => listener(frame.data)),
    subscribeReconnect: onReconnect,
    cache: listCacheFor<FriendRequest>('FRIEND_REQUESTS'),
  },
  { empty: EMPTY, isFrame: isRequestFrame, applyFrame: applyRequestFrame },
);

export const reloadRequests = sync.reload;

function put(request: FriendRequest): void {
  requestsStore.set((s) => {
    const list = upsertRequest(s.list, request);
    return list === s.list ? s : { ...s, list };
  });
}

/** Friends now (by the reply): the entry is fetched at once rather than waiting for its frame. */
async function showNewFriend(friendId: number): Promise<void> {
  try {
    const added = await call('friendFind', { params: { friendId }, silent: true });
    updateFriends((list) => upsertFriend(list, added));
  } catch {
    // the FRIEND_NEW frame brings it
  }
}

/** Ask `friendId` (friends at once when they do not require approval, or had asked me). */
export async function sendFriendRequest(friendId: number, greeting: string): Promise<FriendRequestReply> {
  const reply = await call('friendRequest', { body: { friendId, greeting } });
  if (reply.request) put(reply.request);
  if (reply.state === 'friends') await showNewFriend(friendId);
  return reply;
}

export async function acceptRequest(request: FriendRequest): Promise<void> {
  put(await call('friendRequestAccept', { params: { id: request.id } }));
  await showNewFriend(request.from.id);
}

export async function declineRequest(request: FriendRequest): Promise<void> {
  put(await call('friendRequestDecline', { params: { id: request.id } }));
}

export async function cancelRequest(request: FriendRequest): Promise<void> {
  put(await call('friendRequestCancel', { params: { id: request.id } }));
}

let installed = false;
/** Follow the session: start for a signed-in user, stop and clear on sign-out. Called once at start. */
export function installFriendRequests(): void {
  if (installed) return;
  installed = true;
  followSessionWith(sync);
}

export function useFriendRequests(): RequestsState {
  return useStore(requestsStore);
}

/** Pending requests to me: the badge of "New friends" and of the Contacts tab. */
export function usePendingRequestCount(): number {
  const { list } = useStore(requestsStore);
  const me = useSession().user?.id ?? 0;
  return pendingIncoming(list, me);
}

/** The pending request between me and `userId`, either way. */
export function usePendingWith(userId: number): FriendRequest | undefined {
  const { list } = useStore(requestsStore);
  const me = useCurrentUser().id;
  return pendingWith(list, me, userId);
}
