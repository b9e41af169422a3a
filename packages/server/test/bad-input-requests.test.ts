/**
 * The bad-input walk (bad-input.test.ts) over the friend request endpoints (issue 22
 * point 1): each field broken in turn is a catalogued 400 naming it, nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type EndpointName } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { walk, type Baseline } from './support/bad-input-walk.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let a: TestUser;
let b: TestUser;
let requestId: number;

const requestEndpoints = (Object.keys(api) as EndpointName[]).filter((n) => n.startsWith('friendRequest'));

const baselines = (): Partial<Record<EndpointName, Baseline>> => ({
  friendRequest: { body: { friendId: b.id, greeting: "I'm Alice" }, optional: ['greeting'] },
  friendRequestAccept: { params: { id: requestId } },
  friendRequestDecline: { params: { id: requestId } },
  friendRequestCancel: { params: { id: requestId } },
});

beforeAll(async () => {
  ts = await startServer({ friendRequests: true });
  const client = new ApiClient(ts.url);
  a = await registerUser(client, { nickName: 'Alice' });
  b = await registerUser(client, { nickName: 'Bob' });
  requestId = (await client.ok('friendRequest', { token: b.tokens.accessToken, body: { friendId: a.id } })).request!.id;
});
afterAll(() => ts?.close());

describe('the friend request walk covers its endpoints', () => {
  it('every friend request endpoint with a body, query or path has a baseline', () => {
    const base = baselines();
    for (const name of requestEndpoints) {
      const e = api[name] as { body?: unknown; query?: unknown; params?: unknown };
      if (e.body || e.query || e.params) expect(base[name], `${name} needs a baseline`).toBeDefined();
    }
  });
});

describe('each field broken: 400 naming the field, nothing changed', () => {
  it.each(requestEndpoints)('%s', async (name) => {
    const base = baselines()[name];
    if (!base) return;
    const before = await snapshotState(ts);
    expect(await walk(ts.url, name, base, a.tokens.accessToken)).toEqual([]);
    expect(await snapshotState(ts)).toBe(before);
  });
});
