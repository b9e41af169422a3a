/**
 * The favourites rows of the authorization matrix (authorization-matrix.test.ts): A may
 * keep a message of a chat A sees (own, a friend's, an ex-friend's kept chat, a group
 * message inside A's window), never a stranger's, one of a group A is not in or left
 * before it was sent, and may remove only A's own favourites.
 */
import { expect } from 'vitest';
import { ChatType, MessageType, type EndpointName } from '@parley/protocol';
import { befriend } from './contacts.js';
import { tmpId } from './messages.js';
import { allowed, client, fresh, refused, selfOnly, tok, ts, w, type Row } from './user-world.js';
import type { TestUser } from './api.js';

type FavouriteEndpoint = Extract<EndpointName, `favourite${string}`>;

const privateBody = (messageId: number) => ({ body: { chatType: ChatType.PRIVATE, messageId } });
const groupBody = (messageId: number) => ({ body: { chatType: ChatType.GROUP, messageId } });

async function groupOf(owner: TestUser, memberIds: number[]): Promise<number> {
  return (await client.ok('groupCreate', { token: tok(owner), body: { name: 'Fav', friendIds: memberIds } })).id;
}
const say = async (u: TestUser, groupId: number, content: string) =>
  (await client.ok('groupSend', { token: tok(u), body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content } }))
    .id;

/** A favourite of someone else: F's own, of F's message to A. */
const favouriteOf = async (u: TestUser, messageId: number) =>
  (await client.ok('favouriteAdd', { token: tok(u), ...privateBody(messageId) })).id;

export const favouriteRows = (): Record<FavouriteEndpoint, Row> => ({
  favouriteAdd: {
    // A message between two other users, and a group of strangers A is not in.
    stranger: async () => {
      await refused('favouriteAdd', 'messageNotExist', privateBody(w.others));
      const u = await fresh();
      await befriend(client, w.s, u);
      const g = await groupOf(w.s, [u.id]);
      await refused('favouriteAdd', 'messageNotExist', groupBody(await say(u, g, 'not for A')));
    },
    // The ex-friend's chat stays A's to read, so to keep.
    nonFriend: async () => {
      const history = await client.ok('privateHistory', { token: tok(w.a), query: { friendId: w.x.id } });
      const old = history.find((m) => m.type === MessageType.TEXT)!;
      expect((await allowed('favouriteAdd', privateBody(old.id))).content).toBe(old.content);
    },
    blocked: 'n/a',
    // F's message to A; in F's group, what A saw before leaving but nothing after.
    other: async () => {
      expect((await allowed('favouriteAdd', privateBody(w.fromF))).sendId).toBe(w.f.id);
      const g = await groupOf(w.f, [w.a.id]);
      const seen = await say(w.f, g, 'seen');
      await client.ok('groupQuit', { token: tok(w.a), params: { groupId: g } });
      const later = await say(w.f, g, 'after A left');
      expect((await allowed('favouriteAdd', groupBody(seen))).content).toBe('seen');
      await refused('favouriteAdd', 'messageNotExist', groupBody(later));
    },
    owner: async () => {
      expect((await allowed('favouriteAdd', privateBody(w.mine))).sendId).toBe(w.a.id);
    },
  },
  favouriteList: selfOnly(async () => {
    await allowed('favouriteAdd', privateBody(w.mine));
    const listed = (await allowed('favouriteList')).map((f) => f.id);
    const own = await ts.server.db.kysely
      .selectFrom('favourites')
      .select('id')
      .where('user_id', '=', w.a.id)
      .orderBy('id', 'desc')
      .limit(listed.length)
      .execute();
    expect(listed).toEqual(own.map((r) => r.id));
    // A search reaches no one else's favourites: a word only another user's favourite holds finds nothing.
    const u = await fresh();
    await befriend(client, w.s, u);
    const m = await client.ok('privateSend', {
      token: tok(w.s),
      body: { tmpId: tmpId(), recvId: u.id, type: MessageType.TEXT, content: 'zebra only theirs' },
    });
    await favouriteOf(u, m.id);
    expect(await allowed('favouriteList', { query: { keyword: 'zebra only' } })).toEqual([]);
  }),
  favouriteDelete: {
    stranger: async () => {
      const u = await fresh();
      await befriend(client, w.s, u);
      const m = await client.ok('privateSend', {
        token: tok(w.s),
        body: { tmpId: tmpId(), recvId: u.id, type: MessageType.TEXT, content: 'x' },
      });
      await refused('favouriteDelete', 'favouriteNotExist', { params: { id: await favouriteOf(w.s, m.id) } });
    },
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: async () => {
      await refused('favouriteDelete', 'favouriteNotExist', { params: { id: await favouriteOf(w.f, w.fromF) } });
    },
    owner: async () => {
      const id = (await allowed('favouriteAdd', privateBody(w.mine))).id;
      await allowed('favouriteDelete', { params: { id } });
      await refused('favouriteDelete', 'favouriteNotExist', { params: { id } });
    },
  },
});
