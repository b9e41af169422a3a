/**
 * Chat details (issue 22 point 4, docs/PROTOCOL.md "Chat details"): a chat pinned to
 * the top reaches every terminal of its owner (82 / 92) and no one else; the shared
 * content of a chat by kind, newest first, paged by id, without recalled messages or
 * links edited away; group pages keep to the caller's membership window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cmd,
  MessageType,
  type Friend,
  type Group,
  type GroupMessage,
  type GroupSyncMessage,
  type PrivateMessage,
  type ServerFrame,
} from '@parley/protocol';
import { ApiClient } from './support/api.js';
import { closeAll, friendPair, sendBody, tmpId, type TwoTerminalUser } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let a: TwoTerminalUser;
let b: TwoTerminalUser;

const IMAGE = JSON.stringify({
  originUrl: '/uploads/2026/01/0123456789abcdef0123456789abcdef.png',
  thumbUrl: '/uploads/2026/01/0123456789abcdef0123456789abcdef_thumb.png',
  width: 8,
  height: 8,
});
const FILE = JSON.stringify({
  name: 'plan.pdf',
  size: 10,
  url: '/uploads/files/2026/01/0123456789abcdef0123456789abcdef/plan.pdf',
});

const send = async (from: TwoTerminalUser, to: TwoTerminalUser, type: number, content: string) =>
  (await client.ok('privateSend', { token: from.web, body: sendBody(to.id, type, content) })).id;
const shared = (by: TwoTerminalUser, friendId: number, kind: 'media' | 'file' | 'link', more = {}) =>
  client.ok('privateShared', { token: by.web, query: { friendId, kind, ...more } });

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  [a, b] = await friendPair(ts, client);
});
afterAll(async () => {
  closeAll(a, b);
  await ts.close();
});

const friendUpdate = (friendId: number) => (f: ServerFrame) =>
  f.cmd === Cmd.PRIVATE_MESSAGE &&
  (f.data as PrivateMessage).type === MessageType.FRIEND_UPDATE &&
  (JSON.parse((f.data as PrivateMessage).content) as Friend).id === friendId;

describe('pin a chat to the top', () => {
  it('a private pin reaches both of my terminals with its time, not the friend; unpin clears it', async () => {
    for (const s of [a.webSocket, a.appSocket, b.webSocket]) s.frames.length = 0;
    await client.ok('friendTop', { token: a.web, body: { friendId: b.id, isTop: true } });
    for (const s of [a.webSocket, a.appSocket]) {
      const f = await s.next(friendUpdate(b.id));
      expect((JSON.parse((f.data as PrivateMessage).content) as Friend).pinnedAt).toBeGreaterThan(0);
    }
    const mine = await client.ok('friendList', { token: a.app });
    expect(mine.find((f) => f.id === b.id)!.pinnedAt).toBeGreaterThan(0);
    expect((await client.ok('friendList', { token: b.web })).find((f) => f.id === a.id)!.pinnedAt).toBe(0);
    await client.ok('friendTop', { token: a.app, body: { friendId: b.id, isTop: false } });
    const off = await a.webSocket.next(
      (f) => friendUpdate(b.id)(f) && JSON.parse((f.data as PrivateMessage).content).pinnedAt === 0,
    );
    expect(off).toBeDefined();
    expect(b.webSocket.frames.filter(friendUpdate(a.id))).toEqual([]);
  });

  it('a group pin reaches both of my terminals (92) and no other member', async () => {
    const group = await client.ok('groupCreate', { token: a.web, body: { name: 'Pins', friendIds: [b.id] } });
    for (const s of [a.webSocket, a.appSocket, b.webSocket]) s.frames.length = 0;
    await client.ok('groupTop', { token: a.web, body: { groupId: group.id, isTop: true } });
    const isUpdate = (f: ServerFrame) =>
      f.cmd === Cmd.GROUP_MESSAGE &&
      (f.data as GroupSyncMessage).type === MessageType.GROUP_UPDATE &&
      (f.data as GroupSyncMessage).groupId === group.id;
    for (const s of [a.webSocket, a.appSocket]) {
      const f = await s.next(isUpdate);
      expect((JSON.parse((f.data as GroupSyncMessage).content) as Group).pinnedAt).toBeGreaterThan(0);
    }
    const bView = await client.ok('groupFind', { token: b.web, params: { groupId: group.id } });
    expect(bView.pinnedAt).toBe(0);
    expect(b.webSocket.frames.filter(isUpdate)).toEqual([]);
  });
});

describe('shared content of a chat', () => {
  it('media, files and links by kind, newest first, paged by id; recalls and edited-away links left out', async () => {
    const images = [await send(a, b, MessageType.IMAGE, IMAGE), await send(b, a, MessageType.IMAGE, IMAGE)];
    const file = await send(b, a, MessageType.FILE, FILE);
    const links = [
      await send(a, b, MessageType.TEXT, 'read https://example.com/one'),
      await send(b, a, MessageType.TEXT, 'no link here'),
      await send(b, a, MessageType.TEXT, 'http://example.org/two'),
      await send(a, b, MessageType.TEXT, 'https://example.net/three soon gone'),
      await send(a, b, MessageType.TEXT, 'https://example.net/four recalled'),
    ];
    await client.ok('privateRecall', { token: a.web, params: { id: links[4]! } });
    await client.ok('privateEdit', { token: a.web, params: { id: links[3]! }, body: { content: 'no link now' } });

    const media = await shared(a, b.id, 'media');
    expect(media.messages.map((m) => m.id)).toEqual([...images].reverse());
    expect(media.next).toBeNull();
    expect((await shared(b, a.id, 'file')).messages.map((m) => [m.id, m.type])).toEqual([[file, MessageType.FILE]]);

    const first = await shared(a, b.id, 'link', { size: 1 });
    expect(first.messages.map((m) => m.id)).toEqual([links[2]]);
    expect(first.next).toBe(links[2]);
    const second = await shared(a, b.id, 'link', { size: 1, beforeId: first.next! });
    expect(second.messages.map((m) => m.id)).toEqual([links[0]]);
    // The last page says so: no empty page to ask for.
    expect(second.next).toBeNull();
  });

  it('a group page keeps to my membership window', async () => {
    const group = await client.ok('groupCreate', { token: a.web, body: { name: 'Links', friendIds: [] } });
    const say = async (content: string) =>
      (
        await client.ok('groupSend', {
          token: a.web,
          body: { tmpId: tmpId(), groupId: group.id, type: MessageType.TEXT, content },
        })
      ).id;
    await say('before https://example.com/before');
    await client.ok('groupInvite', { token: a.web, body: { groupId: group.id, friendIds: [b.id] } });
    const inside = await say('while in https://example.com/in');
    await client.ok('groupQuit', { token: b.web, params: { groupId: group.id } });
    await say('after https://example.com/after');
    const page = await client.ok('groupShared', { token: b.web, query: { groupId: group.id, kind: 'link' } });
    expect(page.messages.map((m) => m.id)).toEqual([inside]);
    const owner = await client.ok('groupShared', { token: a.web, query: { groupId: group.id, kind: 'link' } });
    expect(owner.messages).toHaveLength(3);
  });
});

describe('the group announcement card', () => {
  it('a new announcement is a type 22 message live to members, pulled once offline; a cleared one posts none', async () => {
    const group = await client.ok('groupCreate', { token: a.web, body: { name: 'News', friendIds: [b.id] } });
    const isCard = (f: ServerFrame) =>
      f.cmd === Cmd.GROUP_MESSAGE &&
      (f.data as GroupMessage).type === MessageType.GROUP_ANNOUNCEMENT &&
      (f.data as GroupMessage).groupId === group.id;
    b.appSocket.close(); // B's APP terminal is offline for the change
    b.webSocket.frames.length = 0;
    await client.ok('groupModify', { token: a.web, body: { id: group.id, notice: 'Trip on Friday\nBring boots' } });
    const live = (await b.webSocket.next(isCard)).data as GroupMessage;
    expect(live).toMatchObject({ sendId: a.id, sendNickName: 'Alice', content: 'Trip on Friday\nBring boots' });
    // Cleared: the tip only, no card.
    await client.ok('groupModify', { token: a.web, body: { id: group.id, notice: '' } });
    const history = await client.ok('groupHistory', { token: b.web, query: { groupId: group.id, size: 50 } });
    expect(history.filter((m) => m.type === MessageType.GROUP_ANNOUNCEMENT).map((m) => m.id)).toEqual([live.id]);

    const app = await TestSocket.login(ts.wsUrl, b.app);
    try {
      await client.ok('groupPullOffline', { token: b.app, query: { minId: 0 } });
      const isLoading = (f: ServerFrame) => (f.data as { type?: number } | undefined)?.type === MessageType.LOADING;
      await app.next(isLoading);
      await app.next((f) => isLoading(f) && (f.data as { content?: string }).content === 'false');
      expect(app.frames.filter(isCard).map((f) => (f.data as GroupMessage).id)).toEqual([live.id]);
    } finally {
      app.close();
    }
  });
});
