/**
 * Last seen (issue 22 point 11): a friend's entry carries `lastSeenAt` (set when they
 * go online or offline); "show my last seen" is the caller's own switch, reciprocal
 * (off: friends do not get mine and I do not get theirs) and pushed to both lists;
 * strangers never read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, type ServerFrame } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend, privateOfType, syncFriend } from './support/contacts.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
const sockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;
const entry = async (owner: TestUser, friend: TestUser) =>
  (await client.ok('friendList', { token: tok(owner) })).find((f) => f.id === friend.id);
const setShow = (u: TestUser, showLastSeen: boolean) =>
  client.ok('userPrivacy', { token: tok(u), body: { showLastSeen } });
const connect = async (u: TestUser) => {
  const s = await TestSocket.login(ts.wsUrl, tok(u));
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('last seen', () => {
  it('a friend going online then offline: the entry pushed and listed carries when', async () => {
    const a = await registerUser(client, { nickName: 'Watcher' });
    const b = await registerUser(client, { nickName: 'Seen' });
    await befriend(client, a, b);
    expect((await entry(a, b))?.lastSeenAt).toBeUndefined(); // never online yet
    const sa = await connect(a);
    const before = Date.now();
    const sb = await connect(b);
    const online = syncFriend(await sa.next(privateOfType(MessageType.FRIEND_UPDATE, b.id)));
    expect(online.online).toBe(true);
    expect(online.lastSeenAt).toBeGreaterThanOrEqual(before);
    sb.close();
    const offline = syncFriend(await sa.next(privateOfType(MessageType.FRIEND_UPDATE, b.id)));
    expect(offline.online).toBe(false);
    expect(offline.lastSeenAt).toBeGreaterThanOrEqual(online.lastSeenAt!);
    expect((await entry(a, b))?.lastSeenAt).toBe(offline.lastSeenAt);
  });

  it('the switch is reciprocal, pushed to both lists, and on again restores both', async () => {
    const a = await registerUser(client, { nickName: 'Private' });
    const b = await registerUser(client, { nickName: 'Open' });
    await befriend(client, a, b);
    await client.ok('userUpdateOnlineTime', { token: tok(a) });
    await client.ok('userUpdateOnlineTime', { token: tok(b) });
    expect((await client.ok('userSelf', { token: tok(a) })).showLastSeen).toBe(true); // default on
    const sa = await connect(a);
    const sb = await connect(b);
    await sa.next(privateOfType(MessageType.FRIEND_UPDATE, b.id)); // b came online

    await setShow(a, false);
    expect((await client.ok('userSelf', { token: tok(a) })).showLastSeen).toBe(false);
    // b's entry for a and a's entry for b, each pushed to its owner without lastSeenAt
    // (a presence frame from the connects may still be queued before them: matched by content)
    const hidden = (about: TestUser) => (f: ServerFrame) =>
      privateOfType(MessageType.FRIEND_UPDATE, about.id)(f) && !('lastSeenAt' in syncFriend(f));
    await sb.next(hidden(a));
    await sa.next(hidden(b));
    expect(await entry(b, a)).not.toHaveProperty('lastSeenAt');
    expect(await entry(a, b)).not.toHaveProperty('lastSeenAt');
    // online itself stays visible to friends
    expect((await entry(b, a))?.online).toBe(true);
    // what was queued before the change is done with
    sb.frames.length = 0;
    sa.frames.length = 0;
    // the same value again changes and pushes nothing: the next frame b gets about a is the one of "on"
    await setShow(a, false);
    await setShow(a, true);
    expect(syncFriend(await sb.next(privateOfType(MessageType.FRIEND_UPDATE, a.id))).lastSeenAt).toEqual(
      expect.any(Number),
    );
    expect((await entry(a, b))?.lastSeenAt).toEqual(expect.any(Number));
  });

  it('strangers and those blocked by the user never read it', async () => {
    const a = await registerUser(client, { nickName: 'Blocker' });
    const b = await registerUser(client, { nickName: 'Blocked' });
    const s = await registerUser(client, { nickName: 'Stranger' });
    await befriend(client, a, b);
    await client.ok('userUpdateOnlineTime', { token: tok(a) });
    expect((await entry(b, a))?.lastSeenAt).toEqual(expect.any(Number));
    await client.ok('blacklistAdd', { token: tok(a), query: { userId: b.id } });
    expect(await entry(b, a)).not.toHaveProperty('lastSeenAt');
    // a stranger has no entry; the public profile has no such field
    expect(await entry(s, a)).toBeUndefined();
    expect(await client.ok('userFind', { token: tok(s), params: { id: a.id } })).not.toHaveProperty('lastSeenAt');
  });

  it('refuses a body that is not exactly { showLastSeen: boolean }, changing nothing', async () => {
    const a = await registerUser(client, { nickName: 'Strict' });
    for (const body of [{}, { showLastSeen: 'no' }, { showLastSeen: false, other: 1 }, { showLastSeen: null }]) {
      const res = await client.call('userPrivacy', { token: tok(a), body: body as never });
      expect(res.status).toBe(400);
      expect((res.body as { key?: string }).key).toBe('invalidParam');
    }
    expect((await client.ok('userSelf', { token: tok(a) })).showLastSeen).toBe(true);
  });
});
