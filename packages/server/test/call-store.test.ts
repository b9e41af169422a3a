/**
 * The CallStore contract (docs/CALLS.md §6), run on both implementations: the
 * database one (SQLite, or PostgreSQL with TEST_DB=postgres) and the Redis one.
 * Scope and user claims are all-or-nothing, writes are compare-and-set on the version,
 * and a deleted call releases everyone.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallMember, CallStore, StoredCall } from '../src/services/calls/call-store.js';
import { RedisCallStore } from '../src/services/calls/redis-call-store.js';
import { SqlCallStore } from '../src/services/calls/sql-call-store.js';
import { TEST_REDIS_URL, deleteRedisKeys, startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let redis: Redis;
const prefix = `parley-test:${crypto.randomBytes(6).toString('hex')}:`;
const stores: Record<string, () => CallStore> = {
  database: () => new SqlCallStore(ts.server.db.kysely),
  redis: () => new RedisCallStore(redis, prefix),
};

beforeAll(async () => {
  ts = await startServer({ callSweepIntervalMs: 0 });
  redis = new Redis(TEST_REDIS_URL);
});
afterAll(async () => {
  redis?.disconnect();
  await deleteRedisKeys(TEST_REDIS_URL, prefix);
  await ts?.close();
});

let seq = 1000;
const member = (userId: number): CallMember => ({
  userId,
  state: 'joined',
  terminal: 0,
  invitedAt: 1,
  lastSeen: 1,
  nickName: '',
  headImage: '',
  isCamera: false,
  isMicroPhone: true,
});
function makeCall(...userIds: number[]): StoredCall {
  return {
    id: crypto.randomBytes(16).toString('hex'),
    kind: 'group',
    scope: `g:${++seq}`,
    groupId: seq,
    mode: null,
    hostId: userIds[0]!,
    createdAt: 1,
    acceptedAt: null,
    members: userIds.map(member),
  };
}
const users = () => [++seq, ++seq, ++seq, ++seq];

describe.each(Object.keys(stores))('%s store', (name) => {
  const store = () => stores[name]!();

  it('create claims the scope and every member, all or nothing', async () => {
    const s = store();
    const [u1, u2, u3] = users();
    const call = makeCall(u1!, u2!);
    expect(await s.create(call, 100)).toBe('ok');
    expect(await s.get(call.id)).toEqual({ call, version: 1 });
    expect((await s.byScope(call.scope))?.call.id).toBe(call.id);
    expect((await s.byUser(u2!))?.call.id).toBe(call.id);
    expect(await s.create({ ...makeCall(u3!), scope: call.scope }, 100)).toEqual({ scopeTaken: true });
    const clash = makeCall(u3!, u2!);
    expect(await s.create(clash, 100)).toEqual({ busy: [u2] });
    expect(await s.get(clash.id)).toBeNull();
    expect(await s.byUser(u3!)).toBeNull();
  });

  it('update is a compare-and-set; it claims added members and releases dropped ones', async () => {
    const s = store();
    const [u1, u2, u3, u4] = users();
    const call = makeCall(u1!, u2!);
    await s.create(call, 100);
    const other = makeCall(u4!);
    await s.create(other, 100);
    const grown = { ...call, members: [member(u1!), member(u3!)] };
    expect(await s.update(call.id, 7, grown, 100)).toBe('conflict');
    expect(await s.update(call.id, 1, grown, 200)).toBe('ok');
    expect(await s.get(call.id)).toEqual({ call: grown, version: 2 });
    expect(await s.byUser(u2!)).toBeNull();
    expect((await s.byUser(u3!))?.call.id).toBe(call.id);
    // Adding someone in another call changes nothing.
    const taken = { ...grown, members: [...grown.members, member(u4!)] };
    expect(await s.update(call.id, 2, taken, 200)).toEqual({ busy: [u4] });
    expect((await s.get(call.id))?.version).toBe(2);
    expect((await s.byUser(u4!))?.call.id).toBe(other.id);
  });

  it('a delete releases everyone and the scope; due lists passed deadlines, oldest first', async () => {
    const s = store();
    const [u1, u2, u3] = users();
    const early = makeCall(u1!);
    const late = makeCall(u2!);
    const future = makeCall(u3!);
    await s.create(late, 50);
    await s.create(early, 40);
    await s.create(future, 10_000);
    const due = (await s.due(60, 100)).filter((id) => [early.id, late.id, future.id].includes(id));
    expect(due).toEqual([early.id, late.id]);
    expect(await s.update(early.id, 1, null, 0)).toBe('ok');
    expect(await s.update(early.id, 1, null, 0)).toBe('conflict');
    expect(await s.get(early.id)).toBeNull();
    expect(await s.byUser(u1!)).toBeNull();
    expect(await s.byScope(early.scope)).toBeNull();
    expect(await s.due(60, 100)).not.toContain(early.id);
    // The scope and user are free again.
    expect(await s.create({ ...makeCall(u1!), scope: early.scope }, 100)).toBe('ok');
  });

  it('inProgress counts the calls in the store by kind (the metrics gauge)', async () => {
    const s = store();
    const before = await s.inProgress();
    const [u1, u2, u3] = users();
    const privateCall: StoredCall = { ...makeCall(u1!, u2!), kind: 'private', scope: `p:${u1}:${u2}` };
    await s.create(privateCall, 100);
    await s.create(makeCall(u3!), 100);
    expect(await s.inProgress()).toEqual({ private: before.private + 1, group: before.group + 1 });
    await s.update(privateCall.id, 1, null, 0);
    expect(await s.inProgress()).toEqual({ private: before.private, group: before.group + 1 });
  });

  it('concurrent writers of one version: exactly one wins', async () => {
    const s = store();
    const [u1, u2] = users();
    const call = makeCall(u1!, u2!);
    await s.create(call, 100);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => s.update(call.id, 1, { ...call, createdAt: i }, 100)),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'conflict')).toHaveLength(5);
  });
});
