/**
 * Hardening: a reused tmpId is refused unless it is the same send; strangers see a
 * public profile only (no e-mail, no presence, no deleted users); read marks and chat
 * history need a relationship; names refuse invisible and control characters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits, MessageStatus, MessageType, Terminal, hasForbiddenChars } from '@parley/protocol';
import { safeFileName } from '../src/services/file-store.js';
import { ApiClient, login, registerUser, uniqueName, type TestUser } from './support/api.js';
import { befriend, pairMessages } from './support/contacts.js';
import {
  allQuiet,
  closeAll,
  expectRefused,
  friendPair,
  isPrivate,
  maxRowId,
  messageFrame,
  rowCount,
  sendBody,
  sockets,
  twoTerminalUser,
  typeFrame,
  type TwoTerminalUser,
} from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

/** What others read of a user: /user/self's reply (typed as a User) without the owner's own settings. */
function othersView<T extends object>(self: T): T {
  const copy: T & { showLastSeen?: boolean; friendConsent?: boolean } = { ...self };
  delete copy.showLastSeen;
  delete copy.friendConsent;
  return copy;
}

let ts: TestServer;
let client: ApiClient;
const users: TwoTerminalUser[] = [];
const extraSockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;
/** A write past the services: the cached account facts are told, as an outside write must (services/facts). */
const setUser = async (id: number, patch: { is_banned?: number; ban_reason?: string; deleted?: number }) => {
  await ts.server.db.kysely.updateTable('users').set(patch).where('id', '=', id).execute();
  await ts.server.services.facts.changed({ kind: 'user', id });
};
const pair = async () => {
  const p = await friendPair(ts, client);
  users.push(...p);
  return p;
};
const stranger = async (nickName = 'Stranger') => {
  const u = await twoTerminalUser(ts, client, nickName);
  users.push(u);
  return u;
};

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  closeAll(...users);
  for (const s of extraSockets) s.close();
  await ts?.close();
});

/** A refused call (made by `call`, after counting) that stores nothing and pushes no chat message. */
async function refusedQuietly(
  call: () => Promise<{ status: number; body: { code: number; key?: string } }>,
  key: string,
) {
  for (const s of sockets(...users)) s.frames.length = 0; // earlier tests' read frames have no id
  const before = await rowCount(ts);
  const lastId = await maxRowId(ts);
  await expectRefused(call(), key);
  expect(await rowCount(ts)).toBe(before);
  await allQuiet(sockets(...users), lastId, 60);
}

describe('10. a reused tmpId', () => {
  it('is refused with tmpIdReused when receiver, type, content or quote differ; a true repeat still answers', async () => {
    const [a, b] = await pair();
    const [, c] = await pair();
    await befriend(client, a, c);
    const other = await stranger();
    const first = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'hello') });
    await b.webSocket.next(messageFrame(first.id));
    const reuse = (change: Record<string, unknown>) =>
      refusedQuietly(
        () =>
          client.call('privateSend', {
            token: a.app,
            body: { tmpId: first.tmpId, recvId: b.id, type: MessageType.TEXT, content: 'hello', ...change },
          }),
        'tmpIdReused',
      );
    await reuse({ recvId: c.id }); // another friend
    await reuse({ recvId: other.id }); // a stranger: would have been notFriendCannotSend
    await reuse({ content: 'hello!' });
    await reuse({ type: MessageType.IMAGE });
    await reuse({ quoteMessageId: first.id });

    const again = await client.ok('privateSend', {
      token: a.app,
      body: { tmpId: first.tmpId, recvId: b.id, type: MessageType.TEXT, content: 'hello' },
    });
    expect(again).toEqual(first);
    expect(await b.webSocket.quiet(100, messageFrame(first.id))).toBe(true);
  });

  it('a retry of a since recalled message returns it, recalled', async () => {
    const [a, b] = await pair();
    const body = sendBody(b.id, MessageType.TEXT, 'oops');
    const sent = await client.ok('privateSend', { token: a.web, body });
    await client.ok('privateRecall', { token: a.web, params: { id: sent.id } });
    const retry = await client.ok('privateSend', { token: a.web, body });
    expect(retry).toMatchObject({ id: sent.id, status: MessageStatus.RECALL, content: '' });
  });
});

