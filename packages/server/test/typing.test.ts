/** Typing frames (cmd 6): relayed to a friend and to group members only, throttled, strict, never stored. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatType, Cmd, CloseCode, type ServerFrame, type TypingNotice } from '@parley/protocol';
import { ApiClient, registerUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { closeAll, friendPair, sockets, twoTerminalUser, type TwoTerminalUser } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let a: TwoTerminalUser;
let b: TwoTerminalUser;
let stranger: TwoTerminalUser;
let blocked: TwoTerminalUser;
let groupId: number;
const users: TwoTerminalUser[] = [];

const isTyping = (f: ServerFrame) => f.cmd === Cmd.TYPING;
const typing = (chatType: string, targetId: number, on = true) => ({
  cmd: Cmd.TYPING,
  data: { chatType, targetId, typing: on },
});
const clear = () => {
  for (const s of sockets(...users)) s.frames.length = 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  [a, b] = await friendPair(ts, client);
  stranger = await twoTerminalUser(ts, client, 'Stranger');
  blocked = await twoTerminalUser(ts, client, 'Blocked');
  users.push(a, b, stranger, blocked);
  await befriend(client, a, blocked);
  await client.ok('blacklistAdd', { token: blocked.web, query: { userId: a.id } });
  const group = await client.ok('groupCreate', { token: a.web, body: { name: 'Typists', friendIds: [b.id] } });
  groupId = group.id;
  await sleep(100);
  clear();
});
afterAll(async () => {
  closeAll(...users);
  await ts?.close();
});

describe('typing: private chats', () => {
  it('reaches every terminal of the friend, not the sender’s own terminals', async () => {
    clear();
    a.webSocket.send(typing(ChatType.PRIVATE, b.id));
    for (const s of [b.webSocket, b.appSocket]) {
      const f = await s.next(isTyping);
      expect(f.data).toEqual({ chatType: ChatType.PRIVATE, targetId: a.id, sendId: a.id, typing: true });
    }
    expect(await a.appSocket.quiet(150, isTyping)).toBe(true);
    a.webSocket.send(typing(ChatType.PRIVATE, b.id, false));
    expect((await b.webSocket.next(isTyping)).data).toMatchObject({ typing: false });
  });

  it('is dropped for a stranger and across a block (either direction), and never stored', async () => {
    clear();
    const before = await ts.server.db.kysely
      .selectFrom('private_messages')
      .select(ts.server.db.kysely.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    a.webSocket.send(typing(ChatType.PRIVATE, stranger.id));
    a.webSocket.send(typing(ChatType.PRIVATE, blocked.id));
    blocked.webSocket.send(typing(ChatType.PRIVATE, a.id));
    stranger.webSocket.send(typing(ChatType.GROUP, groupId));
    expect(await stranger.webSocket.quiet(250, isTyping)).toBe(true);
    expect(await blocked.webSocket.quiet(0, isTyping)).toBe(true);
    expect(await a.webSocket.quiet(0, isTyping)).toBe(true);
    expect(await b.webSocket.quiet(0, isTyping)).toBe(true);
    const after = await ts.server.db.kysely
      .selectFrom('private_messages')
      .select(ts.server.db.kysely.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Dropped silently: the sockets stay open.
    expect(a.webSocket.isClosed || stranger.webSocket.isClosed).toBe(false);
  });

  it('is throttled per chat: one start per interval, one stop after a start', async () => {
    clear();
    // Alice's other socket: her web socket's start of the first test holds this chat for RELAY_MIN_MS.
    for (let i = 0; i < 6; i++) a.appSocket.send(typing(ChatType.PRIVATE, b.id));
    a.appSocket.send(typing(ChatType.PRIVATE, b.id, false));
    a.appSocket.send(typing(ChatType.PRIVATE, b.id, false));
    await sleep(300);
    const got = b.webSocket.frames.filter(isTyping).map((f) => (f.data as TypingNotice).typing);
    expect(got).toEqual([true, false]);
  });
});

describe('typing: groups', () => {
  it('reaches the other members only, with the sender’s name', async () => {
    clear();
    b.webSocket.send(typing(ChatType.GROUP, groupId));
    const f = await a.webSocket.next(isTyping);
    expect(f.data).toEqual({
      chatType: ChatType.GROUP,
      targetId: groupId,
      sendId: b.id,
      sendNickName: 'Bob',
      typing: true,
    });
    await a.appSocket.next(isTyping);
    expect(await b.appSocket.quiet(200, isTyping)).toBe(true);
    expect(await stranger.webSocket.quiet(0, isTyping)).toBe(true);
    expect(await blocked.webSocket.quiet(0, isTyping)).toBe(true);
  });

  it('is dropped once the member has left', async () => {
    clear();
    await client.ok('groupQuit', { token: b.web, params: { groupId } });
    await sleep(100);
    clear();
    b.webSocket.send(typing(ChatType.GROUP, groupId, true));
    expect(await a.webSocket.quiet(250, isTyping)).toBe(true);
  });
});

describe('typing: strict frames', () => {
  const bad: [string, unknown][] = [
    ['typing not a boolean', { chatType: ChatType.PRIVATE, targetId: 1, typing: 'yes' }],
    ['unknown chat type', { chatType: ChatType.SYSTEM, targetId: 1, typing: true }],
    ['target not an id', { chatType: ChatType.PRIVATE, targetId: 0, typing: true }],
    ['extra field', { chatType: ChatType.PRIVATE, targetId: 1, typing: true, content: 'x' }],
    ['no data', undefined],
  ];
  it.each(bad)('%s: closed with BAD_FRAME', async (_, data) => {
    const u = await registerUser(client);
    const s = await TestSocket.login(ts.wsUrl, u.tokens.accessToken);
    s.send({ cmd: Cmd.TYPING, data });
    expect((await s.waitClosed()).code).toBe(CloseCode.BAD_FRAME);
  });

  it('before LOGIN: closed with AUTH_FAILED', async () => {
    const s = await TestSocket.open(ts.wsUrl);
    s.send(typing(ChatType.PRIVATE, a.id));
    expect((await s.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
  });
});
