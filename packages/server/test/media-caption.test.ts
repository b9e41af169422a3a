/**
 * Media before it goes (issue 22 point 8) on both databases: a caption inside an
 * IMAGE, VIDEO or FILE content and a voice message's waveform are stored and relayed
 * as sent; the caption is searchable (trigram index and the short-keyword window, in
 * private and group chats), left out once recalled, and its snippet is the caption.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, type SearchReply } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { sendBody, tmpId } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let a: TestUser;
let b: TestUser;
let c: TestUser;
let groupId: number;
const tok = (u: TestUser) => u.tokens.accessToken;

const image = {
  originUrl: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
  thumbUrl: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_thumb.png',
  width: 800,
  height: 400,
};
const file = { name: 'minutes.pdf', size: 10, url: '/uploads/files/2026/01/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/m.pdf' };
const video = {
  videoUrl: '/uploads/videos/2026/01/dddddddddddddddddddddddddddddddd.mp4',
  coverUrl: '',
  width: 640,
  height: 360,
  duration: 3,
};
const audio = { duration: 4, url: '/uploads/files/2026/01/cccccccccccccccccccccccccccccccc/28.mp3' };

const send = async (from: TestUser, to: TestUser, type: number, content: object) =>
  client.ok('privateSend', { token: tok(from), body: sendBody(to.id, type, JSON.stringify(content)) });
const search = (u: TestUser, keyword: string) =>
  client.ok('messageSearch', { token: tok(u), query: { keyword } }) as Promise<SearchReply>;
const hits = async (u: TestUser, keyword: string) =>
  (await search(u, keyword)).hits.map((h) => [h.id, h.type, h.snippet]);

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  [a, b, c] = [await registerUser(client), await registerUser(client), await registerUser(client)];
  await befriend(client, a, b);
  await befriend(client, a, c);
  groupId = (await client.ok('groupCreate', { token: tok(a), body: { name: 'G', friendIds: [b.id, c.id] } })).id;
});
afterAll(() => ts?.close());

describe('caption and waveform travel in the content', () => {
  it('stores and returns them as sent', async () => {
    const waveform = Array.from({ length: 48 }, (_, i) => i % 32);
    const sent = [
      [MessageType.IMAGE, { ...image, caption: 'Sunset over the bay 🌅' }],
      [MessageType.VIDEO, { ...video, caption: 'clip #smile;' }],
      [MessageType.FILE, { ...file, caption: 'for Monday' }],
      [MessageType.AUDIO, { ...audio, waveform }],
      [MessageType.AUDIO, audio],
    ] as const;
    for (const [type, content] of sent) {
      const m = await send(a, b, type, content);
      expect(JSON.parse(m.content)).toEqual(content);
    }
  });
});

describe('a caption is searchable', () => {
  it('an image caption: trigram and short keyword, both sides, snippet is the caption', async () => {
    const m = await send(a, b, MessageType.IMAGE, { ...image, caption: '海边的日落 harbour lights' });
    for (const u of [a, b]) {
      expect(await hits(u, 'harbour light')).toEqual([[m.id, MessageType.IMAGE, '海边的日落 harbour lights']]);
      expect(await hits(u, '日落')).toEqual([[m.id, MessageType.IMAGE, '海边的日落 harbour lights']]);
    }
    expect(await hits(c, 'harbour light')).toEqual([]);
    // URLs and sizes are not the searchable text.
    expect(await hits(a, 'aaaaaaaaaa')).toEqual([]);
  });

  it('a file: its name and its caption', async () => {
    const m = await send(a, c, MessageType.FILE, { ...file, name: 'budget-q3.xlsx', caption: 'numbers for Zoë' });
    expect(await hits(c, 'budget-q3')).toEqual([[m.id, MessageType.FILE, 'budget-q3.xlsx numbers for Zoë']]);
    expect(await hits(c, 'for Zoë')).toEqual([[m.id, MessageType.FILE, 'budget-q3.xlsx numbers for Zoë']]);
  });

  it('a video caption in a group, and a recalled one is left out', async () => {
    const m = await client.ok('groupSend', {
      token: tok(b),
      body: {
        tmpId: tmpId(),
        groupId,
        type: MessageType.VIDEO,
        content: JSON.stringify({ ...video, caption: 'kayak trip' }),
      },
    });
    for (const u of [a, b, c]) expect(await hits(u, 'kayak')).toEqual([[m.id, MessageType.VIDEO, 'kayak trip']]);
    await client.ok('groupRecall', { token: tok(b), params: { id: m.id } });
    expect(await hits(a, 'kayak')).toEqual([]);
  });

  it('media without a caption and voice messages are not hits', async () => {
    await send(a, b, MessageType.IMAGE, image);
    await send(a, b, MessageType.AUDIO, { ...audio, waveform: [1, 2, 3] });
    expect(await hits(a, 'png')).toEqual([]);
    expect(await hits(a, 'mp3')).toEqual([]);
  });
});