describe('11. what others see of a user', () => {
  let viewer: TestUser;
  let target: TestUser;
  let friend: TestUser;
  beforeAll(async () => {
    viewer = await registerUser(client, { nickName: 'Viewer' });
    target = await registerUser(client, { nickName: 'Target' });
    friend = await registerUser(client, { nickName: 'Pal' });
    await befriend(client, viewer, friend);
    extraSockets.push(await TestSocket.login(ts.wsUrl, tok(target)), await TestSocket.login(ts.wsUrl, tok(friend)));
  });

  it('a stranger gets the public profile: no user name, never online, no ban state', async () => {
    await setUser(target.id, { is_banned: 1, ban_reason: 'spam' });
    const found = await client.ok('userFind', { token: tok(viewer), params: { id: target.id } });
    await setUser(target.id, { is_banned: 0, ban_reason: '' });
    expect(found).toEqual({
      ...othersView(target.user),
      userName: '',
      online: false,
      isBanned: false,
      reason: '',
      deleted: false,
    });
  });

  it('a friend sees the user name and online state; self sees everything', async () => {
    const asFriend = await client.ok('userFind', { token: tok(viewer), params: { id: friend.id } });
    expect(asFriend).toMatchObject({ userName: friend.userName, online: true });
    const self = await client.ok('userFind', { token: tok(target), params: { id: target.id } });
    expect(self).toMatchObject({ userName: target.userName, online: true });
  });

  it('a deleted user is not found, by id or by name', async () => {
    const gone = await registerUser(client, { nickName: 'Gone' });
    await setUser(gone.id, { deleted: 1 });
    await expectRefused(client.call('userFind', { token: tok(viewer), params: { id: gone.id } }), 'userNotExist');
    expect(await client.ok('userFindByName', { token: tok(viewer), query: { name: gone.userName } })).toEqual([]);
  });

  it('findByName: at least 2 characters, never e-mail parts, the exact user name (any case) with its user name', async () => {
    const short = await client.call('userFindByName', { token: tok(viewer), query: { name: ' @ ' } });
    expect([short.status, short.body.key, short.body.params]).toEqual([
      400,
      'invalidParam',
      { field: 'name', rule: 'minLength', min: Limits.FIND_BY_NAME_MIN },
    ]);
    for (const name of ['@example.com', 'example.com', target.userName.slice(0, -1)]) {
      expect(await client.ok('userFindByName', { token: tok(viewer), query: { name } })).toEqual([]);
    }
    const exact = await client.ok('userFindByName', {
      token: tok(viewer),
      query: { name: target.userName.toUpperCase() },
    });
    expect(exact).toEqual([{ ...othersView(target.user), online: false }]);
    // By nickname: public profile only.
    const byNick = await client.ok('userFindByName', { token: tok(viewer), query: { name: 'targe' } });
    expect(byNick.find((u) => u.id === target.id)).toMatchObject({ userName: '', online: false });
  });

  it('terminal/online lists self and friends only, never strangers or deleted friends', async () => {
    extraSockets.push(await TestSocket.login(ts.wsUrl, tok(viewer)));
    const ids = `${target.id},${friend.id},${viewer.id}`;
    expect(await client.ok('userTerminalOnline', { token: tok(viewer), query: { userIds: ids } })).toEqual([
      { userId: friend.id, terminals: [Terminal.WEB] },
      { userId: viewer.id, terminals: [Terminal.WEB] },
    ]);
    const ghost = await registerUser(client);
    await befriend(client, viewer, ghost);
    extraSockets.push(await TestSocket.login(ts.wsUrl, tok(ghost)));
    await setUser(ghost.id, { deleted: 1 }); // its socket is still up: the rule must hold anyway
    const seen = await client.ok('userTerminalOnline', { token: tok(viewer), query: { userIds: String(ghost.id) } });
    expect(seen).toEqual([]);
  });

  it("the blocklist shows a stranger's user name as empty, a friend's in full", async () => {
    await client.ok('blacklistAdd', { token: tok(viewer), query: { userId: target.id } });
    await client.ok('blacklistAdd', { token: tok(viewer), query: { userId: friend.id } });
    const list = await client.ok('blacklistList', { token: tok(viewer) });
    expect(list.map((e) => [e.toUserId, e.userName])).toEqual([
      [friend.id, friend.userName],
      [target.id, ''],
    ]);
  });
});

