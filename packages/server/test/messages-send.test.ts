/** POST /message/private/send over HTTP + WebSocket: every type, every refusal, idempotent tmpId, quotes, forwards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageStatus, MessageType, type PrivateMessage } from '@parley/protocol';
import { ApiClient } from './support/api.js';
import { messageData, pairMessages } from './support/contacts.js';
import {
  allQuiet,
  chatFrame,
  closeAll,
  expectRefused,
  friendPair,
  maxRowId,
  messageFrame,
  rowCount,
  sendBody,
  sockets,
  twoTerminalUser,
  type TwoTerminalUser,
} from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let a: TwoTerminalUser;
let b: TwoTerminalUser;
const users: TwoTerminalUser[] = [];

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  [a, b] = await friendPair(ts, client);
  users.push(a, b);
});
afterAll(async () => {
  closeAll(...users);
  await ts?.close();
});

const image = {
  originUrl: '/uploads/2025/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
  thumbUrl: '/uploads/2025/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_thumb.png',
  width: 800,
  height: 400,
};
const file = {
  name: 'report.pdf',
  size: 12345,
  url: '/uploads/files/2025/01/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/report.pdf',
};
const audio = { duration: 7, url: '/uploads/files/2025/01/cccccccccccccccccccccccccccccccc/14.mp3' };
const video = {
  videoUrl: '/uploads/videos/2025/01/dddddddddddddddddddddddddddddddd.mp4',
  coverUrl: '/uploads/2025/01/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg',
  width: 1280,
  height: 720,
  duration: 12.5,
};
const card = {
  cover: '/uploads/2025/01/ffffffffffffffffffffffffffffffff.png',
  title: 'Parley',
  description: 'Open IM',
  link: 'https://example.com',
};

/** Refusal: exact key, no row stored, no frame on any socket. */
async function refusedSend(body: Record<string, unknown>, key: string, from = a) {
  const before = await rowCount(ts);
  const lastId = await maxRowId(ts);
  await expectRefused(client.call('privateSend', { token: from.web, body }), key);
  expect(await rowCount(ts)).toBe(before);
  await allQuiet(sockets(...users), lastId, 60);
}

describe('send: every type', () => {
  const cases: [string, number, string][] = [
    ['TEXT with emoji tokens', MessageType.TEXT, 'hello #smile; and #joy;!'],
    ['IMAGE', MessageType.IMAGE, JSON.stringify(image)],
    ['FILE', MessageType.FILE, JSON.stringify(file)],
    ['AUDIO', MessageType.AUDIO, JSON.stringify(audio)],
    ['VIDEO', MessageType.VIDEO, JSON.stringify(video)],
    ['VIDEO without a cover', MessageType.VIDEO, JSON.stringify({ ...video, coverUrl: '' })],
    ['CARD', MessageType.CARD, JSON.stringify(card)],
  ];
  it.each(cases)(
    '%s: stored, replied, pushed to both receiver terminals and the sender APP, not the sending WEB',
    async (_name, type, content) => {
      const body = sendBody(b.id, type, content);
      const msg = await client.ok('privateSend', { token: a.web, body });
      expect(msg).toEqual({
        id: expect.any(Number),
        tmpId: body.tmpId,
        sendId: a.id,
        recvId: b.id,
        type,
        content,
        status: MessageStatus.SENDED,
        sendTime: expect.any(Number),
      });
      for (const s of [b.webSocket, b.appSocket, a.appSocket]) {
        expect(messageData(await s.next(messageFrame(msg.id)))).toEqual(msg);
      }
      expect(await a.webSocket.quiet(100, chatFrame)).toBe(true);
      const rows = await pairMessages(ts, a.id, b.id);
      expect(rows.at(-1)).toMatchObject({ id: msg.id, tmp_id: body.tmpId, content, status: MessageStatus.SENDED });
    },
  );

  it('JSON content is normalised: stray fields dropped, card defaults filled', async () => {
    const body = sendBody(b.id, MessageType.CARD, JSON.stringify({ cover: card.cover, title: 'T', extra: 1 }));
    const msg = await client.ok('privateSend', { token: a.app, body });
    expect(JSON.parse(msg.content)).toEqual({ cover: card.cover, title: 'T', description: '', link: '' });
    // Sent from APP: the WEB terminal is the "other" one now.
    await a.webSocket.next(messageFrame(msg.id));
    expect(await a.appSocket.quiet(100, chatFrame)).toBe(true);
    for (const s of [b.webSocket, b.appSocket]) await s.next(messageFrame(msg.id));
  });

  it('the receiver can answer; exactly 1024 characters is allowed', async () => {
    const msg = await client.ok('privateSend', {
      token: b.web,
      body: sendBody(a.id, MessageType.TEXT, 'x'.repeat(1024)),
    });
    expect(msg).toMatchObject({ sendId: b.id, recvId: a.id, content: 'x'.repeat(1024) });
    for (const s of [a.webSocket, a.appSocket, b.appSocket]) await s.next(messageFrame(msg.id));
  });
});

