/**
 * Editing private messages (issue 21 point 1): the stored edit, the EDIT (13) message
 * live on all four terminals and once in the offline pull, quotes, search, favourites,
 * the refusals, and concurrent edits (the last by server order wins). Controlled clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatType,
  MessageStatus,
  MessageType,
  Timing,
  parseEditNotice,
  type PrivateMessage,
  type SearchReply,
} from '@parley/protocol';
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
const text = (from: TwoTerminalUser, to: TwoTerminalUser, content: string, extra = {}) =>
  client.ok('privateSend', { token: from.web, body: sendBody(to.id, MessageType.TEXT, content, extra) });
const edit = (by: TwoTerminalUser, id: number, content: string) =>
  client.ok('privateEdit', { token: by.web, params: { id }, body: { content } });
const editCall = (by: TwoTerminalUser, id: number, content: string) =>
  client.call('privateEdit', { token: by.web, params: { id }, body: { content } });
const card = {
  cover: '/uploads/2025/01/ffffffffffffffffffffffffffffffff.png',
  title: 'Parley',
  description: 'Open IM',
  link: 'https://example.com',
};

describe('edit', () => {
  it('replaces the content in place with an edit time and pushes one EDIT message to all four terminals', async () => {
    const [a, b] = await pair();
    const original = await text(a, b, 'helo');
    const after = await text(b, a, 'what?');
    for (const s of [a.webSocket, a.appSocket, b.appSocket]) await s.next(messageFrame(after.id));

    now += 60_000;
    const notice = await edit(a, original.id, 'hello');
    expect(notice).toEqual({
      id: expect.any(Number),
      sendId: a.id,
      recvId: b.id,
      type: MessageType.EDIT,
      content: JSON.stringify({ id: original.id, content: 'hello', editTime: now }),
      status: MessageStatus.SENDED,
      sendTime: now,
    });
    expect(parseEditNotice(notice.content)).toEqual({ id: original.id, content: 'hello', editTime: now });
    for (const s of sockets(a, b)) expect(messageData(await s.next(messageFrame(notice.id)))).toEqual(notice);

    // Same id, same place (before the later message), new text and its edit time.
    const history = await client.ok('privateHistory', { token: b.web, query: { friendId: a.id, size: 3 } });
    expect(history).toEqual([notice, after, { ...original, content: 'hello', editTime: now }]);
    await allQuiet(sockets(a, b), notice.id);
  });

  it('an offline terminal pulls the edited message and the EDIT message once, in id order', async () => {
    const [a, b] = await pair();
    const original = await text(a, b, 'first');
    for (const s of [b.webSocket, b.appSocket, a.appSocket]) await s.next(messageFrame(original.id));
    const e1 = await edit(a, original.id, 'second');
    const e2 = await edit(a, original.id, 'third');
    for (const s of sockets(a, b)) await s.next(messageFrame(e2.id));
    b.appSocket.frames.length = 0;

    await client.ok('privatePullOffline', { token: b.app, query: { minId: original.id - 1 } });
    await b.appSocket.next((f) => typeFrame(MessageType.LOADING)(f) && (f.data as PrivateMessage).content === 'false');
    const pulled = b.appSocket.frames
      .filter((f) => chatFrame(f) && !typeFrame(MessageType.LOADING)(f))
      .map((f) => messageData(f));
    expect(pulled.map((m) => m.id)).toEqual([original.id, e1.id, e2.id]);
    expect(pulled[0]).toMatchObject({ content: 'third', editTime: parseEditNotice(e2.content)!.editTime });
    expect(pulled.slice(1)).toEqual([e1, e2]);
  });

  it('quotes show the new text; search finds the new text only; a favourite keeps what was saved', async () => {
    const [a, b] = await pair();
    const original = await text(a, b, 'meet at the zebrafountain');
    const quoting = await text(b, a, 'ok', { quoteMessageId: original.id });
    await client.ok('favouriteAdd', { token: b.web, body: { chatType: ChatType.PRIVATE, messageId: original.id } });
    const search = async (keyword: string) =>
      ((await client.ok('messageSearch', { token: b.web, query: { keyword } })) as SearchReply).hits.map((h) => h.id);
    // Indexed before the edit (a search indexes everything stored first, on SQLite).
    expect(await search('zebrafountain')).toEqual([original.id]);
    await edit(a, original.id, 'meet at the kiwiplaza');

    const history = await client.ok('privateHistory', { token: b.web, query: { friendId: a.id } });
    expect(history.find((m) => m.id === quoting.id)?.quoteMessage).toEqual({
      id: original.id,
      sendId: a.id,
      type: MessageType.TEXT,
      content: 'meet at the kiwiplaza',
      status: MessageStatus.SENDED,
    });
    expect(await search('zebrafountain')).toEqual([]);
    expect(await search('kiwiplaza')).toEqual([original.id]);
    // Edited at once, maybe before the batch indexer reached it: still found once, by its new text only.
    const quick = await text(a, b, 'the lemonbridge');
    await edit(a, quick.id, 'the melonbridge');
    expect(await search('lemonbridge')).toEqual([]);
    expect(await search('melonbridge')).toEqual([quick.id]);
    const favourites = await client.ok('favouriteList', { token: b.web, query: {} });
    expect(favourites.map((f) => f.content)).toContain('meet at the zebrafountain');
  });

  it('a card edits its title and description; its cover and link stay', async () => {
    const [a, b] = await pair();
    const sent = await client.ok('privateSend', {
      token: a.web,
      body: sendBody(b.id, MessageType.CARD, JSON.stringify(card)),
    });
    const edited = { ...card, title: 'Parley 2', description: 'Now with edits' };
    const notice = await edit(a, sent.id, JSON.stringify(edited));
    expect(JSON.parse(parseEditNotice(notice.content)!.content)).toEqual(edited);
    for (const changed of [
      { ...edited, link: 'https://other.example' },
      { ...edited, cover: '' },
    ]) {
      const res = await editCall(a, sent.id, JSON.stringify(changed));
      expect(res.status).toBe(400);
      expect(['invalidContent', 'coverRequired']).toContain(res.body.key);
    }
  });

  it('refusals: not mine, missing, wrong kind, recalled, too old, unchanged, blank, too long, no longer friends', async () => {
    const [a, b] = await pair();
    const [c] = await pair();
    const mine = await text(a, b, 'keep');
    const forwarded = await text(a, b, 'passed on', { forwarded: true });
    const recalled = await text(a, b, 'gone');
    await client.ok('privateRecall', { token: a.web, params: { id: recalled.id } });
    const tip = (await pairMessages(ts, a.id, b.id)).find((r) => r.type === MessageType.TIP_TEXT)!;
    const lastId = await maxRowId(ts);
    const count = await rowCount(ts);

    await expectRefused(editCall(b, mine.id, 'x'), 'editNotOwn');
    await expectRefused(editCall(c, mine.id, 'x'), 'messageNotExist');
    await expectRefused(editCall(a, 9_999_999, 'x'), 'messageNotExist');
    await expectRefused(editCall(a, forwarded.id, 'x'), 'editNotEditable');
    if (tip.send_id === a.id) await expectRefused(editCall(a, tip.id, 'x'), 'editNotEditable');
    else await expectRefused(editCall(a, tip.id, 'x'), 'editNotOwn');
    await expectRefused(editCall(a, recalled.id, 'x'), 'editRecalled');
    await expectRefused(editCall(a, mine.id, 'keep'), 'editUnchanged');
    await expectRefused(editCall(a, mine.id, '   '), 'messageBlank');
    await expectRefused(editCall(a, mine.id, 'x'.repeat(1025)), 'messageTooLong');

    now += Timing.EDIT_WINDOW_MS + 1;
    const late = await editCall(a, mine.id, 'late');
    expect([late.status, late.body.key, late.body.params]).toEqual([400, 'editTimeout', { hours: 48 }]);
    now -= Timing.EDIT_WINDOW_MS + 1;

    expect(await rowCount(ts)).toBe(count);
    expect((await pairMessages(ts, a.id, b.id)).find((r) => r.id === mine.id)).toMatchObject({
      content: 'keep',
      edited_time: null,
    });
    await allQuiet(sockets(a, b), lastId);

    await client.ok('friendDelete', { token: b.web, params: { friendId: a.id } });
    await expectRefused(editCall(a, mine.id, 'after'), 'notFriendCannotSend');
  });

  it('at the edge of the window an edit is still allowed', async () => {
    const [a, b] = await pair();
    const original = await text(a, b, 'edge');
    now += Timing.EDIT_WINDOW_MS;
    await edit(a, original.id, 'edge ok');
  });

  it('concurrent edits from both terminals: each applied once, the last by server order wins everywhere', async () => {
    const [a, b] = await pair();
    const original = await text(a, b, 'v0');
    for (const s of [b.webSocket, b.appSocket, a.appSocket]) await s.next(messageFrame(original.id));
    const contents = Array.from({ length: 8 }, (_, i) => `v${i + 1}`);
    const notices = await Promise.all(
      contents.map((content, i) =>
        client.ok('privateEdit', { token: i % 2 ? a.app : a.web, params: { id: original.id }, body: { content } }),
      ),
    );
    const byId = [...notices].sort((x, y) => x.id - y.id);
    const times = byId.map((n) => parseEditNotice(n.content)!.editTime);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(new Set(times).size).toBe(times.length);
    const last = parseEditNotice(byId.at(-1)!.content)!;
    const row = (await pairMessages(ts, a.id, b.id)).find((r) => r.id === original.id)!;
    expect([row.content, row.edited_time]).toEqual([last.content, last.editTime]);
    // Every terminal got every EDIT exactly once, in id order.
    for (const s of sockets(a, b)) {
      const seen: number[] = [];
      for (let i = 0; i < byId.length; i++) seen.push(messageData(await s.next(typeFrame(MessageType.EDIT))).id);
      expect(seen).toEqual(byId.map((n) => n.id));
    }
    await allQuiet(sockets(a, b), byId.at(-1)!.id);
  });
});
