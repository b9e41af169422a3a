/**
 * The authorization matrix of chat details (issue 22 point 4): pinning a chat
 * (`friendTop`, `groupTop`) and a chat's shared content (`privateShared`,
 * `groupShared`), in the worlds of authorization-matrix.test.ts (user relations) and
 * group-authorization.test.ts (group roles). A refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType } from '@parley/protocol';
import {
  DETAILS_USER_ENDPOINTS,
  allowed,
  client,
  closeWorld,
  openWorld,
  refused,
  tok,
  w,
  type DetailsUserEndpoint,
  type Row,
} from './support/user-world.js';
import {
  describeMatrix,
  detailsEndpoints,
  g,
  ok,
  outsiders,
  refused as groupRefused,
  text,
  type GroupDetailsEndpoint,
  type Row as GroupRow,
} from './support/group-world.js';
import { sendBody } from './support/messages.js';

const linkIds = async (friendId: number) =>
  (await allowed('privateShared', { query: { friendId, kind: 'link' } })).messages.map((m) => m.id);

const userMatrix = (): Record<DetailsUserEndpoint, Row> => ({
  // My own list setting, as mute: any friend entry of mine, even a blocker's.
  friendTop: {
    stranger: () => refused('friendTop', 'notFriend', { body: { friendId: w.s.id, isTop: true } }),
    nonFriend: () => refused('friendTop', 'notFriend', { body: { friendId: w.x.id, isTop: true } }),
    blocked: async () => {
      await allowed('friendTop', { body: { friendId: w.k.id, isTop: false } });
    },
    other: async () => {
      await allowed('friendTop', { body: { friendId: w.f.id, isTop: true } });
      const entry = await allowed('friendFind', { params: { friendId: w.f.id } });
      expect(entry.pinnedAt).toBeGreaterThan(0);
      await allowed('friendTop', { body: { friendId: w.f.id, isTop: false } });
      expect((await allowed('friendFind', { params: { friendId: w.f.id } })).pinnedAt).toBe(0);
    },
    owner: () => refused('friendTop', 'notFriend', { body: { friendId: w.a.id, isTop: true } }),
  },
  // As history: a stranger's chat is refused; an ex-friend's and a blocker's stay readable.
  privateShared: {
    stranger: () => refused('privateShared', 'notFriend', { query: { friendId: w.s.id, kind: 'media' } }),
    nonFriend: async () => {
      expect(await linkIds(w.x.id)).toEqual([]);
    },
    blocked: async () => {
      expect(await linkIds(w.k.id)).toEqual([]);
    },
    // Both directions of A's chat with F; never T1's chat with T2.
    other: async () => {
      const body = (from: typeof w.a, to: number, content: string) => ({
        token: tok(from),
        body: sendBody(to, MessageType.TEXT, content),
      });
      const mine = (await client.ok('privateSend', body(w.a, w.f.id, 'see https://example.com/a'))).id;
      const theirs = (await client.ok('privateSend', body(w.f, w.a.id, 'and http://example.org'))).id;
      expect(await linkIds(w.f.id)).toEqual([theirs, mine]);
    },
    owner: 'n/a',
  },
});

describe('chat details × relation', () => {
  beforeAll(openWorld);
  afterAll(closeWorld);
  it('every endpoint has a row with every relation', () => {
    expect(Object.keys(userMatrix()).sort()).toEqual([...DETAILS_USER_ENDPOINTS].sort());
  });
  const cells = DETAILS_USER_ENDPOINTS.flatMap((name) =>
    (['stranger', 'nonFriend', 'blocked', 'other', 'owner'] as const).map((rel) => [name, rel] as const),
  );
  it.each(cells)('%s × %s', async (name, rel) => {
    const cell = userMatrix()[name][rel];
    if (cell !== 'n/a') await cell();
  });
});

const groupMatrix = (): Record<GroupDetailsEndpoint, GroupRow> => ({
  // My pin of the group's chat: every member, and one who left (the chat stays in their list).
  groupTop: {
    owner: async () => {
      await ok('owner', 'groupTop', { body: { groupId: g, isTop: true } });
    },
    admin: async () => {
      await ok('admin', 'groupTop', { body: { groupId: g, isTop: false } });
    },
    member: async () => {
      await ok('member', 'groupTop', { body: { groupId: g, isTop: true } });
      const group = await ok('member', 'groupFind', { params: { groupId: g } });
      expect(group.pinnedAt).toBeGreaterThan(0);
    },
    left: async () => {
      await ok('left', 'groupTop', { body: { groupId: g, isTop: true } });
    },
    stranger: () => groupRefused('stranger', 'groupTop', 'notGroupMember', { body: { groupId: g, isTop: true } }),
  },
  // As history: members see the group's links from their joining; one who left, up to leaving.
  groupShared: {
    owner: async () => {
      const link = (await ok('owner', 'groupSend', { body: text(g, 'https://example.com/x') })).id;
      const r = await ok('owner', 'groupShared', { query: { groupId: g, kind: 'link' } });
      expect(r.messages.map((m) => m.id)).toContain(link);
    },
    admin: async () => {
      await ok('admin', 'groupShared', { query: { groupId: g, kind: 'media' } });
    },
    member: async () => {
      await ok('member', 'groupShared', { query: { groupId: g, kind: 'file' } });
    },
    left: async () => {
      await ok('owner', 'groupSend', { body: text(g, 'after you left https://example.com/late') });
      const r = await ok('left', 'groupShared', { query: { groupId: g, kind: 'link' } });
      expect(r.messages.filter((m) => m.content.includes('late'))).toEqual([]);
    },
    stranger: outsiders('groupShared', () => ({ query: { groupId: g, kind: 'link' } })).stranger,
  },
});

describeMatrix('chat details', detailsEndpoints, groupMatrix);