describe('send: refusals (exact key, nothing stored, nothing pushed)', () => {
  it('blank, whitespace-only and too long text', async () => {
    await refusedSend(sendBody(b.id, MessageType.TEXT, ''), 'messageBlank');
    await refusedSend(sendBody(b.id, MessageType.TEXT, ' \n\t '), 'messageBlank');
    await refusedSend(sendBody(b.id, MessageType.TEXT, 'y'.repeat(1025)), 'messageTooLong');
  });

  it('content of the wrong shape for each JSON type', async () => {
    const bad: [number, unknown][] = [
      [MessageType.IMAGE, { ...image, width: undefined }],
      [MessageType.IMAGE, { ...image, originUrl: 'javascript:alert(1)' }],
      [MessageType.FILE, { ...file, size: -1 }],
      [MessageType.FILE, { ...file, name: '' }],
      [MessageType.AUDIO, { duration: 'long', url: audio.url }],
      [MessageType.AUDIO, { duration: 3 }],
      [MessageType.VIDEO, { ...video, videoUrl: '' }],
      [MessageType.VIDEO, { ...video, duration: -2 }],
      [MessageType.CARD, { ...card, title: '' }],
      [MessageType.CARD, { ...card, link: 'ftp://x' }],
    ];
    for (const [type, content] of bad)
      await refusedSend(sendBody(b.id, type, JSON.stringify(content)), 'invalidContent');
    await refusedSend(sendBody(b.id, MessageType.IMAGE, 'not json'), 'invalidContent');
    await refusedSend(sendBody(b.id, MessageType.FILE, '[1,2]'), 'invalidContent');
    await refusedSend(sendBody(b.id, MessageType.IMAGE, '  '), 'messageBlank');
  });

  it('card without a cover', async () => {
    const { cover: _cover, ...noCover } = card;
    await refusedSend(sendBody(b.id, MessageType.CARD, JSON.stringify(noCover)), 'coverRequired');
    await refusedSend(sendBody(b.id, MessageType.CARD, JSON.stringify({ ...card, cover: '' })), 'coverRequired');
  });

  it('types that cannot be sent: unknown 7, RECALL, READED, TIP_TEXT', async () => {
    for (const type of [7, MessageType.RECALL, MessageType.READED, MessageType.TIP_TEXT]) {
      await refusedSend(sendBody(b.id, type, 'x'), 'invalidMessageType');
    }
  });

  it('to a non-friend, to a missing user, to oneself', async () => {
    const stranger = await twoTerminalUser(ts, client, 'Stranger');
    users.push(stranger);
    await refusedSend(sendBody(stranger.id, MessageType.TEXT, 'hi'), 'notFriendCannotSend');
    await refusedSend(sendBody(999_999, MessageType.TEXT, 'hi'), 'notFriendCannotSend');
    await refusedSend(sendBody(a.id, MessageType.TEXT, 'hi'), 'notFriendCannotSend');
  });

  it('after the friend deleted me', async () => {
    const [c, d] = await friendPair(ts, client);
    users.push(c, d);
    await client.ok('friendDelete', { token: d.web, params: { friendId: c.id } });
    await refusedSend(sendBody(d.id, MessageType.TEXT, 'still there?'), 'notFriendCannotSend', c);
  });

  it('blocked by the receiver, or blocking the receiver; unblocked works again', async () => {
    const [c, d] = await friendPair(ts, client);
    users.push(c, d);
    await client.ok('blacklistAdd', { token: d.web, query: { userId: c.id } });
    await refusedSend(sendBody(d.id, MessageType.TEXT, 'hello?'), 'blockedCannotSend', c);
    await refusedSend(sendBody(c.id, MessageType.TEXT, 'hello?'), 'alreadyBlocked', d);
    await client.ok('blacklistRemove', { token: d.web, query: { userId: c.id } });
    const msg = await client.ok('privateSend', { token: c.web, body: sendBody(d.id, MessageType.TEXT, 'back') });
    await d.webSocket.next(messageFrame(msg.id));
  });

  it('invalid request fields: missing tmpId, bad recvId, content not a string', async () => {
    await refusedSend({ recvId: b.id, type: 0, content: 'x' }, 'invalidParam');
    await refusedSend({ tmpId: 't', recvId: 0, type: 0, content: 'x' }, 'invalidParam');
    // A number is not blank text: it is the wrong type, named as such.
    await refusedSend({ tmpId: 't', recvId: b.id, type: 0, content: 5 }, 'invalidParam');
    await refusedSend({ tmpId: 't', recvId: b.id, type: 0 }, 'messageBlank');
    await refusedSend({ tmpId: 'x'.repeat(65), recvId: b.id, type: 0, content: 'x' }, 'invalidParam');
  });
});

