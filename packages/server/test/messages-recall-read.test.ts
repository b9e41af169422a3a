/** Recall (controlled clock), read marks with READED/RECEIPT frames, maxReadedId, and history pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageStatus, MessageType, Timing, type PrivateMessage, type PrivateReadNotice } from '@parley/protocol';
import { ApiClient } from './support/api.js';
import { messageData, pairMessages } from './support/contacts.js';
import {
  allQuiet,
  closeAll,
  expectRefused,
  friendPair,
  maxRowId,
  messageFrame,
  rowCount,
  sendBody,
  sockets,
  typeFrame,
  type TwoTerminalUser,
} from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let now = Date.UTC(2030, 0, 1, 12, 0, 0);
const users: TwoTerminalUser[] = [];

beforeAll(async () => {
  ts = await startServer({ clock: () => now });
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  closeAll(...users);
  await ts?.close();
});

const pair = async () => {
  const p = await friendPair(ts, client);
  users.push(...p);
  return p;
};
const text = (from: TwoTerminalUser, to: TwoTerminalUser, content: string) =>
  client.ok('privateSend', { token: from.web, body: sendBody(to.id, MessageType.TEXT, content) });

describe('recall', () => {
  it('marks the original RECALL with blank content, stores a RECALL message and pushes it to all four terminals', async () => {
    const [a, b] = await pair();
    const original = await text(a, b, 'oops');
    for (const s of [b.webSocket, b.appSocket, a.appSocket]) await s.next(messageFrame(original.id));

    now += Timing.RECALL_WINDOW_MS; // exactly at the limit: still allowed
    const recall = await client.ok('privateRecall', { token: a.web, params: { id: original.id } });
    expect(recall).toEqual({
      id: expect.any(Number),
      sendId: a.id,
      recvId: b.id,
      type: MessageType.RECALL,
      content: String(original.id),
      status: MessageStatus.SENDED,
      sendTime: now,
    });
    expect(recall.id).toBeGreaterThan(original.id);
    for (const s of sockets(a, b)) expect(messageData(await s.next(messageFrame(recall.id)))).toEqual(recall);

    const rows = await pairMessages(ts, a.id, b.id);
    expect(rows.find((r) => r.id === original.id)).toMatchObject({ status: MessageStatus.RECALL, content: '' });
    const history = await client.ok('privateHistory', { token: b.web, query: { friendId: a.id } });
    expect(history.slice(0, 2)).toEqual([recall, { ...original, status: MessageStatus.RECALL, content: '' }]);
  });

  it('a second recall returns the same RECALL message and stores and pushes nothing', async () => {
    const [a, b] = await pair();
    const original = await text(a, b, 'twice');
    const first = await client.ok('privateRecall', { token: a.web, params: { id: original.id } });
    for (const s of sockets(a, b)) await s.next(messageFrame(first.id));
    const count = await rowCount(ts);
    now += Timing.RECALL_WINDOW_MS * 3; // even after the window
    const second = await client.ok('privateRecall', { token: a.app, params: { id: original.id } });
    expect(second).toEqual(first);
    expect(await rowCount(ts)).toBe(count);
    await allQuiet(sockets(a, b), first.id);
  });

  it('refusals: by the receiver (recallNotOwn), after 5 minutes (recallTimeout), missing or not mine (messageNotExist)', async () => {
    const [a, b] = await pair();
    const [c] = await pair();
    const original = await text(a, b, 'keep');
    const lastId = await maxRowId(ts);
    const count = await rowCount(ts);

    await expectRefused(client.call('privateRecall', { token: b.web, params: { id: original.id } }), 'recallNotOwn');
    await expectRefused(client.call('privateRecall', { token: c.web, params: { id: original.id } }), 'messageNotExist');
    await expectRefused(client.call('privateRecall', { token: a.web, params: { id: 9_999_999 } }), 'messageNotExist');
    // The friendship tip (sent "by" whoever added) is not a normal message.
    const tip = (await pairMessages(ts, a.id, b.id)).find((r) => r.type === MessageType.TIP_TEXT)!;
    await expectRefused(client.call('privateRecall', { token: a.web, params: { id: tip.id } }), 'messageNotExist');

    now += Timing.RECALL_WINDOW_MS + 1;
    await expectRefused(client.call('privateRecall', { token: a.web, params: { id: original.id } }), 'recallTimeout');

    expect(await rowCount(ts)).toBe(count);
    const row = (await pairMessages(ts, a.id, b.id)).find((r) => r.id === original.id);
    expect(row).toMatchObject({ status: MessageStatus.SENDED, content: 'keep' });
    await allQuiet(sockets(a, b), lastId);
  });

  it('a message quoting a recalled one shows the quote as recalled', async () => {
    const [a, b] = await pair();
    const original = await text(a, b, 'quoted');
    const quoting = await client.ok('privateSend', {
      token: b.web,
      body: sendBody(a.id, MessageType.TEXT, 'reply', { quoteMessageId: original.id }),
    });
    await client.ok('privateRecall', { token: a.web, params: { id: original.id } });
    const [latest] = await client.ok('privateHistory', { token: a.web, query: { friendId: b.id, size: 2 } });
    const inHistory = (await client.ok('privateHistory', { token: a.web, query: { friendId: b.id } })).find(
      (m) => m.id === quoting.id,
    );
    expect(latest?.type).toBe(MessageType.RECALL);
    expect(inHistory?.quoteMessage).toEqual({
      id: original.id,
      sendId: a.id,
      type: MessageType.TEXT,
      content: '',
      status: MessageStatus.RECALL,
    });
  });
});

describe('read marks', () => {
  it('READED to my other terminals, RECEIPT to the friend, statuses READED, maxReadedId', async () => {
    const [a, b] = await pair();
    expect(await client.ok('privateMaxReadedId', { token: a.web, query: { friendId: b.id } })).toBe(-1);
    const m1 = await text(a, b, 'one');
    const m2 = await text(a, b, 'two');
    const mine = await text(b, a, 'mine'); // b's own message is not marked by b reading
    const recalled = await text(a, b, 'gone');
    await client.ok('privateRecall', { token: a.web, params: { id: recalled.id } });
    for (const s of sockets(a, b)) s.frames.length = 0;

    const res = await client.call('privateReaded', { token: b.web, query: { friendId: a.id } });
    expect([res.status, res.body.data]).toEqual([200, null]);

    const expected = (type: number): PrivateReadNotice =>
      ({ type, sendId: b.id, recvId: a.id, content: String(m2.id), sendTime: now }) as PrivateReadNotice;
    expect((await b.appSocket.next(typeFrame(MessageType.READED))).data).toEqual(expected(MessageType.READED));
    for (const s of [a.webSocket, a.appSocket]) {
      expect((await s.next(typeFrame(MessageType.RECEIPT))).data).toEqual(expected(MessageType.RECEIPT));
    }
    expect(await b.webSocket.quiet(100, typeFrame(MessageType.READED))).toBe(true);
    expect(b.webSocket.frames.some(typeFrame(MessageType.RECEIPT))).toBe(false);

    const status = new Map((await pairMessages(ts, a.id, b.id)).map((r) => [r.id, r.status]));
    expect([m1.id, m2.id, mine.id, recalled.id].map((id) => status.get(id))).toEqual([
      MessageStatus.READED,
      MessageStatus.READED,
      MessageStatus.SENDED,
      MessageStatus.RECALL,
    ]);
    expect(await client.ok('privateMaxReadedId', { token: a.web, query: { friendId: b.id } })).toBe(m2.id);
    expect(await client.ok('privateMaxReadedId', { token: b.web, query: { friendId: a.id } })).toBe(-1);

    // A later message is unread until the next read.
    const m3 = await text(a, b, 'three');
    expect(await client.ok('privateMaxReadedId', { token: a.web, query: { friendId: b.id } })).toBe(m2.id);
    await client.ok('privateReaded', { token: b.app, query: { friendId: a.id } });
    expect(await client.ok('privateMaxReadedId', { token: a.web, query: { friendId: b.id } })).toBe(m3.id);
    // Read from APP: the WEB terminal is the other one.
    const readed = await b.webSocket.next(typeFrame(MessageType.READED));
    expect((readed.data as PrivateReadNotice).content).toBe(String(m3.id));
  });

  it('reading a chat with nothing in it says -1 and changes nothing', async () => {
    const [a, b] = await pair();
    const tipStatus = (await pairMessages(ts, a.id, b.id)).map((r) => r.status);
    await client.ok('privateReaded', { token: b.web, query: { friendId: a.id } });
    const receipt = await a.webSocket.next(typeFrame(MessageType.RECEIPT));
    // Only the tip is there, and a tip is not a normal message: nothing is marked.
    expect((receipt.data as PrivateReadNotice).content).toBe('-1');
    expect((await pairMessages(ts, a.id, b.id)).map((r) => r.status)).toEqual(tipStatus);
  });

  it('friendId must be a valid id', async () => {
    const [a] = await pair();
    await expectRefused(client.call('privateReaded', { token: a.web, query: { friendId: 'x' } }), 'invalidParam');
    await expectRefused(client.call('privateMaxReadedId', { token: a.web, query: { friendId: 0 } }), 'invalidParam');
  });
});

describe('history', () => {
  it('pages newest first, only the pair, with size and page', async () => {
    const [a, b] = await pair();
    const [c] = await pair();
    await client.ok('friendAdd', { token: a.web, query: { friendId: c.id } });
    const sent: PrivateMessage[] = [];
    for (let i = 0; i < 7; i++) {
      sent.push(await text(i % 2 ? b : a, i % 2 ? a : b, `h${i}`));
      await text(a, c, `other${i}`);
    }
    const newest = [...sent].reverse();
    const page = (n: number, size: number) =>
      client.ok('privateHistory', { token: b.web, query: { friendId: a.id, page: n, size } });
    expect(await page(1, 3)).toEqual(newest.slice(0, 3));
    expect(await page(2, 3)).toEqual(newest.slice(3, 6));
    const last = await page(3, 3);
    expect(last[0]).toEqual(newest[6]);
    expect(last.map((m) => m.type)).toEqual([MessageType.TEXT, MessageType.TIP_TEXT]);
    expect(await page(4, 3)).toEqual([]);
    // Default page 1, size 20; size over the maximum is refused.
    expect(await client.ok('privateHistory', { token: a.web, query: { friendId: b.id } })).toHaveLength(8);
    await expectRefused(
      client.call('privateHistory', { token: a.web, query: { friendId: b.id, size: 101 } }),
      'invalidParam',
    );
  });
});