describe('12. read marks, history and sends need the relationship', () => {
  it('a stranger cannot push read frames: notFriendCannotSend, nothing pushed, nothing marked', async () => {
    const [a, b] = await pair();
    const msg = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'unread') });
    const outsider = await stranger();
    for (const s of sockets(a, b)) s.frames.length = 0;
    for (const friendId of [a.id, b.id]) {
      await expectRefused(
        client.call('privateReaded', { token: outsider.web, query: { friendId } }),
        'notFriendCannotSend',
      );
    }
    expect(await a.webSocket.quiet(150, isPrivate)).toBe(true);
    expect(sockets(a, b).flatMap((s) => s.frames)).toEqual([]);
    const row = (await pairMessages(ts, a.id, b.id)).find((r) => r.id === msg.id);
    expect(row?.status).toBe(MessageStatus.SENDED);
  });

  it('blocked either way: blockedCannotSend for the blocked, alreadyBlocked for the blocker', async () => {
    const [a, b] = await pair();
    await client.ok('blacklistAdd', { token: b.web, query: { userId: a.id } });
    for (const s of sockets(a, b)) s.frames.length = 0;
    await expectRefused(client.call('privateReaded', { token: a.web, query: { friendId: b.id } }), 'blockedCannotSend');
    await expectRefused(client.call('privateReaded', { token: b.web, query: { friendId: a.id } }), 'alreadyBlocked');
    expect(await a.webSocket.quiet(100, typeFrame(MessageType.RECEIPT))).toBe(true);
    expect(b.webSocket.frames.some(typeFrame(MessageType.RECEIPT))).toBe(false);
  });

  it("history and maxReadedId: a stranger gets notFriend, an ex-friend's chat stays readable", async () => {
    const [a, b] = await pair();
    const outsider = await stranger();
    const msg = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'keep me') });
    await client.ok('privateReaded', { token: b.web, query: { friendId: a.id } });
    await client.ok('friendDelete', { token: b.web, params: { friendId: a.id } });
    const history = await client.ok('privateHistory', { token: b.web, query: { friendId: a.id } });
    expect(history[0]).toMatchObject({ id: msg.id, content: 'keep me' });
    expect(await client.ok('privateMaxReadedId', { token: a.web, query: { friendId: b.id } })).toBe(msg.id);
    await expectRefused(client.call('privateHistory', { token: outsider.web, query: { friendId: a.id } }), 'notFriend');
    await expectRefused(
      client.call('privateMaxReadedId', { token: a.web, query: { friendId: outsider.id } }),
      'notFriend',
    );
    // The ex-friends cannot mark reads any more.
    await expectRefused(
      client.call('privateReaded', { token: b.web, query: { friendId: a.id } }),
      'notFriendCannotSend',
    );
  });

  it('a send to a banned friend is recipientUnavailable, to a deleted one userNotExist; nothing stored', async () => {
    const [a, b] = await pair();
    await setUser(b.id, { is_banned: 1, ban_reason: 'spam' });
    await refusedQuietly(
      () => client.call('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'hi') }),
      'recipientUnavailable',
    );
    await setUser(b.id, { is_banned: 0, ban_reason: '', deleted: 1 });
    await refusedQuietly(
      () => client.call('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'hi') }),
      'userNotExist',
    );
  });
});

describe('13. names and profile texts refuse invisible and control characters', () => {
  const characters = (field: string) => ({ field, rule: 'characters' });
  const refusedField = async (
    res: Promise<{ status: number; body: { key?: string; params?: unknown } }>,
    field: string,
  ) => {
    const { status, body } = await res;
    expect([status, body.key, body.params]).toEqual([400, 'invalidParam', characters(field)]);
  };

  it('register and login: zero-width, bidi, NUL and private-use characters in the user name or nickname', async () => {
    for (const bad of ['tri\u200bal', 'tri\u202eal', 'tri\u0000al', 'tri\ue000al', 'tri\u00adal', 'tri\ufeffal']) {
      const userName = `${bad}${Date.now().toString(36)}@example.com`;
      await refusedField(client.call('register', { body: { userName, password: 'secret1' } }), 'userName');
      await refusedField(
        client.call('login', { body: { terminal: Terminal.WEB, userName, password: 'secret1' } }),
        'userName',
      );
    }
    const body = { userName: uniqueName(), password: 'secret1', nickName: 'Ev\u2066e' };
    await refusedField(client.call('register', { body }), 'nickName');
  });

  it('look-alikes normalise (NFKC) to the same user name', async () => {
    const plain = uniqueName('look');
    await client.ok('register', { body: { userName: plain, password: 'secret1' } });
    const fullWidth = plain.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    await expectRefused(
      client.call('register', { body: { userName: fullWidth, password: 'secret1' } }),
      'userNameTaken',
    );
    expect((await login(client, fullWidth, 'secret1')).accessToken).toBeTruthy();
  });

  it('profile update, signature (newlines allowed) and friend remark', async () => {
    const [a, b] = await pair();
    await refusedField(client.call('userUpdate', { token: a.web, body: { nickName: 'A\u200dB' } }), 'nickName');
    await refusedField(
      client.call('userUpdate', { token: a.web, body: { nickName: 'A', signature: 'ring\u0007' } }),
      'signature',
    );
    await client.ok('userUpdate', { token: a.web, body: { nickName: '👩‍💻 Ａnn', signature: 'line 1\r\nline 2' } });
    expect(await client.ok('userSelf', { token: a.web })).toMatchObject({
      nickName: '👩‍💻 Ann',
      signature: 'line 1\nline 2',
    });
    await refusedField(
      client.call('friendRemark', { token: a.web, body: { friendId: b.id, remark: 'boss\u202e' } }),
      'remark',
    );
  });

  it('the shared helper and stored file names', () => {
    expect(hasForbiddenChars('Zoë 名字 👨‍👩‍👧')).toBe(false);
    expect(hasForbiddenChars('a\nb')).toBe(true);
    expect(hasForbiddenChars('a\nb', { newlines: true })).toBe(false);
    expect(safeFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('\u200b\u2067report.pdf')).toBe('report.pdf');
  });
});
