/**
 * Web push (issue 11 point 5) against a loopback push service: a user with no
 * connected terminal is notified of private and group messages, calls and
 * system notifications; never a connected user, never the sender, never through a
 * muted chat; a subscription the service calls gone (410) is removed; logout and
 * removeCid end the registration; a failing push service never fails a send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatType, MessageType, PushKind } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { sendBody, tmpId } from './support/messages.js';
import {
  browserKeys,
  decryptPayload,
  startPushService,
  subscriptionOf,
  type BrowserKeys,
  type PushServiceStub,
} from './support/push.js';
import { startServer, type TestServer } from './support/server.js';
import { sendSystem } from './support/system.js';
import { TestSocket } from './support/ws.js';
import { preview } from '../src/services/push-notify/notice.js';

let ts: TestServer;
let client: ApiClient;
let service: PushServiceStub;
let alice: TestUser;
let bob: TestUser;
let bobKeys: BrowserKeys;
let aliceKeys: BrowserKeys;
let groupId: number;

const tok = (u: TestUser) => u.tokens.accessToken;
const settled = () => ts.server.services.pushNotify.notifier.settled();
const rowsOf = (userId: number) =>
  ts.server.db.kysely.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();

async function subscribe(u: TestUser, path: string, keys: BrowserKeys) {
  await client.ok('userReportCid', {
    token: tok(u),
    query: { cid: `c${u.id}` },
    body: subscriptionOf(service.url(path), keys),
  });
}

/** The requests that reached `path` while `action` ran. */
async function pushedTo(path: string, action: () => Promise<unknown>) {
  const from = service.requests.length;
  await action();
  await settled();
  return service.requests.slice(from).filter((r) => r.path === path);
}

async function offline(u: TestUser, socket: TestSocket) {
  socket.close();
  for (let i = 0; i < 100 && (await ts.server.services.presence.isOnline(u.id)); i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  service = await startPushService();
  ts = await startServer({ pushEndpointHosts: [service.host] });
  client = new ApiClient(ts.url);
  alice = await registerUser(client, { nickName: 'Alice' });
  bob = await registerUser(client, { nickName: 'Bob' });
  await befriend(client, alice, bob);
  groupId = (await client.ok('groupCreate', { token: tok(alice), body: { name: 'Team', friendIds: [bob.id] } })).id;
  bobKeys = browserKeys();
  aliceKeys = browserKeys();
  await subscribe(bob, '/push/bob', bobKeys);
  await subscribe(alice, '/push/alice', aliceKeys);
});
afterAll(async () => {
  await ts?.close();
  await service?.close();
});

