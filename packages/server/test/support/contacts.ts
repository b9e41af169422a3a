/** Helpers for the contacts tests: friend-sync frame matchers and direct database reads. */
import {
  Cmd,
  MessageType,
  type Friend,
  type FriendSyncMessage,
  type PrivateMessage,
  type ServerFrame,
} from '@parley/protocol';
import type { ApiClient, TestUser } from './api.js';
import type { TestServer } from './server.js';

/** A cmd 3 frame of the given message type (optionally about one user: recvId for sync frames). */
export const privateOfType =
  (type: number, recvId?: number) =>
  (f: ServerFrame): boolean => {
    if (f.cmd !== Cmd.PRIVATE_MESSAGE) return false;
    const data = f.data as { type?: number; recvId?: number };
    return data.type === type && (recvId === undefined || data.recvId === recvId);
  };

export const isFriendSync = (f: ServerFrame): boolean => {
  if (f.cmd !== Cmd.PRIVATE_MESSAGE) return false;
  const t = (f.data as { type?: number }).type ?? -1;
  return t >= MessageType.FRIEND_NEW && t <= MessageType.FRIEND_UPDATE;
};

export const syncData = (f: ServerFrame): FriendSyncMessage => f.data as FriendSyncMessage;
export const syncFriend = (f: ServerFrame): Friend => JSON.parse(syncData(f).content) as Friend;
export const messageData = (f: ServerFrame): PrivateMessage => f.data as PrivateMessage;

/** Private message rows between two users, either direction, oldest first. */
export const pairMessages = (ts: TestServer, a: number, b: number) =>
  ts.server.db.kysely
    .selectFrom('private_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('send_id', '=', a), eb('recv_id', '=', b)]),
        eb.and([eb('send_id', '=', b), eb('recv_id', '=', a)]),
      ]),
    )
    .orderBy('id')
    .execute();

/** Friend rows between two users, either direction. */
export const pairFriendRows = (ts: TestServer, a: number, b: number) =>
  ts.server.db.kysely
    .selectFrom('friends')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
      ]),
    )
    .execute();

export const friendIds = async (client: ApiClient, u: TestUser): Promise<number[]> =>
  (await client.ok('friendList', { token: u.tokens.accessToken })).map((f) => f.id);

export const befriend = (client: ApiClient, a: TestUser, b: TestUser) =>
  client.ok('friendAdd', { token: a.tokens.accessToken, query: { friendId: b.id } });
