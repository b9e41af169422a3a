/**
 * Message search (issue 11 point 20) on the stored history, on both databases:
 * Chinese, Japanese, Korean, Arabic and Latin text (trigram index for 3+ characters,
 * the recent window for shorter keywords), case, LIKE and FTS syntax taken
 * literally, file names, recalled messages left out, highlight ranges, one chat or
 * all chats, and paging through both streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatType, MessageType, type SearchHit, type SearchReply } from '@parley/protocol';
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

const TEXTS = [
  '我们明天在北京见面吧',
  '東京タワーに行きました',
  '오늘 서울 날씨가 좋네요',
  'مرحبا بالعالم الجميل',
  'The Quick Brown Fox jumps',
  'discount 100% off_now',
  'quote "marks" and * stars',
];
const sendPrivate = async (from: TestUser, to: TestUser, content: string, type: number = MessageType.TEXT) =>
  (await client.ok('privateSend', { token: tok(from), body: sendBody(to.id, type, content) })).id;
const sendGroup = async (from: TestUser, content: string) =>
  (
    await client.ok('groupSend', {
      token: tok(from),
      body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content },
    })
  ).id;
const search = (u: TestUser, query: Record<string, string | number>) =>
  client.ok('messageSearch', { token: tok(u), query }) as Promise<SearchReply>;
const texts = (r: SearchReply) => r.hits.map((h) => h.snippet);
const marked = (h: SearchHit) => h.ranges.map(([s, e]) => h.snippet.slice(s, e));

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  [a, b, c] = [
    await registerUser(client, { nickName: 'Ann' }),
    await registerUser(client, { nickName: 'Ben' }),
    await registerUser(client, { nickName: 'Cid' }),
  ];
  await befriend(client, a, b);
  await befriend(client, a, c);
  for (const t of TEXTS) await sendPrivate(a, b, t);
  groupId = (await client.ok('groupCreate', { token: tok(a), body: { name: 'G', friendIds: [b.id, c.id] } })).id;
});
afterAll(() => ts?.close());

describe('matching', () => {
  it.each([
    ['Chinese, trigram', '北京见', '我们明天在北京见面吧'],
    ['Chinese, two characters (recent window)', '北京', '我们明天在北京见面吧'],
    ['Japanese', 'タワー', '東京タワーに行きました'],
    ['Korean', '서울 날씨', '오늘 서울 날씨가 좋네요'],
    ['Korean, one syllable pair', '서울', '오늘 서울 날씨가 좋네요'],
    ['Arabic', 'بالعالم', 'مرحبا بالعالم الجميل'],
    ['Latin, any case', 'quick BROWN', 'The Quick Brown Fox jumps'],
    ['Latin, short', 'Fo', 'The Quick Brown Fox jumps'],
    ['LIKE wildcards are literal', '100%', 'discount 100% off_now'],
    ['an underscore is literal', 'f_n', 'discount 100% off_now'],
    ['FTS syntax is literal', '"marks" and *', 'quote "marks" and * stars'],
  ])('%s', async (_label, keyword, text) => {
    for (const u of [a, b]) {
      const r = await search(u, { keyword });
      expect(texts(r)).toEqual([text]);
      expect(marked(r.hits[0]!).map((s) => s.toLowerCase())).toEqual([keyword.toLowerCase()]);
    }
  });

  it('finds nothing for text that is not there, or only across two messages', async () => {
    expect((await search(a, { keyword: '北京东京' })).hits).toEqual([]);
    expect((await search(a, { keyword: 'jumps 我们' })).hits).toEqual([]);
    expect((await search(a, { keyword: '100_' })).hits).toEqual([]);
  });

  it('finds file names, not image or other JSON content', async () => {
    const file = JSON.stringify({
      name: '季度报告.pdf',
      size: 10,
      url: '/uploads/files/2026/01/0123456789abcdef0123456789abcdef/r.pdf',
    });
    const id = await sendPrivate(a, c, file, MessageType.FILE);
    const r = await search(a, { keyword: '季度报告' });
    expect(r.hits.map((h) => [h.id, h.type, h.snippet])).toEqual([[id, MessageType.FILE, '季度报告.pdf']]);
    expect((await search(a, { keyword: 'uploads/files' })).hits).toEqual([]);
  });

  it('leaves recalled messages out', async () => {
    const id = await sendPrivate(a, c, 'oops wrong chat zebra');
    expect((await search(a, { keyword: 'zebra' })).hits.map((h) => h.id)).toEqual([id]);
    await client.ok('privateRecall', { token: tok(a), params: { id } });
    expect((await search(a, { keyword: 'zebra' })).hits).toEqual([]);
    expect((await search(a, { keyword: 'ze' })).hits).toEqual([]);
  });

  it('cuts a long text around the match and marks the cuts', async () => {
    await sendPrivate(a, c, `${'前'.repeat(300)}关键词${'后'.repeat(300)}`);
    const [hit] = (await search(a, { keyword: '关键词' })).hits;
    expect(hit!.snippet.startsWith('…') && hit!.snippet.endsWith('…')).toBe(true);
    expect(hit!.snippet.length).toBeLessThanOrEqual(122);
    expect(marked(hit!)).toEqual(['关键词']);
  });
});

describe('scope and paging', () => {
  it('one chat or all chats; group hits carry the group and sender', async () => {
    const g = await sendGroup(b, '大家好 hello team');
    await sendPrivate(c, a, 'hello from Cid');
    const all = await search(a, { keyword: 'hello' });
    expect(all.hits.map((h) => [h.chatType, h.targetId])).toEqual([
      [ChatType.PRIVATE, c.id],
      [ChatType.GROUP, groupId],
    ]);
    expect(all.hits[1]).toMatchObject({ id: g, sendId: b.id, sendNickName: 'Ben' });
    const inGroup = await search(a, { keyword: '大家好', chatType: ChatType.GROUP, targetId: groupId });
    expect(inGroup.hits.map((h) => h.id)).toEqual([g]);
    const withB = await search(a, { keyword: 'hello', chatType: ChatType.PRIVATE, targetId: b.id });
    expect(withB.hits).toEqual([]);
  });

  it('pages through both streams, newest first, each hit once', async () => {
    const sent: number[] = [];
    for (let i = 0; i < 7; i++) {
      sent.push(await sendPrivate(b, a, `page word ${i}`));
      sent.push(await sendGroup(c, `page word g${i}`));
    }
    for (const keyword of ['page word', 'pa']) {
      const seen: string[] = [];
      let query: Record<string, string | number> = { keyword, size: 3 };
      for (let round = 0; round < 10; round++) {
        const r = await search(a, query);
        seen.push(...r.hits.map((h) => `${h.chatType}:${h.id}`));
        if (!r.next) break;
        query = { keyword, size: 3, ...r.next };
      }
      expect(seen).toHaveLength(14);
      expect(new Set(seen).size).toBe(14);
    }
  });
});
