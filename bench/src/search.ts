/**
 * Message search latency over 100,000 stored messages (issue 11, "Performance"):
 *   npx tsx bench/src/search.ts [sqlite|postgres] [searches=1000] [messages=100000]
 * Starts a server in-process on a fresh database (SQLite in a temp DATA_DIR, or a new
 * PostgreSQL database on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres,
 * dropped at the end), seeds users, friendships, groups and messages in Chinese,
 * Japanese, Korean, Arabic and English with direct inserts (the triggers and indexes
 * of migration 0011 index them as the services' writes would), then runs the searches
 * one at a time and prints p50/p95/p99 of the server's time (the search service call)
 * and of the HTTP round trip (GET /api/message/search on 127.0.0.1). Target: p95 ≤ 50 ms.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_BASE, ChatType, MessageStatus, MessageType, type SearchQuery } from '@parley/protocol';
import { createApp, loadConfig } from '../../packages/server/src/index.js';

const [dialect = 'sqlite', searchesArg = '1000', messagesArg = '100000'] = process.argv.slice(2);
const SEARCHES = Number(searchesArg);
const MESSAGES = Number(messagesArg);
const USERS = 200;
const GROUPS = 40;
const GROUP_SIZE = 25;

const VOCAB = {
  zh: [
    '北京',
    '上海',
    '会议',
    '明天',
    '报告',
    '项目',
    '午饭',
    '电影',
    '天气',
    '朋友',
    '周末',
    '计划',
    '预算',
    '客户',
    '设计',
  ],
  ja: ['東京', '会議', '明日', 'ラーメン', '映画', '天気', '友達', '週末', 'プロジェクト', '資料'],
  ko: ['서울', '회의', '내일', '영화', '날씨', '친구', '주말', '프로젝트', '보고서', '점심'],
  ar: ['مرحبا', 'اجتماع', 'غدا', 'تقرير', 'مشروع', 'الطقس', 'صديق', 'عطلة', 'ميزانية', 'عميل'],
  en: [
    'meeting',
    'tomorrow',
    'report',
    'project',
    'lunch',
    'movie',
    'weather',
    'weekend',
    'budget',
    'deadline',
    'client',
    'design',
    'coffee',
    'review',
    'launch',
  ],
} as const;
type Lang = keyof typeof VOCAB;
const LANGS = Object.keys(VOCAB) as Lang[];

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
function sentence(): string {
  const lang = pick(LANGS);
  const words = Array.from({ length: 4 + Math.floor(rand() * 9) }, () => pick(VOCAB[lang]));
  return words.join(lang === 'zh' || lang === 'ja' ? '' : ' ');
}

// ---- server on a fresh database
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-bench-search-'));
let dropDb: (() => Promise<void>) | undefined;
let databaseUrl: string | undefined;
if (dialect === 'postgres') {
  const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `parley_bench_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await run(`create database ${name}`);
  dropDb = () => run(`drop database if exists ${name} with (force)`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const config = loadConfig(
  {},
  { dataDir, databaseUrl, port: 0, host: '127.0.0.1', rateLimits: 'off', logLevel: 'warn' },
);
const server = await createApp(config);
const base = await server.listen();
const db = server.db.kysely;

// ---- seed
const t0 = performance.now();
const now = Date.now();
const searcher = await fetch(`${base}${API_BASE}/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: 'searcher@example.com', password: 'secret1' }),
}).then(async (r) => ((await r.json()) as { data: unknown }).data);
void searcher;
const login = (await fetch(`${base}${API_BASE}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ terminal: 0, userName: 'searcher@example.com', password: 'secret1' }),
}).then((r) => r.json())) as { data: { accessToken: string } };
const token = login.data.accessToken;
const me = (
  await db.selectFrom('users').select('id').where('user_name', '=', 'searcher@example.com').executeTakeFirstOrThrow()
).id;

const userRows = Array.from({ length: USERS - 1 }, (_, i) => ({
  user_name: `u${i}@bench.example`,
  nick_name: `User ${i}`,
  password_hash: 'x',
  created_at: now,
}));
const others = (
  await db
    .insertInto('users')
    .values(userRows as never)
    .returning('id')
    .execute()
).map((r) => r.id);
const everyone = [me, ...others];
// The searcher talks with 40 of them; the rest talk among themselves.
const partners = others.slice(0, 40);
const friendRows = partners.flatMap((p) => [
  { user_id: me, friend_id: p, created_at: now },
  { user_id: p, friend_id: me, created_at: now },
]);
await db
  .insertInto('friends')
  .values(friendRows as never)
  .execute();

const groupIds: number[] = [];
for (let g = 0; g < GROUPS; g++) {
  const owner = g < 10 ? me : pick(others);
  const { id } = await db
    .insertInto('groups')
    .values({ name: `Group ${g}`, owner_id: owner, created_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  groupIds.push(id);
  const members = new Set([owner, ...Array.from({ length: GROUP_SIZE - 1 }, () => pick(others))]);
  await db
    .insertInto('group_members')
    .values([...members].map((user_id) => ({ group_id: id, user_id, created_at: now })) as never)
    .execute();
}

const BATCH = 500;
const privateCount = Math.round(MESSAGES * 0.6);
for (let done = 0; done < MESSAGES; done += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, MESSAGES - done) }, (_, k) => {
    const i = done + k;
    const file = rand() < 0.05;
    const content = file
      ? JSON.stringify({
          name: `${pick(VOCAB[pick(LANGS)])}-${i}.pdf`,
          size: 1000,
          url: `/uploads/files/2026/01/${'0'.repeat(32)}/f.pdf`,
        })
      : sentence();
    return { content, type: file ? MessageType.FILE : MessageType.TEXT, send_time: now - (MESSAGES - i) * 1000, i };
  });
  if (done < privateCount) {
    await db
      .insertInto('private_messages')
      .values(
        rows.map(({ content, type, send_time }) => {
          const mine = rand() < 0.25;
          const [a, b] = mine ? [me, pick(partners)] : [pick(others), pick(others)];
          const [send_id, recv_id] = rand() < 0.5 ? [a, b] : [b, a];
          return { send_id, recv_id, type, content, status: MessageStatus.SENDED, send_time };
        }),
      )
      .execute();
  } else {
    await db
      .insertInto('group_messages')
      .values(
        rows.map(({ content, type, send_time }) => ({
          group_id: pick(groupIds),
          send_id: pick(everyone),
          send_nick_name: 'Someone',
          type,
          content,
          status: MessageStatus.SENDED,
          send_time,
        })) as never,
      )
      .execute();
  }
}
if (server.db.dialect === 'postgres') await (await import('kysely')).sql`ANALYZE`.execute(db);
console.log(
  `${dialect}: seeded ${MESSAGES} messages, ${USERS} users, ${GROUPS} groups in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// ---- searches: all chats and one chat, every language, short (window) and trigram keywords
const keywords = LANGS.flatMap((l) => VOCAB[l]);
const queries: SearchQuery[] = Array.from({ length: SEARCHES }, (_, i) => {
  const keyword = i % 10 === 9 ? `${pick(keywords)}${pick(keywords)}` : pick(keywords);
  const scope = i % 3;
  if (scope === 1) return { keyword, chatType: ChatType.PRIVATE, targetId: pick(partners), size: 20 };
  if (scope === 2) return { keyword, chatType: ChatType.GROUP, targetId: groupIds[i % 10]!, size: 20 };
  return { keyword, size: 20 };
});

const serverTimes: number[] = [];
const httpTimes: number[] = [];
let hits = 0;
for (const q of queries) {
  const s0 = performance.now();
  const reply = await server.services.search.search(me, q);
  serverTimes.push(performance.now() - s0);
  hits += reply.hits.length;
  const url = new URL(`${base}${API_BASE}/message/search`);
  for (const [k, v] of Object.entries(q)) url.searchParams.set(k, String(v));
  const h0 = performance.now();
  const res = await fetch(url, { headers: { accessToken: token } });
  await res.arrayBuffer();
  httpTimes.push(performance.now() - h0);
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0).toFixed(1);
};
const line = (label: string, xs: number[]) =>
  `${label}: p50 ${pct(xs, 0.5)} ms  p95 ${pct(xs, 0.95)} ms  p99 ${pct(xs, 0.99)} ms  max ${pct(xs, 1)} ms`;
console.log(
  `${SEARCHES} searches (1/3 all chats, 1/3 a private chat, 1/3 a group; ${(hits / SEARCHES).toFixed(1)} hits each)`,
);
console.log(line('server (search service)', serverTimes));
console.log(line('HTTP round trip        ', httpTimes));
if (process.env.BENCH_SLOW) {
  const slow = queries.map((q, i) => ({ q, ms: serverTimes[i]! })).sort((a, b) => b.ms - a.ms);
  for (const { q, ms } of slow.slice(0, 15)) {
    const again: number[] = [];
    for (let k = 0; k < 3; k++) {
      const s0 = performance.now();
      await server.services.search.search(me, q);
      again.push(performance.now() - s0);
    }
    console.log(ms.toFixed(1), 'then', again.map((x) => x.toFixed(1)).join(' '), JSON.stringify(q));
  }
}

await server.close();
if (process.env.BENCH_KEEP) {
  console.log(`kept ${databaseUrl ?? dataDir}; searcher id ${me}`);
} else {
  await dropDb?.();
  await fs.rm(dataDir, { recursive: true, force: true });
}
