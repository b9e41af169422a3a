/**
 * Friend requests with consent (issue 22 point 1): ask with a greeting, accept (today's
 * add), decline, withdraw; each change reaches both users' every terminal once as a
 * type-83 frame; the consent setting and the operator default; the add rules (self,
 * blocks either way, forbidAddFriend, gone users) refuse requests and answers alike,
 * changing nothing; list entries show the public profile only. A block ends the pending
 * requests between the two; a friendship settles every request between them as accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FriendRequestStatus, MessageType, Terminal, type ServerErrorKey } from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { friendIds, pairFriendRows, pairMessages, privateOfType } from './support/contacts.js';
import { befriendWithConsent, isRequestFrame, requestOf } from './support/friend-requests.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
const sockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;
const connect = async (token: string) => {
  const s = await TestSocket.login(ts.wsUrl, token);
  sockets.push(s);
  return s;
};
/** A user with a second terminal (APP) signed in too: [user, web socket, app socket]. */
const twoTerminals = async (nickName: string): Promise<[TestUser, TestSocket, TestSocket]> => {
  const u = await registerUser(client, { nickName });
  const app = await login(client, u.userName, u.password, Terminal.APP);
  return [u, await connect(tok(u)), await connect(app.accessToken)];
};
const ask = (from: TestUser, to: TestUser, greeting?: string) =>
  client.ok('friendRequest', { token: tok(from), body: { friendId: to.id, greeting } });
const refused = async (key: ServerErrorKey, call: () => Promise<{ status: number; body: { key?: string } }>) => {
  const before = await snapshotState(ts);
  const res = await call();
  expect([res.status, res.body.key]).toEqual([400, key]);
  expect(await snapshotState(ts)).toBe(before);
};