describe('send: idempotent tmpId', () => {
  it('the same (sender, tmpId) stores one row, returns the same message and pushes once', async () => {
    const body = sendBody(b.id, MessageType.TEXT, 'once');
    const before = await rowCount(ts);
    const first = await client.ok('privateSend', { token: a.web, body });
    const again = await client.ok('privateSend', { token: a.web, body });
    // A retry from the sender's other terminal is the same send too.
    const fromApp = await client.ok('privateSend', { token: a.app, body });
    expect(again).toEqual(first);
    expect(fromApp).toEqual(first);
    expect(await rowCount(ts)).toBe(before + 1);
    await b.webSocket.next(messageFrame(first.id));
    expect(await b.webSocket.quiet(150, messageFrame(first.id))).toBe(true);
    await b.appSocket.next(messageFrame(first.id));
    expect(await b.appSocket.quiet(0, messageFrame(first.id))).toBe(true);
  });

  it('concurrent retries of one tmpId still store one row', async () => {
    const body = sendBody(b.id, MessageType.TEXT, 'racing');
    const before = await rowCount(ts);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => client.ok('privateSend', { token: a.web, body })),
    );
    expect(new Set(replies.map((m) => m.id)).size).toBe(1);
    expect(await rowCount(ts)).toBe(before + 1);
    await b.webSocket.next(messageFrame(replies[0]!.id));
    expect(await b.webSocket.quiet(150, messageFrame(replies[0]!.id))).toBe(true);
  });

  it('another sender may use the same tmpId', async () => {
    const body = sendBody(b.id, MessageType.TEXT, 'from a');
    const fromA = await client.ok('privateSend', { token: a.web, body });
    const fromB = await client.ok('privateSend', { token: b.web, body: { ...body, recvId: a.id, content: 'from b' } });
    expect(fromB.id).not.toBe(fromA.id);
    expect(fromB.content).toBe('from b');
  });
});

describe('send: quote and forward', () => {
  it('a quote of a message of the pair travels as {id, sendId, type, content, status}', async () => {
    const original = await client.ok('privateSend', {
      token: b.web,
      body: sendBody(a.id, MessageType.TEXT, 'quote me'),
    });
    const reply = await client.ok('privateSend', {
      token: a.web,
      body: sendBody(b.id, MessageType.TEXT, 'quoting', { quoteMessageId: original.id }),
    });
    const quoteMessage = { id: original.id, sendId: b.id, type: MessageType.TEXT, content: 'quote me', status: 1 };
    expect(reply.quoteMessage).toEqual(quoteMessage);
    expect(messageData(await b.appSocket.next(messageFrame(reply.id))).quoteMessage).toEqual(quoteMessage);
    const rows = await pairMessages(ts, a.id, b.id);
    expect(rows.find((r) => r.id === reply.id)?.quote_message_id).toBe(original.id);
  });

  it("a quote of another pair's message, or of a missing one, is messageNotExist", async () => {
    const [c, d] = await friendPair(ts, client);
    users.push(c, d);
    const theirs = await client.ok('privateSend', { token: c.web, body: sendBody(d.id, MessageType.TEXT, 'private') });
    await refusedSend(sendBody(b.id, MessageType.TEXT, 'peek', { quoteMessageId: theirs.id }), 'messageNotExist');
    await refusedSend(sendBody(b.id, MessageType.TEXT, 'peek', { quoteMessageId: 9_999_999 }), 'messageNotExist');
  });

  it('a forward is a copy per target with its own tmpId, reusing the uploaded URL', async () => {
    const [, c] = await friendPair(ts, client);
    await client.ok('friendAdd', { token: a.web, query: { friendId: c.id } });
    users.push(c);
    const content = JSON.stringify(file);
    const toB = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.FILE, content) });
    const toC = await client.ok('privateSend', { token: a.web, body: sendBody(c.id, MessageType.FILE, toB.content) });
    expect(toC.id).not.toBe(toB.id);
    expect(JSON.parse(toC.content)).toEqual(file);
    expect(messageData(await c.webSocket.next(messageFrame(toC.id))).content).toBe(content);
  });
});

describe('send: every message a user gets has a larger id than the last', () => {
  it('ids ascend per receiver across senders', async () => {
    const got: PrivateMessage[] = [];
    for (let i = 0; i < 5; i++) {
      const from = i % 2 ? a : b;
      const to = i % 2 ? b : a;
      got.push(await client.ok('privateSend', { token: from.web, body: sendBody(to.id, MessageType.TEXT, `n${i}`) }));
    }
    const ids = got.map((m) => m.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect((await pairMessages(ts, a.id, b.id)).every((r) => r.status !== MessageStatus.UNSEND)).toBe(true);
  });
});
