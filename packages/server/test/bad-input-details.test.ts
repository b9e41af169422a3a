/**
 * The bad-input walk (bad-input.test.ts) over the chat details endpoints (issue 22
 * point 4): each field wrong in turn is a 400 naming it, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { walk, type Baseline } from './support/bad-input-walk.js';
import { DETAILS_BAD_INPUT } from './support/bad-input-details.js';
import { befriend } from './support/contacts.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let a: TestUser;
let b: TestUser;
let groupId: number;

const baselines = (): Record<(typeof DETAILS_BAD_INPUT)[number], Baseline> => ({
  friendTop: { body: { friendId: b.id, isTop: true } },
  groupTop: { body: { groupId, isTop: true } },
  privateShared: { query: { friendId: b.id, kind: 'media', beforeId: 10, size: 20 }, optional: ['beforeId', 'size'] },
  groupShared: { query: { groupId, kind: 'link', beforeId: 10, size: 20 }, optional: ['beforeId', 'size'] },
});

beforeAll(async () => {
  ts = await startServer();
  const client = new ApiClient(ts.url);
  a = await registerUser(client, { nickName: 'Alice' });
  b = await registerUser(client, { nickName: 'Bob' });
  await befriend(client, a, b);
  groupId = (await client.ok('groupCreate', { token: a.tokens.accessToken, body: { name: 'G', friendIds: [b.id] } }))
    .id;
});
afterAll(() => ts?.close());

describe('chat details: each field broken → 400 naming the field, nothing changed', () => {
  it.each(DETAILS_BAD_INPUT as readonly EndpointName[])('%s', async (name) => {
    const before = await snapshotState(ts);
    const base = baselines()[name as (typeof DETAILS_BAD_INPUT)[number]];
    expect(await walk(ts.url, name, base, a.tokens.accessToken)).toEqual([]);
    // A kind outside the three, and a size past the page.
    for (const query of [{ kind: 'video' }, { size: 61 }]) {
      if (!base.query) continue;
      const failures = await walk(ts.url, name, { query: { ...base.query, ...query } }, a.tokens.accessToken);
      expect(failures.length, JSON.stringify(query)).toBeGreaterThan(0);
    }
    expect(await snapshotState(ts)).toBe(before);
  });
});