describe('who is notified', () => {
  it('a private message reaches the offline recipient, encrypted, and never the sender', async () => {
    const all = service.requests.length;
    const got = await pushedTo('/push/bob', () =>
      client.ok('privateSend', {
        token: tok(alice),
        body: sendBody(bob.id, MessageType.TEXT, 'hello  Bob\nhow are you'),
      }),
    );
    expect(got).toHaveLength(1);
    const req = got[0]!;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.ttl).toBe('86400');
    expect(req.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(decryptPayload(req.body, bobKeys)).toMatchObject({
      kind: PushKind.MESSAGE,
      chatType: ChatType.PRIVATE,
      chatId: alice.id,
      title: 'Alice',
      body: 'hello Bob how are you',
      type: MessageType.TEXT,
      url: `/#/pages/chat/chat-box?type=PRIVATE&targetId=${alice.id}`,
    });
    // Only Bob's endpoint was called: the sender is not told of their own message.
    expect(service.requests.slice(all).map((r) => r.path)).toEqual(['/push/bob']);
  });

  it('a non-text message carries no content; the friend remark is the title', async () => {
    await client.ok('friendRemark', { token: tok(bob), body: { friendId: alice.id, remark: 'Ally' } });
    const got = await pushedTo('/push/bob', () =>
      client
        .ok('privateSend', {
          token: tok(alice),
          body: sendBody(bob.id, MessageType.FILE, JSON.stringify({ name: 'a.pdf', size: 1, url: '/uploads/x' })),
        })
        .catch(() => undefined),
    );
    for (const r of got) expect(decryptPayload(r.body, bobKeys)).toMatchObject({ title: 'Ally', body: '', type: 2 });
  });

  it('a photo, video or file with a caption carries the caption (the service worker names the kind)', () => {
    const image = JSON.stringify({
      originUrl: '/uploads/a.png',
      thumbUrl: '/uploads/t.png',
      caption: ' Two\n sunsets ',
    });
    expect(preview(MessageType.IMAGE, image)).toBe('Two sunsets');
    expect(preview(MessageType.FILE, JSON.stringify({ name: 'a.pdf', size: 1, url: '/u', caption: 'Slides' }))).toBe(
      'Slides',
    );
    expect(preview(MessageType.VIDEO, JSON.stringify({ videoUrl: '/v.mp4' }))).toBe('');
    expect(preview(MessageType.AUDIO, JSON.stringify({ url: '/a.mp3', duration: 2, caption: 'x' }))).toBe('');
    expect(preview(MessageType.IMAGE, 'not json')).toBe('');
  });

  it('nothing while one of the recipient terminals is connected', async () => {
    const socket = await TestSocket.login(ts.wsUrl, tok(bob));
    const got = await pushedTo('/push/bob', () =>
      client.ok('privateSend', { token: tok(alice), body: sendBody(bob.id, MessageType.TEXT, 'you are online') }),
    );
    expect(got).toEqual([]);
    await offline(bob, socket);
  });

  it('nothing from a friend the recipient muted (do-not-disturb)', async () => {
    await client.ok('friendDnd', { token: tok(bob), body: { friendId: alice.id, isDnd: true } });
    const got = await pushedTo('/push/bob', () =>
      client.ok('privateSend', { token: tok(alice), body: sendBody(bob.id, MessageType.TEXT, 'muted') }),
    );
    expect(got).toEqual([]);
    await client.ok('friendDnd', { token: tok(bob), body: { friendId: alice.id, isDnd: false } });
  });

  it('a group message: group name as title, the sender named; nothing for a muted group', async () => {
    const send = (content: string) =>
      client.ok('groupSend', { token: tok(alice), body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content } });
    const got = await pushedTo('/push/bob', () => send('hi team'));
    expect(got).toHaveLength(1);
    expect(decryptPayload(got[0]!.body, bobKeys)).toMatchObject({
      kind: PushKind.MESSAGE,
      chatType: ChatType.GROUP,
      chatId: groupId,
      title: 'Team',
      from: 'Alice',
      body: 'hi team',
      url: `/#/pages/chat/chat-box?type=GROUP&targetId=${groupId}`,
    });
    await client.ok('groupDnd', { token: tok(bob), body: { groupId, isDnd: true } });
    expect(await pushedTo('/push/bob', () => send('quiet'))).toEqual([]);
    await client.ok('groupDnd', { token: tok(bob), body: { groupId, isDnd: false } });
  });

  it('a new group announcement notifies the members with its text (the card, not the tip)', async () => {
    const change = () =>
      client.ok('groupModify', { token: tok(alice), body: { id: groupId, notice: 'Lunch at\nnoon' } });
    const got = await pushedTo('/push/bob', change);
    expect(got).toHaveLength(1);
    expect(decryptPayload(got[0]!.body, bobKeys)).toMatchObject({
      kind: PushKind.MESSAGE,
      chatType: ChatType.GROUP,
      chatId: groupId,
      type: MessageType.GROUP_ANNOUNCEMENT,
      title: 'Team',
      from: 'Alice',
      body: 'Lunch at noon',
    });
  });

  it('a group edit notifies only whom it newly mentions, like a new mention', async () => {
    let id = 0;
    const sent = await pushedTo('/push/bob', async () => {
      const body = { tmpId: tmpId(), groupId, type: MessageType.TEXT, content: 'see you' };
      id = (await client.ok('groupSend', { token: tok(alice), body })).id;
    });
    expect(sent).toHaveLength(1);
    const edit = (content: string, atUserIds: number[]) =>
      client.ok('groupEdit', { token: tok(alice), params: { id }, body: { content, atUserIds } });
    expect(await pushedTo('/push/bob', () => edit('see you soon', []))).toEqual([]);
    const got = await pushedTo('/push/bob', () => edit('see you soon @Bob', [bob.id]));
    expect(got).toHaveLength(1);
    expect(decryptPayload(got[0]!.body, bobKeys)).toMatchObject({
      kind: PushKind.MESSAGE,
      chatType: ChatType.GROUP,
      chatId: groupId,
      title: 'Team',
      from: 'Alice',
      body: 'see you soon @Bob',
    });
    // Still mentioned, not newly: nothing more.
    expect(await pushedTo('/push/bob', () => edit('see you at 5 @Bob', [bob.id]))).toEqual([]);
  });

  it('a reaction to my message notifies me, once per notice; my own reaction and a removal do not', async () => {
    const body = sendBody(alice.id, MessageType.TEXT, 'lunch?');
    const { id } = await client.ok('privateSend', { token: tok(bob), body });
    const react = (u: TestUser, emoji: string | null) =>
      client.ok('privateReact', { token: tok(u), params: { id }, body: { emoji } });
    const got = await pushedTo('/push/bob', () => react(alice, '👍'));
    expect(got).toHaveLength(1);
    expect(decryptPayload(got[0]!.body, bobKeys)).toMatchObject({
      kind: PushKind.MESSAGE,
      chatType: ChatType.PRIVATE,
      chatId: alice.id,
      type: MessageType.REACTION,
      body: '👍',
    });
    expect(await pushedTo('/push/bob', () => react(bob, '❤️'))).toEqual([]);
    expect(await pushedTo('/push/bob', () => react(alice, null))).toEqual([]);
  });

  it('a group member’s reaction to my message notifies me once its window closes, with the member’s name', async () => {
    const body = { tmpId: tmpId(), groupId, type: MessageType.TEXT, content: 'pizza?' };
    const { id } = await client.ok('groupSend', { token: tok(bob), body });
    const got = await pushedTo('/push/bob', async () => {
      const from = service.requests.length;
      await client.ok('groupReact', { token: tok(alice), params: { id }, body: { emoji: '🍕' } });
      // The notice is stored when the coalescing window ends and published after its commit: wait for
      // the pending mark to go, then (up to 5 s) for the push it leads to, so none arrives after this test.
      const db = ts.server.db.kysely;
      while ((await db.selectFrom('reaction_pending').select('message_id').execute()).length > 0) {
        await new Promise((r) => setTimeout(r, 20));
      }
      for (let i = 0; i < 250 && !service.requests.slice(from).some((r) => r.path === '/push/bob'); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    expect(got).toHaveLength(1);
    expect(decryptPayload(got[0]!.body, bobKeys)).toMatchObject({
      kind: PushKind.MESSAGE,
      chatType: ChatType.GROUP,
      chatId: groupId,
      title: 'Team',
      from: 'Alice',
      type: MessageType.REACTION,
      body: '🍕',
    });
  });

  it('a system notification', async () => {
    const got = await pushedTo('/push/bob', () =>
      sendSystem(ts, { userIds: [bob.id] }, { title: 'Maintenance', coverUrl: '', intro: 'Tonight', content: 'x' }),
    );
    expect(got).toHaveLength(1);
    expect(decryptPayload(got[0]!.body, bobKeys)).toMatchObject({
      kind: PushKind.SYSTEM,
      chatType: ChatType.SYSTEM,
      title: 'Maintenance',
      body: 'Tonight',
      url: '/#/pages/chat/chat-system',
    });
  });

  it('a call to an offline user rings by push; the cancel pushes the missed call (calls-push.test.ts)', async () => {
    const caller = await TestSocket.login(ts.wsUrl, tok(alice));
    const ring = await pushedTo('/push/bob', async () => {
      await client.ok('privateCallSetup', { token: tok(alice), query: { uid: bob.id, mode: 'voice' } });
    });
    const missed = await pushedTo('/push/bob', async () => {
      await client.ok('privateCallCancel', { token: tok(alice), query: { uid: bob.id } });
    });
    caller.close();
    for (const [got, kind] of [
      [ring, PushKind.CALL],
      [missed, PushKind.MISSED_CALL],
    ] as const) {
      expect(got).toHaveLength(1);
      expect(decryptPayload(got[0]!.body, bobKeys)).toMatchObject({
        kind,
        chatType: ChatType.PRIVATE,
        chatId: alice.id,
        type: MessageType.ACT_RT_VOICE,
      });
    }
    await offline(alice, caller);
  });
});

describe('the registration', () => {
  it('a subscription the push service calls gone (410) is removed', async () => {
    const carol = await registerUser(client, { nickName: 'Carol' });
    await befriend(client, alice, carol);
    await subscribe(carol, `/gone/${carol.id}`, browserKeys());
    const got = await pushedTo(`/gone/${carol.id}`, () =>
      client.ok('privateSend', { token: tok(alice), body: sendBody(carol.id, MessageType.TEXT, 'hi') }),
    );
    expect(got).toHaveLength(1);
    expect(await rowsOf(carol.id)).toEqual([]);
  });

  it('a failing push service never fails the send', async () => {
    const dave = await registerUser(client, { nickName: 'Dave' });
    await befriend(client, alice, dave);
    await subscribe(dave, `/broken/${dave.id}`, browserKeys());
    const res = await client.call('privateSend', { token: tok(alice), body: sendBody(dave.id, MessageType.TEXT, 'x') });
    expect(res.status).toBe(200);
    await settled();
    expect(await rowsOf(dave.id)).toHaveLength(1);
  });

  it('reporting again replaces the session’s subscription; an endpoint moves to the session that reports it', async () => {
    const erin = await registerUser(client);
    await subscribe(erin, '/push/erin-1', browserKeys());
    await subscribe(erin, '/push/erin-2', browserKeys());
    expect((await rowsOf(erin.id)).map((r) => r.endpoint)).toEqual([service.url('/push/erin-2')]);
    const frank = await registerUser(client);
    await subscribe(frank, '/push/erin-2', browserKeys());
    expect(await rowsOf(erin.id)).toEqual([]);
    expect(await rowsOf(frank.id)).toHaveLength(1);
  });

  it('an endpoint that is no push service is refused', async () => {
    const res = await client.call('userReportCid', {
      token: tok(bob),
      query: { cid: 'x' },
      body: subscriptionOf('https://internal.example.com/hook', browserKeys()),
    });
    expect([res.status, res.body.key, res.body.params?.field]).toEqual([400, 'invalidParam', 'endpoint']);
  });

  it('removeCid and logout end the registration', async () => {
    const gina = await registerUser(client);
    await subscribe(gina, '/push/gina', browserKeys());
    await client.ok('userRemoveCid', { token: tok(gina) });
    expect(await rowsOf(gina.id)).toEqual([]);
    await subscribe(gina, '/push/gina', browserKeys());
    await client.ok('logout', { token: tok(gina) });
    expect(await rowsOf(gina.id)).toEqual([]);
  });

  it('the VAPID key is generated once and kept under DATA_DIR', async () => {
    const { publicKey } = await client.ok('userPushKey', { token: tok(bob) });
    const { loadVapidKeys } = await import('../src/services/push-notify/vapid.js');
    expect(loadVapidKeys(ts.dataDir).publicKey).toBe(publicKey);
  });
});
