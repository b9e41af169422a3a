/**
 * Favourites over HTTP and the socket: who may keep which message (private: sender or
 * receiver; group: a member whose window covers it), recalled and non-message types,
 * duplicates, the FAVOURITES_MAX cap, copies that outlive a recall and the chat,
 * list filters and paging, removal, and the sync frames on the owner's terminals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatType,
  Cmd,
  FAVOURITE_PAGE_SIZE,
  Limits,
  MessageType,
  type Favourite,
  type FavouriteSyncMessage,
  type ServerFrame,
} from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { closeAll, sendBody, tmpId, twoTerminalUser } from './support/messages.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
const tok = (u: TestUser) => u.tokens.accessToken;

const IMAGE = JSON.stringify({
  originUrl: '/uploads/2026/01/0123456789abcdef0123456789abcdef.png',
  thumbUrl: '/uploads/2026/01/0123456789abcdef0123456789abcdef_thumb.png',
  width: 8,
  height: 8,
});
const VOICE = JSON.stringify({ duration: 3, url: '/uploads/files/2026/01/0123456789abcdef0123456789abcdef/v.webm' });

const sendPrivate = async (from: TestUser, to: TestUser, type: number = MessageType.TEXT, content = 'hello') =>
  (await client.ok('privateSend', { token: tok(from), body: sendBody(to.id, type, content) })).id;
const sendGroup = async (from: TestUser, groupId: number, content = 'hi all') =>
  (
    await client.ok('groupSend', {
      token: tok(from),
      body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content },
    })
  ).id;
const add = (u: TestUser, messageId: number, chatType: ChatType = ChatType.PRIVATE) =>
  client.ok('favouriteAdd', { token: tok(u), body: { chatType, messageId } });
const list = (u: TestUser, query: Record<string, number | string> = {}) =>
  client.ok('favouriteList', { token: tok(u), query });

async function refused(u: TestUser, body: unknown, key: string) {
  const before = await snapshotState(ts);
  const res = await client.call('favouriteAdd', { token: tok(u), body });
  expect([res.status, res.body.key]).toEqual([400, key]);
  expect(await snapshotState(ts)).toBe(before);
}

async function friends(...names: string[]): Promise<TestUser[]> {
  const users = [];
  for (const nickName of names) users.push(await registerUser(client, { nickName }));
  for (const u of users.slice(1)) await befriend(client, users[0]!, u);
  return users;
}

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

describe('who may keep what', () => {
  it('private: the sender and the receiver, each with the chat named after the other party', async () => {
    const [a, b] = await friends('Ann', 'Ben');
    const id = await sendPrivate(a!, b!, MessageType.IMAGE, IMAGE);
    const mine = await add(a!, id);
    expect(mine).toMatchObject({ type: MessageType.IMAGE, content: IMAGE, sendId: a!.id, sendNickName: 'Ann' });
    expect([mine.chatType, mine.chatName]).toEqual([ChatType.PRIVATE, 'Ben']);
    const theirs = await add(b!, id);
    expect([theirs.chatName, theirs.sendNickName]).toEqual(['Ann', 'Ann']);
    expect(theirs.id).not.toBe(mine.id);
  });

  it("a stranger's message, or the id under the other chat type, reads as missing", async () => {
    const [a, b] = await friends('Ann', 'Ben');
    const [s] = await friends('Sam');
    const id = await sendPrivate(a!, b!);
    await refused(s!, { chatType: ChatType.PRIVATE, messageId: id }, 'messageNotExist');
    await refused(a!, { chatType: ChatType.GROUP, messageId: id }, 'messageNotExist');
    await refused(a!, { chatType: ChatType.PRIVATE, messageId: 999_999 }, 'messageNotExist');
  });

  it('group: a member; one who left keeps what they saw, not what came later; outsiders nothing', async () => {
    const [owner, member, left] = await friends('Olga', 'Max', 'Lea');
    const [outsider] = await friends('Out');
    const group = await client.ok('groupCreate', {
      token: tok(owner!),
      body: { name: 'Team', friendIds: [member!.id, left!.id] },
    });
    const before = await sendGroup(member!, group.id, 'before');
    await client.ok('groupQuit', { token: tok(left!), params: { groupId: group.id } });
    const after = await sendGroup(member!, group.id, 'after');

    const fav = await add(owner!, after, ChatType.GROUP);
    expect(fav).toMatchObject({ chatType: ChatType.GROUP, chatName: 'Team', sendId: member!.id, content: 'after' });
    expect((await add(left!, before, ChatType.GROUP)).content).toBe('before');
    await refused(left!, { chatType: ChatType.GROUP, messageId: after }, 'messageNotExist');
    await refused(outsider!, { chatType: ChatType.GROUP, messageId: before }, 'messageNotExist');
    await refused(owner!, { chatType: ChatType.PRIVATE, messageId: before }, 'messageNotExist');
  });

  it('tips cannot be kept, recalled messages neither', async () => {
    const [a, b] = await friends('Ann', 'Ben');
    const history = await client.ok('privateHistory', { token: tok(a!), query: { friendId: b!.id } });
    const tip = history.find((m) => m.type === MessageType.TIP_TEXT)!;
    await refused(a!, { chatType: ChatType.PRIVATE, messageId: tip.id }, 'invalidMessageType');
    const id = await sendPrivate(a!, b!);
    await client.ok('privateRecall', { token: tok(a!), params: { id } });
    await refused(b!, { chatType: ChatType.PRIVATE, messageId: id }, 'favouriteRecalled');
  });

  it('the same message twice is the same favourite', async () => {
    const [a, b] = await friends('Ann', 'Ben');
    const id = await sendPrivate(a!, b!);
    const [first, second] = await Promise.all([add(a!, id), add(a!, id)]);
    expect(second).toEqual(first);
    expect(await add(a!, id)).toEqual(first);
    expect((await list(a!)).map((f) => f.id)).toEqual([first.id]);
  });

  it(`at most ${Limits.FAVOURITES_MAX} a user (favouritesFull), and room again after a removal`, async () => {
    const [a, b] = await friends('Ann', 'Ben');
    const rows = Array.from({ length: Limits.FAVOURITES_MAX - 1 }, (_, i) => ({
      user_id: a!.id,
      chat_type: ChatType.PRIVATE,
      message_id: 1_000_000 + i,
      type: MessageType.TEXT,
      content: `old ${i}`,
      send_id: a!.id,
      send_nick_name: 'Ann',
      chat_name: 'Ben',
      send_time: 1,
      created_at: 1,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await ts.server.db.kysely
        .insertInto('favourites')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const last = await add(a!, await sendPrivate(a!, b!, MessageType.TEXT, 'the last one'));
    const over = await sendPrivate(a!, b!, MessageType.TEXT, 'one too many');
    await refused(a!, { chatType: ChatType.PRIVATE, messageId: over }, 'favouritesFull');
    const res = await client.call('favouriteAdd', {
      token: tok(a!),
      body: { chatType: ChatType.PRIVATE, messageId: over },
    });
    expect(res.body.message).toContain(String(Limits.FAVOURITES_MAX));
    await client.ok('favouriteDelete', { token: tok(a!), params: { id: last.id } });
    expect((await add(a!, over)).content).toBe('one too many');
  });
});

describe('a copy, not a link', () => {
  it('survives the recall of the message, and the friend and group going away', async () => {
    const [a, b, c] = await friends('Ann', 'Ben', 'Cat');
    const id = await sendPrivate(b!, a!, MessageType.AUDIO, VOICE);
    const voice = await add(a!, id);
    await client.ok('privateRecall', { token: tok(b!), params: { id } });
    const group = await client.ok('groupCreate', { token: tok(a!), body: { name: 'Crew', friendIds: [c!.id] } });
    const text = await add(a!, await sendGroup(c!, group.id, 'keep me'), ChatType.GROUP);
    await client.ok('friendDelete', { token: tok(a!), params: { friendId: b!.id } });
    await client.ok('groupDelete', { token: tok(a!), params: { groupId: group.id } });
    // Nothing left to jump to: the origins are gone, the copies stay.
    expect(text.origin).toEqual({ targetId: group.id, messageId: expect.any(Number) });
    expect(await list(a!)).toEqual([
      { ...text, origin: null },
      { ...voice, origin: null },
    ]);
    expect(voice).toMatchObject({ type: MessageType.AUDIO, content: VOICE, sendNickName: 'Ben', chatName: 'Ben' });
  });
});

describe('the list', () => {
  let a: TestUser;
  const ids: Record<'text' | 'image', number[]> = { text: [], image: [] };

  beforeAll(async () => {
    const [x, b] = await friends('Ann', 'Ben');
    a = x!;
    for (let i = 0; i < FAVOURITE_PAGE_SIZE + 5; i++)
      ids.text.push((await add(a, await sendPrivate(b!, a, 0, `t${i}`))).id);
    for (let i = 0; i < 3; i++) ids.image.push((await add(a, await sendPrivate(b!, a, MessageType.IMAGE, IMAGE))).id);
  });

  it('pages newest first, FAVOURITE_PAGE_SIZE at a time, below maxId', async () => {
    const all = [...ids.text, ...ids.image].sort((x, y) => y - x);
    const first = await list(a);
    expect(first.map((f) => f.id)).toEqual(all.slice(0, FAVOURITE_PAGE_SIZE));
    const second = await list(a, { maxId: first.at(-1)!.id });
    expect(second.map((f) => f.id)).toEqual(all.slice(FAVOURITE_PAGE_SIZE));
    expect(await list(a, { maxId: all.at(-1)! })).toEqual([]);
  });

  it('filters by type', async () => {
    expect((await list(a, { type: MessageType.IMAGE })).map((f) => f.id)).toEqual([...ids.image].reverse());
    const texts = await list(a, { type: MessageType.TEXT, maxId: ids.text[5]! });
    expect(texts.map((f) => f.id)).toEqual(ids.text.slice(0, 5).reverse());
    expect(await list(a, { type: MessageType.VIDEO })).toEqual([]);
  });

  it('out-of-range types are refused with the field named', async () => {
    const res = await client.call('favouriteList', { token: tok(a), query: { type: 6 } });
    expect([res.status, res.body.key, res.body.params?.field]).toEqual([400, 'invalidParam', 'type']);
  });

  it("is one's own only", async () => {
    const [other] = await friends('Oz');
    expect(await list(other!)).toEqual([]);
  });
});

describe('origin: where to jump while the message is still visible', () => {
  it('private: the other party while not recalled; group: only while a member, not after leaving', async () => {
    const [a, b, c] = await friends('Ann', 'Ben', 'Cat');
    const kept = await sendPrivate(b!, a!);
    const gone = await sendPrivate(b!, a!);
    const mine = await add(a!, kept);
    expect(mine.origin).toEqual({ targetId: b!.id, messageId: kept });
    expect((await add(b!, kept)).origin).toEqual({ targetId: a!.id, messageId: kept });
    await add(a!, gone);
    await client.ok('privateRecall', { token: tok(b!), params: { id: gone } });
    const group = await client.ok('groupCreate', { token: tok(a!), body: { name: 'Crew', friendIds: [b!.id, c!.id] } });
    const said = await sendGroup(c!, group.id, 'in the group');
    expect((await add(a!, said, ChatType.GROUP)).origin).toEqual({ targetId: group.id, messageId: said });
    expect((await add(b!, said, ChatType.GROUP)).origin).toEqual({ targetId: group.id, messageId: said });
    await client.ok('groupQuit', { token: tok(b!), params: { groupId: group.id } });
    const origins = async (u: TestUser) => (await list(u)).map((f) => [f.content, f.origin?.messageId ?? null]);
    expect(await origins(b!)).toEqual([
      ['in the group', null],
      ['hello', kept],
    ]);
    expect(await origins(a!)).toEqual([
      ['in the group', said],
      ['hello', null],
      ['hello', kept],
    ]);
  });
});

describe('search by keyword', () => {
  it('finds text, file names, card titles and senders, case-insensitive, paged below maxId', async () => {
    const [a, b] = await friends('Ann', 'Zed Quill');
    const file = JSON.stringify({
      name: 'Report-Final.PDF',
      size: 10,
      url: '/uploads/files/2026/01/0123456789abcdef0123456789abcdef/r.pdf',
    });
    const card = JSON.stringify({ cover: JSON.parse(IMAGE).originUrl, title: 'Lunch menu', description: '', link: '' });
    const text = await add(a!, await sendPrivate(a!, b!, MessageType.TEXT, 'see the REPORT tomorrow'));
    const doc = await add(a!, await sendPrivate(a!, b!, MessageType.FILE, file));
    const lunch = await add(a!, await sendPrivate(a!, b!, MessageType.CARD, card));
    const image = await add(a!, await sendPrivate(b!, a!, MessageType.IMAGE, IMAGE));
    const ids = async (query: Record<string, number | string>) => (await list(a!, query)).map((f) => f.id);
    expect(await ids({ keyword: 'report' })).toEqual([doc.id, text.id]);
    expect(await ids({ keyword: '  MENU ' })).toEqual([lunch.id]);
    expect(await ids({ keyword: 'quill' })).toEqual([image.id, lunch.id, doc.id, text.id]);
    expect(await ids({ keyword: 'quill', type: MessageType.IMAGE })).toEqual([image.id]);
    expect(await ids({ keyword: 'report', maxId: doc.id })).toEqual([text.id]);
    // JSON keys and URLs are not words.
    expect(await ids({ keyword: 'originUrl' })).toEqual([]);
    expect(await ids({ keyword: 'uploads' })).toEqual([]);
  });

  it('pages over more matches than one batch holds', async () => {
    const [a] = await friends('Ann');
    const rows = Array.from({ length: 450 }, (_, i) => ({
      user_id: a!.id,
      chat_type: ChatType.PRIVATE,
      message_id: 2_000_000 + i,
      type: MessageType.TEXT,
      content: i % 100 === 0 ? `needle ${i}` : `hay ${i}`,
      send_id: a!.id,
      send_nick_name: 'Ann',
      chat_name: 'Ben',
      send_time: 1,
      created_at: 1,
    }));
    await ts.server.db.kysely.insertInto('favourites').values(rows.slice(0, 225)).execute();
    await ts.server.db.kysely.insertInto('favourites').values(rows.slice(225)).execute();
    const found = await list(a!, { keyword: 'needle' });
    expect(found.map((f) => f.content)).toEqual(['needle 400', 'needle 300', 'needle 200', 'needle 100', 'needle 0']);
    expect(found.every((f) => f.origin === null)).toBe(true);
  });

  it('refuses a blank, too long or control-character keyword with the field named, changing nothing', async () => {
    const [a] = await friends('Ann');
    for (const keyword of ['   ', 'x'.repeat(65), 'a\u0007b']) {
      const res = await client.call('favouriteList', { token: tok(a!), query: { keyword } });
      expect([res.status, res.body.params?.field]).toEqual([400, 'keyword']);
    }
  });
});

describe('removal', () => {
  it("removes one's own; again, or someone else's, is favouriteNotExist with nothing changed", async () => {
    const [a, b] = await friends('Ann', 'Ben');
    const fav = await add(a!, await sendPrivate(a!, b!));
    const theirs = await add(b!, await sendPrivate(a!, b!, MessageType.TEXT, 'for Ben'));
    for (const [u, id] of [
      [a!, theirs.id],
      [b!, fav.id],
    ] as const) {
      const before = await snapshotState(ts);
      const res = await client.call('favouriteDelete', { token: tok(u), params: { id } });
      expect([res.status, res.body.key]).toEqual([400, 'favouriteNotExist']);
      expect(await snapshotState(ts)).toBe(before);
    }
    await client.ok('favouriteDelete', { token: tok(a!), params: { id: fav.id } });
    expect(await list(a!)).toEqual([]);
    const again = await client.call('favouriteDelete', { token: tok(a!), params: { id: fav.id } });
    expect(again.body.key).toBe('favouriteNotExist');
    expect((await list(b!)).map((f) => f.id)).toEqual([theirs.id]);
  });
});

describe('sync to the other terminals', () => {
  const syncOf = (type: number) => (f: ServerFrame) =>
    f.cmd === Cmd.PRIVATE_MESSAGE && (f.data as { type?: number }).type === type;

  it('70 FAVOURITE_NEW carries the favourite, 71 FAVOURITE_DEL its id; a repeat add sends nothing', async () => {
    const a = await twoTerminalUser(ts, client, 'Ann');
    const b = await registerUser(client, { nickName: 'Ben' });
    await befriend(client, a, b);
    try {
      const id = await sendPrivate(b, a, MessageType.IMAGE, IMAGE);
      const fav = await client.ok('favouriteAdd', {
        token: a.web,
        body: { chatType: ChatType.PRIVATE, messageId: id },
      });
      for (const s of [a.appSocket, a.webSocket]) {
        const data = (await s.next(syncOf(MessageType.FAVOURITE_NEW))).data as FavouriteSyncMessage;
        expect([data.sendId, data.recvId]).toEqual([a.id, a.id]);
        expect(JSON.parse(data.content) as Favourite).toEqual(fav);
      }
      await client.ok('favouriteAdd', { token: a.app, body: { chatType: ChatType.PRIVATE, messageId: id } });
      expect(await a.appSocket.quiet(150, syncOf(MessageType.FAVOURITE_NEW))).toBe(true);

      await client.ok('favouriteDelete', { token: a.app, params: { id: fav.id } });
      for (const s of [a.webSocket, a.appSocket]) {
        const data = (await s.next(syncOf(MessageType.FAVOURITE_DEL))).data as FavouriteSyncMessage;
        expect(JSON.parse(data.content)).toEqual({ id: fav.id });
      }
    } finally {
      closeAll(a);
    }
  });

  it("the other party's terminals hear nothing", async () => {
    const [a, b] = [await twoTerminalUser(ts, client, 'Ann'), await twoTerminalUser(ts, client, 'Ben')];
    await befriend(client, a, b);
    try {
      await add(a, await sendPrivate(a, b));
      expect(await b.webSocket.quiet(150, syncOf(MessageType.FAVOURITE_NEW))).toBe(true);
    } finally {
      closeAll(a, b);
    }
  });
});
