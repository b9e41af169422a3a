/** Helpers of the friend request tests: frame matchers and the consent-aware befriending. */
import { Cmd, MessageType, type FriendRequest, type ServerFrame } from '@parley/protocol';
import type { ApiClient, TestUser } from './api.js';

/** A type-83 frame, optionally of one request id. */
export const isRequestFrame =
  (id?: number) =>
  (f: ServerFrame): boolean => {
    if (f.cmd !== Cmd.PRIVATE_MESSAGE) return false;
    const data = f.data as { type?: number; content?: string };
    if (data.type !== MessageType.FRIEND_REQUEST) return false;
    return id === undefined || (JSON.parse(data.content ?? '{}') as FriendRequest).id === id;
  };

export const requestOf = (f: ServerFrame): FriendRequest =>
  JSON.parse((f.data as { content: string }).content) as FriendRequest;

/** `a` asks, `b` accepts (or they become friends at once when `b` does not require approval). */
export async function befriendWithConsent(client: ApiClient, a: TestUser, b: TestUser): Promise<void> {
  const reply = await client.ok('friendRequest', { token: a.tokens.accessToken, body: { friendId: b.id } });
  if (reply.state === 'requested') {
    await client.ok('friendRequestAccept', { token: b.tokens.accessToken, params: { id: reply.request!.id } });
  }
}