beforeAll(async () => {
  ts = await startServer({ friendRequests: true });
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('friend requests', () => {
  it('ask with a greeting, accept: every terminal of both hears each change once, then they are friends', async () => {
    const [a, aWeb, aApp] = await twoTerminals('Asker');
    const [b, bWeb, bApp] = await twoTerminals('Answerer');
    expect((await client.ok('userSelf', { token: tok(b) })).friendConsent).toBe(true);
    const sent = await ask(a, b, "I'm Asker");
    expect(sent.state).toBe('requested');
    const id = sent.request!.id;
    expect(sent.request).toMatchObject({ greeting: "I'm Asker", status: FriendRequestStatus.PENDING });
    for (const s of [aWeb, aApp, bWeb, bApp]) {
      expect(requestOf(await s.next(isRequestFrame(id)))).toEqual(sent.request);
    }
    // Not friends yet: no chat, no friend entry.
    expect(await friendIds(client, a)).toEqual([]);
    // B's list: A's public profile only (no e-mail, presence or last seen).
    const [listed] = await client.ok('friendRequests', { token: tok(b) });
    expect(listed).toEqual(sent.request);
    expect(Object.keys(listed!.from).sort()).toEqual(['headImage', 'headImageThumb', 'id', 'nickName', 'signature']);
    expect(JSON.stringify(listed)).not.toContain(a.userName);

    const accepted = await client.ok('friendRequestAccept', { token: tok(b), params: { id } });
    expect(accepted.status).toBe(FriendRequestStatus.ACCEPTED);
    expect(accepted.updateTime).toBeGreaterThan(sent.request!.updateTime);
    for (const s of [aWeb, aApp, bWeb, bApp]) {
      // Pushed in order: the answer, then today's add (tip, then the friend entry).
      expect(requestOf(await s.next(isRequestFrame(id))).status).toBe(FriendRequestStatus.ACCEPTED);
      await s.next(privateOfType(MessageType.FRIEND_NEW));
      expect(s.frames.filter(isRequestFrame(id))).toEqual([]);
    }
    expect(await friendIds(client, a)).toEqual([b.id]);
    expect(await friendIds(client, b)).toEqual([a.id]);
    await client.ok('privateSend', {
      token: tok(b),
      body: { tmpId: 'fr1', recvId: a.id, type: MessageType.TEXT, content: 'hello' },
    });
    // Answered once: again is refused, changing nothing.
    await refused('friendRequestNotPending', () =>
      client.call('friendRequestAccept', { token: tok(b), params: { id } }),
    );
  });

  it('asking again keeps one pending request (new greeting and time); the other asking back makes friends', async () => {
    const a = await registerUser(client, { nickName: 'Again' });
    const b = await registerUser(client, { nickName: 'Back' });
    const first = (await ask(a, b, 'one')).request!;
    const second = (await ask(a, b, 'two')).request!;
    expect(second.id).toBe(first.id);
    expect([second.greeting, second.createTime]).toEqual(['two', first.createTime]);
    expect(second.updateTime).toBeGreaterThan(first.updateTime);
    expect(await client.ok('friendRequests', { token: tok(b) })).toEqual([second]);
    // B asks A back: A had asked already, so they are friends and A's request is accepted.
    const sb = await connect(tok(b));
    expect((await ask(b, a, 'hi')).state).toBe('friends');
    expect(requestOf(await sb.next(isRequestFrame(first.id))).status).toBe(FriendRequestStatus.ACCEPTED);
    expect(await friendIds(client, b)).toEqual([a.id]);
    const list = await client.ok('friendRequests', { token: tok(a) });
    expect(list.map((r) => [r.id, r.status])).toEqual([[first.id, FriendRequestStatus.ACCEPTED]]);
    await refused('alreadyFriend', () => client.call('friendRequest', { token: tok(a), body: { friendId: b.id } }));
  });

  it('at once: crossed requests make friends; of two answers one wins and each terminal hears one change', async () => {
    const a = await registerUser(client, { nickName: 'Cross' });
    const b = await registerUser(client, { nickName: 'Crossed' });
    const replies = await Promise.all([ask(a, b, 'me first'), ask(b, a, 'no, me')]);
    expect(replies.some((r) => r.state === 'friends')).toBe(true);
    expect(await friendIds(client, a)).toEqual([b.id]);
    const settled = await client.ok('friendRequests', { token: tok(a) });
    expect(settled.every((r) => r.status === FriendRequestStatus.ACCEPTED)).toBe(true);
    expect((await pairFriendRows(ts, a.id, b.id)).length).toBe(2);
    expect((await pairMessages(ts, a.id, b.id)).length).toBe(1); // one tip

    const [c, cWeb, cApp] = await twoTerminals('Twice');
    const d = await registerUser(client, { nickName: 'Asker' });
    const id = (await ask(d, c)).request!.id;
    for (const s of [cWeb, cApp]) await s.next(isRequestFrame(id));
    const answers = await Promise.all([
      client.call('friendRequestAccept', { token: tok(c), params: { id } }),
      client.call('friendRequestDecline', { token: tok(c), params: { id } }),
    ]);
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.find((r) => r.status !== 200)?.body.key).toBe('friendRequestNotPending');
    const final = won[0]!.body.data!;
    for (const s of [cWeb, cApp]) {
      expect(requestOf(await s.next(isRequestFrame(id)))).toEqual(final);
    }
    expect((await client.ok('friendRequests', { token: tok(c) }))[0]).toEqual(final);
    expect(await friendIds(client, c)).toEqual(final.status === FriendRequestStatus.ACCEPTED ? [d.id] : []);
  });

  it('decline and withdraw: both sides hear it, nobody becomes friends, asking again reopens the request', async () => {
    const a = await registerUser(client, { nickName: 'Hopeful' });
    const b = await registerUser(client, { nickName: 'Busy' });
    const sa = await connect(tok(a));
    const id = (await ask(a, b)).request!.id;
    await sa.next(isRequestFrame(id));
    // Only the receiver answers, only the sender withdraws: otherwise the request is as absent.
    await refused('friendRequestNotExist', () => client.call('friendRequestAccept', { token: tok(a), params: { id } }));
    await refused('friendRequestNotExist', () => client.call('friendRequestCancel', { token: tok(b), params: { id } }));
    const stranger = await registerUser(client);
    await refused('friendRequestNotExist', () =>
      client.call('friendRequestDecline', { token: tok(stranger), params: { id } }),
    );
    await refused('friendRequestNotExist', () =>
      client.call('friendRequestAccept', { token: tok(b), params: { id: id + 100_000 } }),
    );
    expect((await client.ok('friendRequestDecline', { token: tok(b), params: { id } })).status).toBe(
      FriendRequestStatus.DECLINED,
    );
    expect(requestOf(await sa.next(isRequestFrame(id))).status).toBe(FriendRequestStatus.DECLINED);
    expect(await friendIds(client, a)).toEqual([]);
    await refused('friendRequestNotPending', () =>
      client.call('friendRequestCancel', { token: tok(a), params: { id } }),
    );
    // Asking again reopens the same request; then A withdraws it.
    const again = (await ask(a, b, 'please')).request!;
    expect([again.id, again.status]).toEqual([id, FriendRequestStatus.PENDING]);
    expect((await client.ok('friendRequestCancel', { token: tok(a), params: { id } })).status).toBe(
      FriendRequestStatus.CANCELLED,
    );
    await refused('friendRequestNotPending', () =>
      client.call('friendRequestAccept', { token: tok(b), params: { id } }),
    );
    expect(await friendIds(client, b)).toEqual([]);
  });

  it('the add rules refuse requests and answers alike, changing nothing', async () => {
    const a = await registerUser(client, { nickName: 'Ruled' });
    const b = await registerUser(client, { nickName: 'Blocker' });
    await refused('cannotAddSelf', () => client.call('friendRequest', { token: tok(a), body: { friendId: a.id } }));
    await refused('userNotExist', () =>
      client.call('friendRequest', { token: tok(a), body: { friendId: b.id + 100_000 } }),
    );
    // A pending request, then B blocks A: the block declines it; A may not ask again, B may not ask A.
    const id = (await ask(a, b)).request!.id;
    await client.ok('blacklistAdd', { token: tok(b), query: { userId: a.id } });
    await refused('blockedByOther', () => client.call('friendRequest', { token: tok(a), body: { friendId: b.id } }));
    await refused('friendRequestNotPending', () =>
      client.call('friendRequestAccept', { token: tok(b), params: { id } }),
    );
    await refused('alreadyBlocked', () => client.call('friendRequest', { token: tok(b), body: { friendId: a.id } }));
    await client.ok('blacklistRemove', { token: tok(b), query: { userId: a.id } });
    // Unblocked, it stays declined until A asks again; A blocking B then withdraws A's own request.
    expect((await ask(a, b)).request!.id).toBe(id);
    await client.ok('blacklistAdd', { token: tok(a), query: { userId: b.id } });
    await refused('friendRequestNotPending', () =>
      client.call('friendRequestAccept', { token: tok(b), params: { id } }),
    );
    await client.ok('blacklistRemove', { token: tok(a), query: { userId: b.id } });
    expect((await ask(a, b)).request!.status).toBe(FriendRequestStatus.PENDING);
    // A group shared only with forbidAddFriend on: neither asks nor answers.
    const owner = await registerUser(client, { nickName: 'Owner' });
    await befriendWithConsent(client, owner, a);
    await befriendWithConsent(client, owner, b);
    const groupId = (
      await client.ok('groupCreate', { token: tok(owner), body: { name: 'Quiet', friendIds: [a.id, b.id] } })
    ).id;
    await client.ok('groupForbidAddFriend', { token: tok(owner), body: { groupId, enabled: true } });
    await refused('addFriendForbiddenInGroup', () =>
      client.call('friendRequestAccept', { token: tok(b), params: { id } }),
    );
    await refused('addFriendForbiddenInGroup', () =>
      client.call('friendRequest', { token: tok(b), body: { friendId: a.id } }),
    );
    await client.ok('groupForbidAddFriend', { token: tok(owner), body: { groupId, enabled: false } });
    expect((await client.ok('friendRequestAccept', { token: tok(b), params: { id } })).status).toBe(
      FriendRequestStatus.ACCEPTED,
    );
  });

  it('consent off: the instant add, also for old clients; on, /friend/add files a request without greeting', async () => {
    const a = await registerUser(client, { nickName: 'Quick' });
    const open = await registerUser(client, { nickName: 'Open' });
    await client.ok('userPrivacy', { token: tok(open), body: { friendConsent: false } });
    expect((await client.ok('userSelf', { token: tok(open) })).friendConsent).toBe(false);
    expect((await ask(a, open, 'hi')).state).toBe('friends');
    expect(await friendIds(client, open)).toEqual([a.id]);
    expect(await client.ok('friendRequests', { token: tok(open) })).toEqual([]);

    const guarded = await registerUser(client, { nickName: 'Guarded' });
    await client.ok('friendAdd', { token: tok(a), query: { friendId: guarded.id } });
    const [filed] = await client.ok('friendRequests', { token: tok(guarded) });
    expect([filed?.from.id, filed?.greeting, filed?.status]).toEqual([a.id, '', FriendRequestStatus.PENDING]);
    expect(await friendIds(client, a)).toEqual([open.id]);
  });

  it('the operator default applies to users who never chose (FRIEND_REQUESTS=off: instant)', async () => {
    const off = await startServer({ friendRequests: false });
    try {
      const c = new ApiClient(off.url);
      const [a, b, chooser] = [await registerUser(c), await registerUser(c), await registerUser(c)];
      expect((await c.ok('userSelf', { token: tok(b) })).friendConsent).toBe(false);
      expect((await c.ok('friendRequest', { token: tok(a), body: { friendId: b.id } })).state).toBe('friends');
      // A user's own choice wins over the default.
      await c.ok('userPrivacy', { token: tok(chooser), body: { friendConsent: true } });
      expect((await c.ok('friendRequest', { token: tok(a), body: { friendId: chooser.id } })).state).toBe('requested');
    } finally {
      await off.close();
    }
  });
});

describe('what else ends or settles a request', () => {
  const statusOf = async (u: TestUser, id: number) =>
    (await client.ok('friendRequests', { token: tok(u) })).find((r) => r.id === id)?.status;
  const pendingTo = async (u: TestUser) =>
    (await client.ok('friendRequests', { token: tok(u) })).filter(
      (r) => r.to.id === u.id && r.status === FriendRequestStatus.PENDING,
    ).length;

  it('a block declines the blocked user’s pending request and withdraws the blocker’s own, heard once by every terminal', async () => {
    const [a, aWeb, aApp] = await twoTerminals('Pest');
    const [b, bWeb, bApp] = await twoTerminals('Blocker');
    const [c, cWeb] = await twoTerminals('Target');
    const incoming = (await ask(a, b, 'hi')).request!.id;
    const outgoing = (await ask(b, c, 'hello')).request!.id;
    for (const s of [aWeb, aApp, bWeb, bApp]) await s.next(isRequestFrame(incoming));
    for (const s of [bWeb, bApp, cWeb]) await s.next(isRequestFrame(outgoing));
    expect(await pendingTo(b)).toBe(1);

    await client.ok('blacklistAdd', { token: tok(b), query: { userId: a.id } });
    await client.ok('blacklistAdd', { token: tok(b), query: { userId: c.id } });
    expect(await pendingTo(b)).toBe(0); // B's badge no longer counts A's request
    expect(await statusOf(b, incoming)).toBe(FriendRequestStatus.DECLINED);
    expect(await statusOf(a, incoming)).toBe(FriendRequestStatus.DECLINED);
    expect(await statusOf(c, outgoing)).toBe(FriendRequestStatus.CANCELLED);
    for (const s of [aWeb, aApp, bWeb, bApp]) {
      expect(requestOf(await s.next(isRequestFrame(incoming))).status).toBe(FriendRequestStatus.DECLINED);
    }
    for (const s of [bWeb, bApp, cWeb]) {
      expect(requestOf(await s.next(isRequestFrame(outgoing))).status).toBe(FriendRequestStatus.CANCELLED);
    }
    // Once: the next frame of the request on each terminal is the next change (B unblocks, A asks again).
    await refused('alreadyBlocked', () => client.call('blacklistAdd', { token: tok(b), query: { userId: a.id } }));
    await client.ok('blacklistRemove', { token: tok(b), query: { userId: a.id } });
    expect(await statusOf(a, incoming)).toBe(FriendRequestStatus.DECLINED);
    await ask(a, b, 'sorry');
    for (const s of [aWeb, aApp, bWeb, bApp]) {
      expect(requestOf(await s.next(isRequestFrame(incoming))).status).toBe(FriendRequestStatus.PENDING);
    }
    expect(await pendingTo(b)).toBe(1);

    // Blocking a deleted account that had asked: the block holds, its request ends unannounced.
    const gone = await registerUser(client, { nickName: 'Gone' });
    const old = (await ask(gone, b)).request!.id;
    await ts.server.services.moderation.deleteUser(gone.id);
    await client.ok('blacklistAdd', { token: tok(b), query: { userId: gone.id } });
    const row = await ts.server.db.kysely
      .selectFrom('friend_requests')
      .select('status')
      .where('id', '=', old)
      .execute();
    expect(row).toEqual([{ status: FriendRequestStatus.DECLINED }]);
  });

  it('friends by another path: a declined or withdrawn request between them shows accepted, on both sides', async () => {
    const [a, aWeb] = await twoTerminals('Declined');
    const [b, bWeb] = await twoTerminals('Decliner');
    const declined = (await ask(a, b, 'hi')).request!.id;
    await client.ok('friendRequestDecline', { token: tok(b), params: { id: declined } });
    // B asks A later; A accepts: A's old declined request to B is settled as accepted too.
    const theirs = (await ask(b, a)).request!.id;
    await client.ok('friendRequestAccept', { token: tok(a), params: { id: theirs } });
    for (const s of [aWeb, bWeb]) {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(requestOf(await s.next(isRequestFrame(declined))).status);
      expect(statuses).toEqual([
        FriendRequestStatus.PENDING,
        FriendRequestStatus.DECLINED,
        FriendRequestStatus.ACCEPTED,
      ]);
    }
    const list = await client.ok('friendRequests', { token: tok(b) });
    expect(list.map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [declined, FriendRequestStatus.ACCEPTED],
        [theirs, FriendRequestStatus.ACCEPTED],
      ].sort(),
    );

    // The instant add (approval off) settles a withdrawn request the same way.
    const c = await registerUser(client, { nickName: 'Withdrew' });
    const d = await registerUser(client, { nickName: 'Open later' });
    const withdrawn = (await ask(c, d)).request!.id;
    await client.ok('friendRequestCancel', { token: tok(c), params: { id: withdrawn } });
    await client.ok('userPrivacy', { token: tok(c), body: { friendConsent: false } });
    expect((await ask(d, c)).state).toBe('friends');
    expect(await statusOf(d, withdrawn)).toBe(FriendRequestStatus.ACCEPTED);

    // A friendship deleted later leaves the accepted requests as they were (New friends leaves them out).
    await client.ok('friendDelete', { token: tok(a), params: { friendId: b.id } });
    expect(await statusOf(a, declined)).toBe(FriendRequestStatus.ACCEPTED);
    // Asking again reopens the row as pending: the badge counts it once more.
    expect((await ask(a, b)).request).toMatchObject({ id: declined, status: FriendRequestStatus.PENDING });
    expect(await pendingTo(b)).toBe(1);
  });
});
