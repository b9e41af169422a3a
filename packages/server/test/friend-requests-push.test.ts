/**
 * Web push of friend requests (issue 22 point 1): the receiver with no connected terminal
 * is told when a request to them is filed or asked again ("<nickname> wants to add you as
 * a friend", the greeting as body, a tap opens New friends); never the sender, never a
 * connected receiver, never for answers or withdrawals. The choice is noticeOf's (pure).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatType,
  Cmd,
  FriendRequestStatus,
  MessageType,
  PushKind,
  friendRequestPushUrl,
  type FriendRequest,
  type ServerFrame,
} from '@parley/protocol';
import { noticeOf } from '../src/services/push-notify/notice.js';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { browserKeys, decryptPayload, startPushService, subscriptionOf, type PushServiceStub } from './support/push.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

const party = (id: number, nickName: string) => ({ id, nickName, headImage: '', headImageThumb: '', signature: '' });
const frameOf = (status: FriendRequestStatus, content?: string): ServerFrame => {
  const request: FriendRequest = {
    id: 5,
    from: party(1, 'Alice'),
    to: party(2, 'Bob'),
    greeting: "  I'm Alice\nfrom climbing ",
    status,
    createTime: 1,
    updateTime: 2,
  };
  return {
    cmd: Cmd.PRIVATE_MESSAGE,
    data: {
      type: MessageType.FRIEND_REQUEST,
      sendId: 1,
      recvId: 2,
      content: content ?? JSON.stringify(request),
      sendTime: 2,
    },
  };
};

describe('which friend request frames notify (noticeOf)', () => {
  it('a pending request notifies its receiver only, with the nickname and the greeting', () => {
    expect(noticeOf(frameOf(FriendRequestStatus.PENDING), { userIds: [1, 2] })).toEqual({
      kind: PushKind.FRIEND_REQUEST,
      chatType: ChatType.PRIVATE,
      chatId: 1,
      senderId: 1,
      recipients: [2],
      type: MessageType.FRIEND_REQUEST,
      body: "I'm Alice from climbing",
      from: 'Alice',
      ttl: 86_400,
      url: friendRequestPushUrl(),
    });
  });

  it('answers, withdrawals and unreadable frames notify nobody', () => {
    for (const status of [FriendRequestStatus.ACCEPTED, FriendRequestStatus.DECLINED, FriendRequestStatus.CANCELLED]) {
      expect(noticeOf(frameOf(status), { userIds: [1, 2] })).toBeNull();
    }
    expect(noticeOf(frameOf(FriendRequestStatus.PENDING, '{not json'), { userIds: [1, 2] })).toBeNull();
    expect(noticeOf(frameOf(FriendRequestStatus.PENDING, '{"id":5}'), { userIds: [1, 2] })).toBeNull();
  });
});

describe('friend request pushes', () => {
  let ts: TestServer;
  let client: ApiClient;
  let service: PushServiceStub;
  const tok = (u: TestUser) => u.tokens.accessToken;
  const keys = { alice: browserKeys(), bob: browserKeys() };
  let alice: TestUser;
  let bob: TestUser;

  /** The pushes that reached `path` while `action` ran. */
  async function pushedTo(path: string, action: () => Promise<unknown>) {
    const from = service.requests.length;
    await action();
    await ts.server.services.pushNotify.notifier.settled();
    return service.requests.slice(from).filter((r) => r.path === path);
  }
  const ask = (greeting: string) =>
    client.ok('friendRequest', { token: tok(alice), body: { friendId: bob.id, greeting } });

  beforeAll(async () => {
    service = await startPushService();
    ts = await startServer({ pushEndpointHosts: [service.host], friendRequests: true });
    client = new ApiClient(ts.url);
    alice = await registerUser(client, { nickName: 'Alice' });
    bob = await registerUser(client, { nickName: 'Bob' });
    for (const [u, k, path] of [
      [alice, keys.alice, '/push/alice'],
      [bob, keys.bob, '/push/bob'],
    ] as const) {
      await client.ok('userReportCid', {
        token: tok(u),
        query: { cid: `c${u.id}` },
        body: subscriptionOf(service.url(path), k),
      });
    }
  });
  afterAll(async () => {
    await ts?.close();
    await service?.close();
  });

  it('filed and asked again: the offline receiver is told each time; the sender never', async () => {
    for (const greeting of ["I'm Alice", 'Alice again']) {
      const all = service.requests.length;
      const got = await pushedTo('/push/bob', () => ask(greeting));
      expect(got).toHaveLength(1);
      expect(got[0]!.headers.topic).toBe(`R${alice.id}`);
      expect(decryptPayload(got[0]!.body, keys.bob)).toMatchObject({
        kind: PushKind.FRIEND_REQUEST,
        chatType: ChatType.PRIVATE,
        chatId: alice.id,
        title: 'Alice',
        body: greeting,
        type: MessageType.FRIEND_REQUEST,
        url: friendRequestPushUrl(),
      });
      expect(service.requests.slice(all).map((r) => r.path)).toEqual(['/push/bob']);
    }
  });

  it('nothing while a terminal of the receiver is connected', async () => {
    const socket = await TestSocket.login(ts.wsUrl, tok(bob));
    try {
      expect(await pushedTo('/push/bob', () => ask('are you there?'))).toEqual([]);
    } finally {
      socket.close();
    }
    for (let i = 0; i < 100 && (await ts.server.services.presence.isOnline(bob.id)); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('answers and withdrawals tell nobody; asking after a decline tells the receiver again', async () => {
    const [request] = await client.ok('friendRequests', { token: tok(bob) });
    const id = request!.id;
    expect(
      await pushedTo('/push/alice', () => client.ok('friendRequestDecline', { token: tok(bob), params: { id } })),
    ).toEqual([]);
    expect(await pushedTo('/push/bob', () => ask('one more time'))).toHaveLength(1);
    const quiet = await pushedTo('/push/bob', () =>
      client.ok('friendRequestCancel', { token: tok(alice), params: { id } }),
    );
    expect(quiet).toEqual([]);
    expect(await pushedTo('/push/bob', () => ask('last try'))).toHaveLength(1);
    const answered = service.requests.length;
    await client.ok('friendRequestAccept', { token: tok(bob), params: { id } });
    await ts.server.services.pushNotify.notifier.settled();
    // Friends now: the tip is no message worth a notification and the acceptance is no request.
    expect(service.requests.slice(answered)).toEqual([]);
  });
});
