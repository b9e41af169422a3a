/** The blocklist over HTTP: add/remove/list rules, block keeps the friendship and shows isBlocked, the reach check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType } from '@parley/protocol';
import { AppError } from '../src/http/app-error.js';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend, friendIds, privateOfType, syncFriend } from './support/contacts.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
const sockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;
const user = (nickName: string) => registerUser(client, { nickName });
const list = (u: TestUser) => client.ok('blacklistList', { token: tok(u) });

async function refused(res: Promise<{ status: number; body: { code: number; key?: string } }>, key: string) {
  const { status, body } = await res;
  expect([status, body.code, body.key]).toEqual([400, 400, key]);
}

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('blocklist', () => {
  it('lists entries newest first in the wire shape', async () => {
    const a = await user('Owner');
    const b = await user('First');
    const c = await user('Second');
    expect(await list(a)).toEqual([]);
    await client.ok('blacklistAdd', { token: tok(a), query: { userId: b.id } });
    await new Promise((r) => setTimeout(r, 5));
    await client.ok('blacklistAdd', { token: tok(a), query: { userId: c.id } });
    const entries = await list(a);
    // Strangers: no user name (blocking ids must not list e-mail addresses).
    expect(entries).toEqual([
      { toUserId: c.id, userName: '', nickName: 'Second', headImageThumb: '', createTime: expect.any(Number) },
      { toUserId: b.id, userName: '', nickName: 'First', headImageThumb: '', createTime: expect.any(Number) },
    ]);
    expect(entries[0]!.createTime).toBeGreaterThanOrEqual(entries[1]!.createTime);
    // Only my own list.
    expect(await list(b)).toEqual([]);
  });

  it('yourself → cannotBlockSelf; missing user → userNotExist; nothing stored', async () => {
    const a = await user('Solo');
    await refused(client.call('blacklistAdd', { token: tok(a), query: { userId: a.id } }), 'cannotBlockSelf');
    await refused(client.call('blacklistAdd', { token: tok(a), query: { userId: 99_999_999 } }), 'userNotExist');
    expect(await list(a)).toEqual([]);
  });

  it('twice → alreadyBlocked, one entry', async () => {
    const a = await user('Twice');
    const b = await user('Target');
    await client.ok('blacklistAdd', { token: tok(a), query: { userId: b.id } });
    await refused(client.call('blacklistAdd', { token: tok(a), query: { userId: b.id } }), 'alreadyBlocked');
    expect((await list(a)).map((e) => e.toUserId)).toEqual([b.id]);
  });

  it('remove: not on the list → notBlocked (list unchanged); on it → gone', async () => {
    const a = await user('Remover');
    const b = await user('Kept');
    const c = await user('Never');
    await client.ok('blacklistAdd', { token: tok(a), query: { userId: b.id } });
    await refused(client.call('blacklistRemove', { token: tok(a), query: { userId: c.id } }), 'notBlocked');
    await refused(client.call('blacklistRemove', { token: tok(a), query: { userId: a.id } }), 'notBlocked');
    expect((await list(a)).map((e) => e.toUserId)).toEqual([b.id]);
    await client.ok('blacklistRemove', { token: tok(a), query: { userId: b.id } });
    expect(await list(a)).toEqual([]);
    await refused(client.call('blacklistRemove', { token: tok(a), query: { userId: b.id } }), 'notBlocked');
  });

  it('blocking a friend keeps the friendship, pushes isBlocked to me and hides my presence from them', async () => {
    const a = await user('Blocker');
    const b = await user('Friend');
    await befriend(client, a, b);
    const aSocket = await TestSocket.login(ts.wsUrl, tok(a));
    const bSocket = await TestSocket.login(ts.wsUrl, tok(b));
    sockets.push(aSocket, bSocket);
    await new Promise((r) => setTimeout(r, 150));
    aSocket.frames.length = 0;
    bSocket.frames.length = 0;

    await client.ok('blacklistAdd', { token: tok(a), query: { userId: b.id } });
    expect(syncFriend(await aSocket.next(privateOfType(MessageType.FRIEND_UPDATE, b.id)))).toMatchObject({
      id: b.id,
      isBlocked: true,
    });
    // b's entry for a: not "blocked" (that is a's secret), but a no longer shows online to b.
    expect(syncFriend(await bSocket.next(privateOfType(MessageType.FRIEND_UPDATE, a.id)))).toMatchObject({
      id: a.id,
      isBlocked: false,
      online: false,
    });
    expect(await friendIds(client, a)).toEqual([b.id]);
    expect(await friendIds(client, b)).toEqual([a.id]);
    expect((await client.ok('friendFind', { token: tok(a), params: { friendId: b.id } })).isBlocked).toBe(true);
    expect((await client.ok('friendFind', { token: tok(b), params: { friendId: a.id } })).isBlocked).toBe(false);

    await client.ok('blacklistRemove', { token: tok(a), query: { userId: b.id } });
    expect(syncFriend(await aSocket.next(privateOfType(MessageType.FRIEND_UPDATE, b.id))).isBlocked).toBe(false);
    expect(syncFriend(await bSocket.next(privateOfType(MessageType.FRIEND_UPDATE, a.id))).online).toBe(true);
  });

  it('assertCanReach is the one block check: refuses exactly when the receiver blocked the sender', async () => {
    const a = await user('Sender');
    const b = await user('Receiver');
    const { blacklist } = ts.server.services;
    await expect(blacklist.assertCanReach(a.id, b.id)).resolves.toBeUndefined();
    await client.ok('blacklistAdd', { token: tok(b), query: { userId: a.id } });
    const err = await blacklist.assertCanReach(a.id, b.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('blockedByOther');
    // The blocker can still reach the blocked user (the blocked one just cannot answer).
    await expect(blacklist.assertCanReach(b.id, a.id)).resolves.toBeUndefined();
  });
});
