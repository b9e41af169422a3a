/**
 * The friends and blocklist rows of the authorization matrix (authorization-matrix.test.ts):
 * friends are one's own (an add refused where the spec refuses it), anyone but oneself may be
 * blocked, and the blocklist is one's own.
 */
import { expect } from 'vitest';
import {
  allowed,
  client,
  fresh,
  freshFriend,
  refused,
  selfOnly,
  tok,
  w,
  type Row,
  type UserEndpoint,
} from './user-world.js';

type ContactEndpoint = Extract<UserEndpoint, `friend${string}` | `blacklist${string}`>;

export const contactRows = (): Record<ContactEndpoint, Row> => ({
  // friends
  friendList: selfOnly(async () => {
    const ids = (await allowed('friendList')).map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining([w.f.id, w.k.id]));
    expect(ids).not.toContain(w.s.id);
    expect(ids).not.toContain(w.x.id);
  }),
  friendAdd: {
    stranger: async () => {
      await allowed('friendAdd', { query: { friendId: (await fresh()).id } });
    },
    nonFriend: async () => {
      const u = await freshFriend();
      await allowed('friendDelete', { params: { friendId: u.id } });
      await allowed('friendAdd', { query: { friendId: u.id } });
    },
    blocked: async () => {
      const u = await fresh();
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.a.id } });
      await refused('friendAdd', 'blockedByOther', { query: { friendId: u.id } });
    },
    other: () => refused('friendAdd', 'alreadyFriend', { query: { friendId: w.f.id } }),
    owner: () => refused('friendAdd', 'cannotAddSelf', { query: { friendId: w.a.id } }),
  },
  friendFind: {
    stranger: () => refused('friendFind', 'notFriend', { params: { friendId: w.s.id } }),
    nonFriend: () => refused('friendFind', 'notFriend', { params: { friendId: w.x.id } }),
    blocked: async () => {
      const k = await allowed('friendFind', { params: { friendId: w.k.id } });
      expect([k.id, k.online, k.onlineWeb]).toEqual([w.k.id, false, false]);
    },
    other: async () => expect((await allowed('friendFind', { params: { friendId: w.f.id } })).id).toBe(w.f.id),
    owner: () => refused('friendFind', 'notFriend', { params: { friendId: w.a.id } }),
  },
  friendDelete: {
    stranger: () => refused('friendDelete', 'notFriend', { params: { friendId: w.s.id } }),
    nonFriend: () => refused('friendDelete', 'notFriend', { params: { friendId: w.x.id } }),
    blocked: async () => {
      const u = await freshFriend();
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.a.id } });
      await allowed('friendDelete', { params: { friendId: u.id } });
    },
    other: async () => {
      await allowed('friendDelete', { params: { friendId: (await freshFriend()).id } });
    },
    owner: () => refused('friendDelete', 'notFriend', { params: { friendId: w.a.id } }),
  },
  friendRemark: {
    stranger: () => refused('friendRemark', 'notFriend', { body: { friendId: w.s.id, remark: 'r' } }),
    nonFriend: () => refused('friendRemark', 'notFriend', { body: { friendId: w.x.id, remark: 'r' } }),
    blocked: async () => {
      await allowed('friendRemark', { body: { friendId: w.k.id, remark: 'K' } });
    },
    other: async () => {
      await allowed('friendRemark', { body: { friendId: w.f.id, remark: 'F' } });
    },
    owner: () => refused('friendRemark', 'notFriend', { body: { friendId: w.a.id, remark: 'me' } }),
  },
  friendDnd: {
    stranger: () => refused('friendDnd', 'notFriend', { body: { friendId: w.s.id, isDnd: true } }),
    nonFriend: () => refused('friendDnd', 'notFriend', { body: { friendId: w.x.id, isDnd: true } }),
    blocked: async () => {
      await allowed('friendDnd', { body: { friendId: w.k.id, isDnd: false } });
    },
    other: async () => {
      await allowed('friendDnd', { body: { friendId: w.f.id, isDnd: false } });
    },
    owner: () => refused('friendDnd', 'notFriend', { body: { friendId: w.a.id, isDnd: true } }),
  },
  // blocklist: anyone but oneself may be blocked; the list is one's own
  blacklistList: selfOnly(async () => {
    const u = await fresh();
    await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.s.id } });
    expect((await client.ok('blacklistList', { token: tok(u) })).map((e) => e.toUserId)).toEqual([w.s.id]);
    // K blocked A: that is K's list, not A's.
    expect((await allowed('blacklistList')).map((e) => e.toUserId)).not.toContain(w.k.id);
  }),
  blacklistAdd: {
    stranger: async () => {
      const u = await fresh();
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.s.id } });
    },
    nonFriend: async () => {
      const u = await fresh();
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.x.id } });
    },
    blocked: async () => {
      const u = await fresh();
      await client.ok('blacklistAdd', { token: tok(u), query: { userId: w.a.id } });
      await allowed('blacklistAdd', { query: { userId: u.id } });
    },
    other: async () => {
      const u = await freshFriend();
      await allowed('blacklistAdd', { query: { userId: u.id } });
    },
    owner: () => refused('blacklistAdd', 'cannotBlockSelf', { query: { userId: w.a.id } }),
  },
  blacklistRemove: {
    stranger: () => refused('blacklistRemove', 'notBlocked', { query: { userId: w.s.id } }),
    nonFriend: () => refused('blacklistRemove', 'notBlocked', { query: { userId: w.x.id } }),
    // K's block of A is K's to lift.
    blocked: () => refused('blacklistRemove', 'notBlocked', { query: { userId: w.k.id } }),
    other: () => refused('blacklistRemove', 'notBlocked', { query: { userId: w.f.id } }),
    owner: () => refused('blacklistRemove', 'notBlocked', { query: { userId: w.a.id } }),
  },
});
