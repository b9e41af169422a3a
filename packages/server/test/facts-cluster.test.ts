/**
 * The cached facts (services/facts) across two nodes sharing one database and one
 * Redis: a change made through node 1 is honoured on node 2, whose cache held the old
 * fact (each case warms node 2 first), as soon as the change reaches it on the bus —
 * not after the cache's 60 s backstop: friendship, blocks, group membership, sessions
 * (logout, another device signed out, password change) and the account (a ban). Node 1
 * answers after publishing, not after node 2 has read it, so each check on node 2 is
 * polled for up to 5 s (it held in the first call in all but one run in many; a run
 * under load once met the old fact for a moment).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, Terminal, type GroupSendRequest } from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { sendBody, tmpId } from './support/messages.js';
import { startCluster, type TestCluster, type TestServer } from './support/server.js';

let cluster: TestCluster;
let n1: TestServer;
let n2: TestServer;
let c1: ApiClient;
let c2: ApiClient;
const tok = (u: TestUser) => u.tokens.accessToken;

beforeAll(async () => {
  cluster = await startCluster(2);
  [n1, n2] = cluster.nodes as [TestServer, TestServer];
  c1 = new ApiClient(n1.url);
  c2 = new ApiClient(n2.url);
});
afterAll(() => cluster?.close());

/** Polls a read on node 2 until it gives the expected answer (the change is on its way on the bus). */
const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 5_000, interval: 20 });

/** A private send through node 2: its reply key, or 'ok'. */
const sendOn2 = async (from: TestUser, to: TestUser) => {
  const res = await c2.call('privateSend', { token: tok(from), body: sendBody(to.id, MessageType.TEXT, 'hi') });
  return res.body.code === 200 ? 'ok' : res.body.key;
};

describe('a change on node 1 holds on node 2 at once', () => {
  it('friendship: deleted, then added again', async () => {
    const a = await registerUser(c1);
    const b = await registerUser(c1);
    await befriend(c1, a, b);
    expect(await sendOn2(a, b)).toBe('ok'); // node 2 now holds "friends"
    await c1.ok('friendDelete', { token: tok(b), params: { friendId: a.id } });
    await soon(() => sendOn2(a, b)).toBe('notFriendCannotSend');
    await befriend(c1, a, b);
    await soon(() => sendOn2(a, b)).toBe('ok');
  });

  it('blocks: either way, then lifted', async () => {
    const a = await registerUser(c1);
    const b = await registerUser(c1);
    await befriend(c1, a, b);
    await soon(() => sendOn2(a, b)).toBe('ok');
    await c1.ok('blacklistAdd', { token: tok(b), query: { userId: a.id } });
    await soon(() => sendOn2(a, b)).toBe('blockedCannotSend');
    await soon(() => sendOn2(b, a)).toBe('alreadyBlocked');
    await c1.ok('blacklistRemove', { token: tok(b), query: { userId: a.id } });
    await soon(() => sendOn2(a, b)).toBe('ok');
    await soon(() => sendOn2(b, a)).toBe('ok');
  });

  it('group membership: a removed member cannot send through node 2', async () => {
    const owner = await registerUser(c1);
    const m = await registerUser(c1);
    await befriend(c1, owner, m);
    const group = await c1.ok('groupCreate', { token: tok(owner), body: { name: 'Facts', friendIds: [m.id] } });
    const body = (): GroupSendRequest => ({
      groupId: group.id,
      type: MessageType.TEXT,
      content: 'hello',
      tmpId: tmpId(),
      atUserIds: [],
      receipt: false,
    });
    await soon(async () => (await c2.call('groupSend', { token: tok(m), body: body() })).body.code).toBe(200);
    await c1.ok('groupRemoveMembers', { token: tok(owner), body: { groupId: group.id, userIds: [m.id] } });
    await soon(async () => (await c2.call('groupSend', { token: tok(m), body: body() })).body.key).toBe(
      'groupNotJoined',
    );
  });

  it('sessions: a logout, a signed-out device, a password change and a newer login end the tokens on node 2', async () => {
    const u = await registerUser(c1, { password: 'secret1' });
    // On APP: one sign-in per terminal, and u holds the WEB one.
    const other = await login(c1, u.userName, 'secret1', Terminal.APP);
    for (const t of [tok(u), other.accessToken]) await c2.ok('userSelf', { token: t });

    await c1.ok('logout', { token: other.accessToken });
    await soon(async () => (await c2.call('userSelf', { token: other.accessToken })).body.key).toBe('loginExpired');

    const third = await login(c1, u.userName, 'secret1', Terminal.APP);
    await c2.ok('userSelf', { token: third.accessToken });

    // The device id is the session id, the access token's `sid`.
    const sid = (JSON.parse(Buffer.from(third.accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string })
      .sid;
    expect((await c1.ok('deviceList', { token: tok(u) })).map((d) => d.id)).toContain(sid);
    await c1.ok('deviceSignOut', { token: tok(u), body: { id: sid } });
    await soon(async () => (await c2.call('userSelf', { token: third.accessToken })).body.key).toBe('loginExpired');

    const fourth = await login(c1, u.userName, 'secret1', Terminal.APP);
    await c2.ok('userSelf', { token: fourth.accessToken });
    await c1.ok('modifyPassword', { token: tok(u), body: { oldPassword: 'secret1', newPassword: 'secret2' } });
    await soon(async () => (await c2.call('userSelf', { token: fourth.accessToken })).body.key).toBe('loginExpired');
    await c2.ok('userSelf', { token: tok(u) }); // the session that changed it lives on

    // A newer WEB login on node 1 ends u's WEB session on node 2 at once.
    const fifth = await login(c1, u.userName, 'secret2', Terminal.WEB);
    await soon(async () => (await c2.call('userSelf', { token: tok(u) })).body.key).toBe('loginExpired');
    await c2.ok('userSelf', { token: fifth.accessToken });
  });

  it('the account: a ban through node 1 refuses the user and stops sends to them on node 2', async () => {
    const a = await registerUser(c1);
    const b = await registerUser(c1);
    await befriend(c1, a, b);
    await soon(() => sendOn2(a, b)).toBe('ok');
    await cluster.nodes[0]!.server.services.moderation.banUser(b.id, 'spam');
    await soon(async () => (await c2.call('userSelf', { token: tok(b) })).body.key).toBe('accountBanned');
    await soon(() => sendOn2(a, b)).toBe('recipientUnavailable');
    await cluster.nodes[0]!.server.services.moderation.unbanUser(b.id);
    await soon(() => sendOn2(a, b)).toBe('ok');
  });
});
