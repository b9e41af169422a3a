/**
 * Editing group messages (issue 21 point 1): the stored edit and the EDIT (13)
 * message to every member's terminals, live and in the offline pull; mentions the
 * edit adds (only those are in the EDIT message); quotes and search; the refusals
 * with nothing changed; concurrent edits (the last by stream order wins).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cmd,
  MessageStatus,
  MessageType,
  ServerErrors,
  Timing,
  parseEditNotice,
  type GroupMessage,
  type SearchReply,
  type ServerErrorKey,
  type ServerFrame,
} from '@parley/protocol';
import { ApiClient, registerUser, type CallOptions, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { tmpId } from './support/messages.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let owner: TestUser;
let bob: TestUser;
let carol: TestUser;
let groupId: number;
let now = Date.UTC(2030, 0, 1, 12, 0, 0);
const sockets: TestSocket[] = [];
const tok = (u: TestUser) => u.tokens.accessToken;
const connect = async (u: TestUser) => {
  const s = await TestSocket.login(ts.wsUrl, tok(u));
  sockets.push(s);
  return s;
};
const groupFrame =
  (match: (m: GroupMessage) => boolean) =>
  (f: ServerFrame): boolean =>
    f.cmd === Cmd.GROUP_MESSAGE && match(f.data as GroupMessage);
const send = (u: TestUser, content: string, extra: Record<string, unknown> = {}) =>
  client.ok('groupSend', {
    token: tok(u),
    body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content, ...extra },
  });
const edit = (u: TestUser, id: number, content: string, atUserIds: number[] = []) =>
  client.ok('groupEdit', { token: tok(u), params: { id }, body: { content, atUserIds } });

async function refused(u: TestUser, key: ServerErrorKey, opts: CallOptions) {
  const before = await snapshotState(ts);
  const res = await client.call('groupEdit', { token: tok(u), ...opts });
  expect([res.status, res.body.key], JSON.stringify(res.body)).toEqual([ServerErrors[key].code, key]);
  expect(await snapshotState(ts)).toBe(before);
}

beforeAll(async () => {
  ts = await startServer({ clock: () => now });
  client = new ApiClient(ts.url);
  [owner, bob, carol] = [
    await registerUser(client, { nickName: 'Owner' }),
    await registerUser(client, { nickName: 'Bob' }),
    await registerUser(client, { nickName: 'Carol' }),
  ];
  await befriend(client, owner, bob);
  await befriend(client, owner, carol);
  groupId = (
    await client.ok('groupCreate', { token: tok(owner), body: { name: 'Team', friendIds: [bob.id, carol.id] } })
  ).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('group edit', () => {
  it('every member sees the new text in place; the EDIT message carries only the mentions it added', async () => {
    const [bobSocket, carolSocket, ownerSocket] = [await connect(bob), await connect(carol), await connect(owner)];
    const msg = await send(bob, 'hi @owner', { atUserIds: [owner.id] });
    const later = await send(owner, 'hello');
    now += 1000;
    const notice = await edit(bob, msg.id, 'hi @owner and @carol', [owner.id, carol.id]);
    expect(notice).toMatchObject({
      groupId,
      sendId: bob.id,
      sendNickName: 'Bob',
      type: MessageType.EDIT,
      status: MessageStatus.SENDED,
      sendTime: now,
      atUserIds: [carol.id],
    });
    expect(parseEditNotice(notice.content)).toEqual({ id: msg.id, content: 'hi @owner and @carol', editTime: now });
    for (const s of [bobSocket, carolSocket, ownerSocket]) {
      expect((await s.next(groupFrame((m) => m.id === notice.id))).data).toEqual(notice);
    }
    const history = await client.ok('groupHistory', { token: tok(carol), query: { groupId, size: 3 } });
    expect(history).toEqual([
      notice,
      later,
      { ...msg, tmpId: msg.tmpId, content: 'hi @owner and @carol', atUserIds: [owner.id, carol.id], editTime: now },
    ]);

    // A mention taken out is gone from the message; nobody is added, so the EDIT message names no one.
    const again = await edit(bob, msg.id, 'hi all', []);
    expect(again.atUserIds).toEqual([]);
  });

  it('a member pulling after being away gets the edited message and each EDIT once, in order', async () => {
    const msg = await send(owner, 'draft');
    const e1 = await edit(owner, msg.id, 'draft 2');
    const e2 = await edit(owner, msg.id, 'final');
    const s = await connect(carol);
    await client.ok('groupPullOffline', { token: tok(carol), query: { minId: msg.id - 1 } });
    await s.next(
      (f) => f.cmd === Cmd.GROUP_MESSAGE && (f.data as { type: number; content: string }).content === 'false',
    );
    const pulled = s.frames
      .filter((f) => f.cmd === Cmd.GROUP_MESSAGE && (f.data as GroupMessage).type !== MessageType.LOADING)
      .map((f) => f.data as GroupMessage);
    expect(pulled.map((m) => m.id)).toEqual([msg.id, e1.id, e2.id]);
    expect(pulled[0]).toMatchObject({ content: 'final', editTime: parseEditNotice(e2.content)!.editTime });
  });

  it('quotes show the new text and search finds it, not the old one', async () => {
    const msg = await send(bob, 'the walrusgarden');
    const quoting = await send(carol, 'nice', { quoteMessageId: msg.id });
    const search = async (keyword: string) =>
      ((await client.ok('messageSearch', { token: tok(carol), query: { keyword } })) as SearchReply).hits.map(
        (h) => h.id,
      );
    expect(await search('walrusgarden')).toEqual([msg.id]);
    await edit(bob, msg.id, 'the pelicangarden');
    expect(await search('walrusgarden')).toEqual([]);
    expect(await search('pelicangarden')).toEqual([msg.id]);
    const history = await client.ok('groupHistory', { token: tok(owner), query: { groupId, size: 5 } });
    expect(history.find((m) => m.id === quoting.id)?.quoteMessage?.content).toBe('the pelicangarden');
  });

  it('refusals change nothing: not mine, recalled, forwarded, too old, unchanged, blank, muted, mentions', async () => {
    const mine = await send(bob, 'steady');
    const forwarded = await send(bob, 'passed on', { forwarded: true });
    const recalled = await send(bob, 'gone');
    await client.ok('groupRecall', { token: tok(bob), params: { id: recalled.id } });
    const stranger = await registerUser(client);
    const body = (content: string, atUserIds: number[] = []) => ({ content, atUserIds });

    await refused(carol, 'editNotOwn', { params: { id: mine.id }, body: body('x') });
    await refused(stranger, 'messageNotExist', { params: { id: mine.id }, body: body('x') });
    await refused(bob, 'editNotEditable', { params: { id: forwarded.id }, body: body('x') });
    await refused(bob, 'editRecalled', { params: { id: recalled.id }, body: body('x') });
    await refused(bob, 'editUnchanged', { params: { id: mine.id }, body: body('steady') });
    await refused(bob, 'messageBlank', { params: { id: mine.id }, body: body(' ') });
    await refused(bob, 'messageTooLong', { params: { id: mine.id }, body: body('x'.repeat(1025)) });
    await refused(bob, 'atAllNotAllowed', { params: { id: mine.id }, body: body('@all', [-1]) });
    await refused(bob, 'notGroupMembers', { params: { id: mine.id }, body: body('@x', [stranger.id]) });

    await client.ok('groupMembersMuted', { token: tok(owner), body: { groupId, userIds: [bob.id], isMuted: true } });
    await refused(bob, 'memberMuted', { params: { id: mine.id }, body: body('muted') });
    await client.ok('groupMembersMuted', { token: tok(owner), body: { groupId, userIds: [bob.id], isMuted: false } });

    now += Timing.EDIT_WINDOW_MS + 1;
    await refused(bob, 'editTimeout', { params: { id: mine.id }, body: body('late') });
    now -= Timing.EDIT_WINDOW_MS + 1;
  });

  it('concurrent edits: one EDIT each, in stream order, and the last one is what everyone keeps', async () => {
    const s = await connect(carol);
    const msg = await send(owner, 'c0');
    const notices = await Promise.all(Array.from({ length: 6 }, (_, i) => edit(owner, msg.id, `c${i + 1}`)));
    const byId = [...notices].sort((x, y) => x.id - y.id);
    const times = byId.map((n) => parseEditNotice(n.content)!.editTime);
    expect(new Set(times).size).toBe(times.length);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    const seen: number[] = [];
    for (let i = 0; i < byId.length; i++) {
      seen.push(((await s.next(groupFrame((m) => m.type === MessageType.EDIT))).data as GroupMessage).id);
    }
    expect(seen).toEqual(byId.map((n) => n.id));
    const [stored] = await client
      .ok('groupHistory', { token: tok(carol), query: { groupId, size: 7 } })
      .then((h) => h.filter((m) => m.id === msg.id));
    expect(stored?.content).toBe(parseEditNotice(byId.at(-1)!.content)!.content);
  });
});
