/** Friends over HTTP + WebSocket: add (both directions, one tip, pushes), the refusals, find, delete, remark, dnd. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cmd, MessageStatus, MessageType, Terminal, TipText, tipTextKey, type ServerFrame } from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import {
  befriend,
  friendIds,
  isFriendSync,
  messageData,
  pairFriendRows,
  pairMessages,
  privateOfType,
  syncData,
  syncFriend,
} from './support/contacts.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
const sockets: TestSocket[] = [];

const connect = async (token: string) => {
  const s = await TestSocket.login(ts.wsUrl, token);
  sockets.push(s);
  return s;
};
const user = (nickName: string) => registerUser(client, { nickName });
const tok = (u: TestUser) => u.tokens.accessToken;

/** Asserts a refused call: exact status, code and catalogue key. */
async function refused(res: Promise<{ status: number; body: { code: number; key?: string } }>, key: string) {
  const { status, body } = await res;
  expect([status, body.code, body.key]).toEqual([400, 400, key]);
}

/** Nothing exists between the two: no friend rows either way, no messages, neither list has the other. */
async function nothingBetween(a: TestUser, b: TestUser) {
  expect(await pairFriendRows(ts, a.id, b.id)).toEqual([]);
  expect(await pairMessages(ts, a.id, b.id)).toEqual([]);
  expect(await friendIds(client, a)).not.toContain(b.id);
  expect(await friendIds(client, b)).not.toContain(a.id);
}

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('add', () => {
  it('creates both directions, stores one tip message and pushes it and type 80 to every terminal of both', async () => {
    const a = await user('Alice');
    const b = await user('Bob');
    const aApp = await login(client, a.userName, a.password, Terminal.APP);
    const aWebSocket = await connect(tok(a));
    const aAppSocket = await connect(aApp.accessToken);
    const bSocket = await connect(tok(b));

    const res = await client.call('friendAdd', { token: tok(a), query: { friendId: b.id } });
    expect([res.status, res.body.code, res.body.data]).toEqual([200, 200, null]);

    // Both directions, seen by each side.
    const aList = await client.ok('friendList', { token: tok(a) });
    expect(aList).toEqual([
      expect.objectContaining({
        id: b.id,
        userName: b.userName,
        nickName: 'Bob',
        remark: '',
        showNickName: 'Bob',
        online: true,
        onlineWeb: true,
        onlineApp: false,
        isDnd: false,
        deleted: false,
        isBlocked: false,
      }),
    ]);
    const bList = await client.ok('friendList', { token: tok(b) });
    expect(bList).toEqual([
      expect.objectContaining({ id: a.id, showNickName: 'Alice', online: true, onlineWeb: true, onlineApp: true }),
    ]);
    expect(await pairFriendRows(ts, a.id, b.id)).toHaveLength(2);

    // One tip message for the pair, sent by the adder.
    const rows = await pairMessages(ts, a.id, b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      send_id: a.id,
      recv_id: b.id,
      type: MessageType.TIP_TEXT,
      content: TipText.friendAdded,
      status: MessageStatus.SENDED,
      tmp_id: null,
      quote_message_id: null,
    });
    expect(tipTextKey(rows[0]!.content)).toBe('friendAdded');

    // The tip (cmd 3, type 21) reaches all three sockets, with the stored id.
    for (const s of [aWebSocket, aAppSocket, bSocket]) {
      const tip = messageData(await s.next(privateOfType(MessageType.TIP_TEXT)));
      expect(tip).toEqual({
        id: rows[0]!.id,
        sendId: a.id,
        recvId: b.id,
        type: MessageType.TIP_TEXT,
        content: TipText.friendAdded,
        status: MessageStatus.SENDED,
        sendTime: rows[0]!.send_time,
      });
    }
    // Type 80 to each side, carrying the entry as that side sees it.
    for (const s of [aWebSocket, aAppSocket]) {
      const frame = await s.next(privateOfType(MessageType.FRIEND_NEW));
      expect(frame.cmd).toBe(Cmd.PRIVATE_MESSAGE);
      expect(syncData(frame)).toMatchObject({ sendId: a.id, recvId: b.id });
      expect(syncFriend(frame)).toEqual(aList[0]);
    }
    const bFrame = await bSocket.next(privateOfType(MessageType.FRIEND_NEW));
    expect(syncData(bFrame)).toMatchObject({ sendId: b.id, recvId: a.id });
    expect(syncFriend(bFrame)).toEqual(bList[0]);
    // Exactly once each. (A presence update, type 82, may follow: the logins just before
    // the add are pushed to friends as soon as their lookup runs, which may be after it.)
    for (const s of [aWebSocket, aAppSocket, bSocket]) {
      const again = (f: ServerFrame) =>
        privateOfType(MessageType.TIP_TEXT)(f) || privateOfType(MessageType.FRIEND_NEW)(f);
      expect(await s.quiet(200, again)).toBe(true);
    }
  });

  it('yourself → cannotAddSelf, nothing stored', async () => {
    const a = await user('Self');
    await refused(client.call('friendAdd', { token: tok(a), query: { friendId: a.id } }), 'cannotAddSelf');
    expect(await friendIds(client, a)).toEqual([]);
    expect(await pairMessages(ts, a.id, a.id)).toEqual([]);
  });

  it('twice (either side) → alreadyFriend, still one tip message', async () => {
    const a = await user('Twice A');
    const b = await user('Twice B');
    await befriend(client, a, b);
    await refused(client.call('friendAdd', { token: tok(a), query: { friendId: b.id } }), 'alreadyFriend');
    await refused(client.call('friendAdd', { token: tok(b), query: { friendId: a.id } }), 'alreadyFriend');
    expect(await pairFriendRows(ts, a.id, b.id)).toHaveLength(2);
    expect(await pairMessages(ts, a.id, b.id)).toHaveLength(1);
    expect(await friendIds(client, a)).toEqual([b.id]);
    expect(await friendIds(client, b)).toEqual([a.id]);
  });

  it('a missing or deleted user → userNotExist, nothing stored', async () => {
    const a = await user('Lonely');
    await refused(client.call('friendAdd', { token: tok(a), query: { friendId: 99_999_999 } }), 'userNotExist');
    const gone = await user('Gone');
    await ts.server.services.moderation.deleteUser(gone.id);
    await refused(client.call('friendAdd', { token: tok(a), query: { friendId: gone.id } }), 'userNotExist');
    expect(await friendIds(client, a)).toEqual([]);
    expect(await pairFriendRows(ts, a.id, gone.id)).toEqual([]);
    expect(await pairMessages(ts, a.id, gone.id)).toEqual([]);
  });

  it('the target blocked me → blockedByOther; I blocked the target → alreadyBlocked; nothing stored', async () => {
    const a = await user('Blocked A');
    const b = await user('Blocker B');
    await client.ok('blacklistAdd', { token: tok(b), query: { userId: a.id } });
    await refused(client.call('friendAdd', { token: tok(a), query: { friendId: b.id } }), 'blockedByOther');
    // B blocked A: B adding A is refused too, B must unblock first.
    await refused(client.call('friendAdd', { token: tok(b), query: { friendId: a.id } }), 'alreadyBlocked');
    await nothingBetween(a, b);

    await client.ok('blacklistRemove', { token: tok(b), query: { userId: a.id } });
    await befriend(client, a, b);
    expect(await friendIds(client, a)).toEqual([b.id]);
  });

  it('a bad friendId → invalidParam', async () => {
    const a = await user('Bad');
    await refused(client.call('friendAdd', { token: tok(a), query: { friendId: 'x' } }), 'invalidParam');
    await refused(client.call('friendAdd', { token: tok(a) }), 'invalidParam');
  });

  it('needs a login', async () => {
    const res = await client.call('friendList');
    expect([res.status, res.body.key]).toEqual([401, 'loginExpired']);
  });
});

