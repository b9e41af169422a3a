/** Online status: friends hear a user's terminals change at once (type 82); /user/terminal/online; last seen. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, Terminal } from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { befriend, isFriendSync, privateOfType, syncData, syncFriend } from './support/contacts.js';
import { startServer, type TestServer } from './support/server.js';
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
const presenceOf = (id: number) => privateOfType(MessageType.FRIEND_UPDATE, id);
const online = (u: TestUser, ids: number[]) =>
  client.ok('userTerminalOnline', { token: tok(u), query: { userIds: ids.join(',') } });

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('presence push to friends', () => {
  let a: TestUser;
  let b: TestUser;
  let stranger: TestUser;
  let aSocket: TestSocket;
  let strangerSocket: TestSocket;
  beforeAll(async () => {
    a = await registerUser(client, { nickName: 'Watcher' });
    b = await registerUser(client, { nickName: 'Mover' });
    stranger = await registerUser(client, { nickName: 'Stranger' });
    await befriend(client, a, b);
    await client.ok('friendRemark', { token: tok(a), body: { friendId: b.id, remark: 'My Mover' } });
    aSocket = await connect(tok(a));
    strangerSocket = await connect(tok(stranger));
  });

  it("B's first login makes A receive B's entry with online and onlineWeb true", async () => {
    const bWeb = await connect(tok(b));
    const frame = await aSocket.next(presenceOf(b.id));
    expect(syncData(frame)).toMatchObject({ type: MessageType.FRIEND_UPDATE, sendId: a.id, recvId: b.id });
    // A's own view of B: A's remark included.
    expect(syncFriend(frame)).toMatchObject({
      id: b.id,
      showNickName: 'My Mover',
      online: true,
      onlineWeb: true,
      onlineApp: false,
    });
    expect((await client.ok('friendFind', { token: tok(a), params: { friendId: b.id } })).online).toBe(true);
    // A stranger's terminals are not A's business, even while online.
    expect(await online(a, [b.id, stranger.id, a.id])).toEqual([
      { userId: b.id, terminals: [Terminal.WEB] },
      { userId: a.id, terminals: [Terminal.WEB] },
    ]);

    // An APP terminal joins, then leaves.
    const appTokens = await login(client, b.userName, b.password, Terminal.APP);
    const bApp = await connect(appTokens.accessToken);
    expect(syncFriend(await aSocket.next(presenceOf(b.id)))).toMatchObject({
      online: true,
      onlineWeb: true,
      onlineApp: true,
    });
    expect(await online(a, [b.id])).toEqual([{ userId: b.id, terminals: [Terminal.WEB, Terminal.APP] }]);
    bApp.close();
    expect(syncFriend(await aSocket.next(presenceOf(b.id)))).toMatchObject({
      online: true,
      onlineWeb: true,
      onlineApp: false,
    });

    // A second socket on the same terminal (another tab) replaces the first: the terminals did not change, no push.
    const bWeb2 = await connect(tok(b));
    await bWeb.waitClosed();
    expect(await aSocket.quiet(300, presenceOf(b.id))).toBe(true);

    // The last socket closes: offline.
    bWeb2.close();
    expect(syncFriend(await aSocket.next(presenceOf(b.id)))).toMatchObject({
      online: false,
      onlineWeb: false,
      onlineApp: false,
    });
    expect(await online(a, [b.id])).toEqual([]);
    expect((await client.ok('friendList', { token: tok(a) }))[0]).toMatchObject({ id: b.id, online: false });

    // Only friends hear it.
    expect(strangerSocket.frames.filter(isFriendSync)).toEqual([]);
  });

  it('A user without friends logging in pushes nothing to anyone', async () => {
    const loner = await registerUser(client);
    await connect(tok(loner));
    expect(await aSocket.quiet(200, isFriendSync)).toBe(true);
  });
});

describe('/user/terminal/online and /user/updateOnlineTime', () => {
  it('lists online friends only, with their terminals', async () => {
    const u = await registerUser(client);
    const offline = await registerUser(client);
    await befriend(client, u, offline);
    expect(await online(u, [offline.id, 99_999_999])).toEqual([]);
    const s = await connect(tok(u));
    expect(await online(offline, [u.id, offline.id])).toEqual([{ userId: u.id, terminals: [Terminal.WEB] }]);
    s.close();
    await s.waitClosed();
    await new Promise((r) => setTimeout(r, 50));
    expect(await online(offline, [u.id])).toEqual([]);
  });

  it('updateOnlineTime records last seen and answers null', async () => {
    const u = await registerUser(client);
    const before = Date.now();
    expect(await client.ok('userUpdateOnlineTime', { token: tok(u) })).toBeNull();
    const row = await ts.server.db.kysely
      .selectFrom('users')
      .select('last_online_at')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.last_online_at).toBeGreaterThanOrEqual(before);
  });
});
