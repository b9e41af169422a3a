/**
 * The authorization matrix (authorization-matrix.test.ts) for the friend request
 * endpoints (issue 22 point 1), in the same world: only the receiver answers, only the
 * sender withdraws, a request of two other users does not exist for A, the add rules
 * (self, friends already, blocks either way) hold; a block since the asking ended the
 * request, so nothing is left to answer or withdraw; a refusal changes nothing.
 * A requires approval here, so requests to A stay pending.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { FriendRequestStatus, api, type EndpointName } from '@parley/protocol';
import type { TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import {
  RELATIONS,
  allowed,
  client,
  closeWorld,
  fresh,
  isFriendRequestEndpoint,
  openWorld,
  refused,
  tok,
  w,
  type Row,
} from './support/user-world.js';

type RequestEndpoint = Extract<EndpointName, `friendRequest${string}`>;

/** `from` asks `to` (who is made to require approval first); the pending request's id. */
async function pending(from: TestUser, to: TestUser): Promise<number> {
  await client.ok('userPrivacy', { token: tok(to), body: { friendConsent: true } });
  const reply = await client.ok('friendRequest', { token: tok(from), body: { friendId: to.id } });
  expect(reply.state).toBe('requested');
  return reply.request!.id;
}
/** A request of two other users. */
const othersRequest = async () => pending(await fresh(), await fresh());
/** Someone who was A's friend and is no more. */
async function exFriend(): Promise<TestUser> {
  const u = await fresh();
  await befriend(client, w.a, u);
  await client.ok('friendDelete', { token: tok(u), params: { friendId: w.a.id } });
  return u;
}

const matrix = (): Record<RequestEndpoint, Row> => ({
  friendRequest: {
    stranger: async () => {
      const u = await fresh();
      await client.ok('userPrivacy', { token: tok(u), body: { friendConsent: true } });
      expect((await allowed('friendRequest', { body: { friendId: u.id } })).state).toBe('requested');
    },
    nonFriend: async () => {
      const u = await exFriend();
      expect((await allowed('friendRequest', { body: { friendId: u.id, greeting: 'again?' } })).state).toBe('friends');
    },
    // A non-friend who blocked A (K, a friend who blocked A, is a friend still).
    blocked: async () => {
      const u = await fresh();
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.a.id } });
      await refused('friendRequest', 'blockedByOther', { body: { friendId: u.id } });
    },
    other: () => refused('friendRequest', 'alreadyFriend', { body: { friendId: w.f.id } }),
    owner: () => refused('friendRequest', 'cannotAddSelf', { body: { friendId: w.a.id } }),
  },
  // The list is the caller's own: incoming and outgoing, never two other users'.
  friendRequests: {
    stranger: async () => {
      const id = await othersRequest();
      expect((await allowed('friendRequests')).map((r) => r.id)).not.toContain(id);
    },
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: 'n/a',
    owner: async () => {
      const id = await pending(await fresh(), w.a);
      expect((await allowed('friendRequests')).map((r) => r.id)).toContain(id);
    },
  },
  friendRequestAccept: {
    stranger: async () =>
      refused('friendRequestAccept', 'friendRequestNotExist', { params: { id: await othersRequest() } }),
    nonFriend: async () => {
      const id = await pending(await exFriend(), w.a);
      expect((await allowed('friendRequestAccept', { params: { id } })).status).toBe(FriendRequestStatus.ACCEPTED);
    },
    // The sender blocked A after asking: the block withdrew it, so A may not accept.
    blocked: async () => {
      const u = await fresh();
      const id = await pending(u, w.a);
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.a.id } });
      await refused('friendRequestAccept', 'friendRequestNotPending', { params: { id } });
    },
    // The sender cannot accept their own request.
    other: async () => {
      const id = await pending(w.a, await fresh());
      await refused('friendRequestAccept', 'friendRequestNotExist', { params: { id } });
    },
    owner: async () => {
      const id = await pending(await fresh(), w.a);
      expect((await allowed('friendRequestAccept', { params: { id } })).status).toBe(FriendRequestStatus.ACCEPTED);
    },
  },
  friendRequestDecline: {
    stranger: async () =>
      refused('friendRequestDecline', 'friendRequestNotExist', { params: { id: await othersRequest() } }),
    nonFriend: 'n/a',
    // The sender blocked A after asking: the block withdrew it, nothing is left to decline.
    blocked: async () => {
      const u = await fresh();
      const id = await pending(u, w.a);
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.a.id } });
      await refused('friendRequestDecline', 'friendRequestNotPending', { params: { id } });
    },
    other: async () => {
      const id = await pending(w.a, await fresh());
      await refused('friendRequestDecline', 'friendRequestNotExist', { params: { id } });
    },
    owner: async () => {
      const id = await pending(await fresh(), w.a);
      expect((await allowed('friendRequestDecline', { params: { id } })).status).toBe(FriendRequestStatus.DECLINED);
    },
  },
  friendRequestCancel: {
    stranger: async () =>
      refused('friendRequestCancel', 'friendRequestNotExist', { params: { id: await othersRequest() } }),
    nonFriend: 'n/a',
    // The receiver blocked A after A asked: the block declined it, nothing is left to withdraw.
    blocked: async () => {
      const u = await fresh();
      const id = await pending(w.a, u);
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.a.id } });
      await refused('friendRequestCancel', 'friendRequestNotPending', { params: { id } });
    },
    // The receiver cannot withdraw it.
    other: async () => {
      const id = await pending(await fresh(), w.a);
      await refused('friendRequestCancel', 'friendRequestNotExist', { params: { id } });
    },
    owner: async () => {
      const id = await pending(w.a, await fresh());
      expect((await allowed('friendRequestCancel', { params: { id } })).status).toBe(FriendRequestStatus.CANCELLED);
    },
  },
});

beforeAll(openWorld);
afterAll(closeWorld);

const names = Object.keys(matrix()) as RequestEndpoint[];

describe('the friend request matrix covers its endpoints', () => {
  it('every friend request endpoint has a row with every relation', () => {
    const all = (Object.keys(api) as EndpointName[]).filter(isFriendRequestEndpoint);
    expect(names.sort()).toEqual(all.sort());
    for (const name of names) {
      for (const rel of RELATIONS.slice(2)) expect(matrix()[name][rel as keyof Row], `${name} × ${rel}`).toBeDefined();
    }
  });
});

describe('each relation', () => {
  const cells = names.flatMap((name) => RELATIONS.slice(2).map((rel) => [name, rel] as [RequestEndpoint, keyof Row]));
  it.each(cells)('%s × %s', async (name, rel) => {
    const cell = matrix()[name][rel];
    if (cell !== 'n/a') await cell();
  });
});