describe('find, delete, remark, dnd', () => {
  let a: TestUser;
  let b: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    a = await user('Anna');
    b = await user('Ben');
    stranger = await user('Stranger');
    await befriend(client, a, b);
  });

  it('find returns the entry; a non-friend → notFriend', async () => {
    expect(await client.ok('friendFind', { token: tok(a), params: { friendId: b.id } })).toMatchObject({
      id: b.id,
      nickName: 'Ben',
      showNickName: 'Ben',
      online: false,
    });
    await refused(client.call('friendFind', { token: tok(a), params: { friendId: stranger.id } }), 'notFriend');
  });

  it('non-friends: delete, remark and dnd → notFriend, nothing changes', async () => {
    await refused(client.call('friendDelete', { token: tok(a), params: { friendId: stranger.id } }), 'notFriend');
    await refused(
      client.call('friendRemark', { token: tok(a), body: { friendId: stranger.id, remark: 'x' } }),
      'notFriend',
    );
    await refused(
      client.call('friendDnd', { token: tok(a), body: { friendId: stranger.id, isDnd: true } }),
      'notFriend',
    );
    expect(await friendIds(client, a)).toEqual([b.id]);
    expect(await pairFriendRows(ts, a.id, stranger.id)).toEqual([]);
  });

  it('remark over 20 characters → friendRemarkLength, remark unchanged', async () => {
    await refused(
      client.call('friendRemark', { token: tok(a), body: { friendId: b.id, remark: 'x'.repeat(21) } }),
      'friendRemarkLength',
    );
    expect((await client.ok('friendFind', { token: tok(a), params: { friendId: b.id } })).remark).toBe('');
  });

  it('remark reaches only my terminals; the other party never learns it', async () => {
    const aSocket = await connect(tok(a));
    const bSocket = await connect(tok(b));
    // Presence pushes of these logins are not what this test is about.
    await new Promise((r) => setTimeout(r, 150));
    aSocket.frames.length = 0;
    bSocket.frames.length = 0;

    const remark = 'r'.repeat(20);
    await client.ok('friendRemark', { token: tok(a), body: { friendId: b.id, remark } });
    const frame = await aSocket.next(privateOfType(MessageType.FRIEND_UPDATE, b.id));
    expect(syncFriend(frame)).toMatchObject({ id: b.id, remark, showNickName: remark, nickName: 'Ben' });
    expect(await bSocket.quiet(300, isFriendSync)).toBe(true);
    expect(JSON.stringify(bSocket.frames)).not.toContain(remark);

    expect(await client.ok('friendFind', { token: tok(a), params: { friendId: b.id } })).toMatchObject({
      remark,
      showNickName: remark,
    });
    expect(await client.ok('friendFind', { token: tok(b), params: { friendId: a.id } })).toMatchObject({
      remark: '',
      showNickName: 'Anna',
    });

    // An empty remark clears it.
    await client.ok('friendRemark', { token: tok(a), body: { friendId: b.id, remark: '  ' } });
    expect(syncFriend(await aSocket.next(privateOfType(MessageType.FRIEND_UPDATE, b.id)))).toMatchObject({
      remark: '',
      showNickName: 'Ben',
    });
  });

  it('dnd is mine only and pushed to my terminals', async () => {
    const aSocket = await connect(tok(a));
    await client.ok('friendDnd', { token: tok(a), body: { friendId: b.id, isDnd: true } });
    expect(syncFriend(await aSocket.next(privateOfType(MessageType.FRIEND_UPDATE, b.id))).isDnd).toBe(true);
    expect((await client.ok('friendFind', { token: tok(a), params: { friendId: b.id } })).isDnd).toBe(true);
    expect((await client.ok('friendFind', { token: tok(b), params: { friendId: a.id } })).isDnd).toBe(false);
    await refused(client.call('friendDnd', { token: tok(a), body: { friendId: b.id, isDnd: 'yes' } }), 'invalidParam');
  });

  it('delete removes both directions and pushes 81 to both; the tip message stays as history', async () => {
    const c = await user('Cleo');
    const d = await user('Dan');
    await befriend(client, c, d);
    const cSocket = await connect(tok(c));
    const dSocket = await connect(tok(d));

    await client.ok('friendDelete', { token: tok(c), params: { friendId: d.id } });
    const toC = syncData(await cSocket.next(privateOfType(MessageType.FRIEND_DEL)));
    expect(toC).toMatchObject({ sendId: c.id, recvId: d.id, content: String(d.id) });
    const toD = syncData(await dSocket.next(privateOfType(MessageType.FRIEND_DEL)));
    expect(toD).toMatchObject({ sendId: d.id, recvId: c.id, content: String(c.id) });

    expect(await pairFriendRows(ts, c.id, d.id)).toEqual([]);
    expect(await friendIds(client, c)).toEqual([]);
    expect(await friendIds(client, d)).toEqual([]);
    expect(await pairMessages(ts, c.id, d.id)).toHaveLength(1);
    await refused(client.call('friendDelete', { token: tok(d), params: { friendId: c.id } }), 'notFriend');

    // Friends again: a new friendship, a new tip.
    await befriend(client, d, c);
    expect(await friendIds(client, c)).toEqual([d.id]);
    const tips = await pairMessages(ts, c.id, d.id);
    expect(tips.map((m) => m.send_id)).toEqual([c.id, d.id]);
  });

  it('a deleted account stays on the list, flagged deleted', async () => {
    const e = await user('Eve');
    const f = await user('Finn');
    await befriend(client, e, f);
    await ts.server.services.moderation.deleteUser(f.id);
    expect(await client.ok('friendList', { token: tok(e) })).toEqual([
      expect.objectContaining({ id: f.id, deleted: true }),
    ]);
  });
});

describe('concurrency', () => {
  it('adding each other at the same moment makes one friendship with one tip; the other call gets alreadyFriend', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await user(`Race A${round}`);
      const b = await user(`Race B${round}`);
      const results = await Promise.all([
        client.call('friendAdd', { token: tok(a), query: { friendId: b.id } }),
        client.call('friendAdd', { token: tok(b), query: { friendId: a.id } }),
        client.call('friendAdd', { token: tok(a), query: { friendId: b.id } }),
      ]);
      const outcomes = results.map((r) => r.body.key ?? 'ok').sort();
      expect(outcomes).toEqual(['alreadyFriend', 'alreadyFriend', 'ok']);
      expect(await pairFriendRows(ts, a.id, b.id)).toHaveLength(2);
      expect(await pairMessages(ts, a.id, b.id)).toHaveLength(1);
    }
  });
});
