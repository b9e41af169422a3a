/**
 * Chat list and chat box timings in headless Chromium (issue 4, Performance): the
 * chat list with 1,000 chats and a chat holding 10,000 messages. Starts nothing
 * itself; run it against a server without the auth rate limit (npm start builds
 * the web app when needed and serves it on the same port):
 *
 *   AUTH_RATE_PER_MIN=0 RATE_LIMITS=off FRIEND_REQUESTS=off LOG_LEVEL=warn DATA_DIR=$(mktemp -d) PORT=8099 npm start
 *   npx tsx bench/src/browser-chat.ts http://127.0.0.1:8099 [runs=3] [chats=1000] [messages=10000] [pages=5]
 *
 * Seeding over REST: user A befriends B; B sends A `messages` texts (16 in flight) and A
 * marks them read (so opening the chat lands on the newest message, not the first
 * unread); then `chats` more users each befriend A and send one text. Each run then
 * uses a fresh browser context (empty IndexedDB) at 390×844, logged in as A by seeding
 * localStorage "loginInfo" (as scripts/screenshot.ts), and times with the page's clock:
 *   (a) cold start → first chat rows painted, and → chat-phase "ready" with all chats
 *       listed (includes the offline pull of every message, and of the friendship tips:
 *       12,001 frames with the defaults); then opening B's chat with
 *       all of its messages in memory (click → newest message in view) and again after
 *       going back;
 *   (b) reload (everything in IndexedDB) → first rows, → ready;
 *   (c) one scroll of the chat list top → bottom at 6,000 px/s: frame intervals (rAF);
 *   (d) opening B's chat (the stored newest 2,000) → newest message in view, then
 *       scrolling to the top `pages` times: ms per older page (50 messages);
 *   (e) a second open of the same chat after going back.
 * Prints the median of the runs and each run. CHROMIUM_PATH overrides /usr/bin/chromium.
 * Loopback only; bounded by the counts and a 30-minute deadline.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBenchBrowser, signedInContext } from './lib/bench-browser.js';
import { ChatType, MessageType, api } from '@parley/protocol';
import { median, pct, restClient } from './lib/rest.js';
import {
  backToList,
  findRow,
  loadOlderPages,
  openChat,
  scrollChatList,
  startupProbe,
  storedChatCount,
  type StartMarks,
} from './lib/page-probes.js';

const [base = 'http://127.0.0.1:8099', runsArg = '3', chatsArg = '1000', messagesArg = '10000', pagesArg = '5'] =
  process.argv.slice(2);
const [runs, nChats, nMessages, nPages] = [runsArg, chatsArg, messagesArg, pagesArg].map(Number) as [
  number,
  number,
  number,
  number,
];
const deadline = Date.now() + 30 * 60_000;
const rest = restClient(base, deadline);
const runId = Date.now().toString(36);
const password = 'bench-pass';
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const WAIT_MS = 5 * 60_000;
const SCROLL_PX_PER_S = 6000;
const LOREM =
  'Parley keeps every message in order on every terminal, whether online, offline or reconnecting at that moment. ';
const textOf = (i: number) => `#${i} ${LOREM.repeat(2).slice(0, 8 + ((i * 37) % 180))}`;
const send = (token: string, recvId: number, tmpId: string, content: string) =>
  rest.call<{ id: number }>('POST', api.privateSend.path, {
    token,
    body: { tmpId, recvId, type: MessageType.TEXT, content },
  });

console.log(`load average at start: ${load()} (1/5/15 min)`);

// ---- (1) seed
let t = performance.now();
const a = await rest.account(`bc-${runId}-a@parley.test`, password);
const b = await rest.account(`bc-${runId}-b@parley.test`, password);
await rest.call('POST', `${api.friendAdd.path}?friendId=${b.id}`, { token: a.token });
let newestFromB = 0;
await rest.pool(nMessages, 16, async (i) => {
  const m = await send(b.token, a.id, `${runId}-b-${i}`, textOf(i));
  newestFromB = Math.max(newestFromB, m.id);
});
await rest.call('PUT', `${api.privateReaded.path}?friendId=${b.id}`, { token: a.token });
console.log(`B sent A ${nMessages} messages in ${secs(t)} s (newest id ${newestFromB})`);
t = performance.now();
await rest.pool(nChats, 16, async (i) => {
  const u = await rest.account(`bc-${runId}-${i}@parley.test`, password);
  await rest.call('POST', `${api.friendAdd.path}?friendId=${a.id}`, { token: u.token });
  await send(u.token, a.id, `${runId}-u-${i}`, textOf(i));
});
console.log(`${nChats} users befriended A and sent one message in ${secs(t)} s`);

// ---- (2) browser
const want = nChats + 1;
const rowB = `chat-row-${ChatType.PRIVATE}-${b.id}`;
const newestB = `message-id:${newestFromB}`;
const results = new Map<string, number[]>();
const builds = new Set<string>();
const record = (label: string, v: number) => results.set(label, [...(results.get(label) ?? []), v]);

async function startMarks(page: Page): Promise<StartMarks> {
  await page.waitForFunction(() => window.__benchMarks?.ready !== undefined, null, {
    timeout: WAIT_MS,
    polling: 250,
  });
  return page.evaluate(() => window.__benchMarks!);
}

/** Open B's chat (row found outside the timing), then back to the list. */
async function openB(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate(findRow, rowB))) throw new Error(`${rowB} not found in the chat list`);
  const r = await page.evaluate(openChat, { row: rowB, message: newestB, timeoutMs: 60_000 });
  record(`${label}: chat box shown (ms)`, r.boxMs);
  record(`${label}: newest message visible (ms)`, r.newestMs);
}

const browser = await launchBenchBrowser();
console.log(`Chromium ${browser.version()}`);
try {
  for (let run = 1; run <= runs; run++) {
    rest.checkDeadline();
    const pair = await rest.login(a.userName, password);
    const context = await signedInContext(browser, pair);
    await context.addInitScript(startupProbe, want);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));

    // (a) cold start, then B's chat with everything in memory
    await page.goto(`${base}/#/pages/chat/chat`, { waitUntil: 'commit' });
    const cold = await startMarks(page);
    const build = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type=module]')?.src);
    builds.add(build?.split('/').pop() ?? '?');
    record('(a) cold start: first chat rows (ms)', cold.firstRow ?? NaN);
    record(`(a) cold start: ${want} chats, ready (ms)`, cold.ready ?? NaN);
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN,
    );
    record('(a) JS heap after cold start (MB)', heap / 2 ** 20);
    t = performance.now();
    while ((await page.evaluate(storedChatCount, a.id)) < want && performance.now() - t < WAIT_MS) {
      await page.waitForTimeout(250);
    }
    record('(a) ready → list saved to IndexedDB (ms)', performance.now() - t);
    await openB(page, '(a) open B, all in memory');
    await page.evaluate(backToList);
    await openB(page, '(e) second open, all in memory');
    await page.evaluate(backToList);
    await page.waitForTimeout(1500); // the 500 ms save debounce

    // (b) reload with everything stored
    await page.reload({ waitUntil: 'commit' });
    const warm = await startMarks(page);
    record('(b) reload: first chat rows (ms)', warm.firstRow ?? NaN);
    record(`(b) reload: ${want} chats, ready (ms)`, warm.ready ?? NaN);

    // (c) scroll the list, once the reload's own saving has settled
    await page.waitForTimeout(1000);
    const s = await page.evaluate(scrollChatList, SCROLL_PX_PER_S);
    record('(c) list scroll: frames per second', s.frames.length / (s.ms / 1000));
    record('(c) list scroll: p95 frame (ms)', pct(s.frames, 0.95));
    record('(c) list scroll: frames > 50 ms', s.frames.filter((f) => f > 50).length);
    record('(c) list scroll: longest frame (ms)', Math.max(...s.frames));

    // (d) open B from the stored chat, page history; (e) open again
    await openB(page, '(d) open B after reload');
    const pages = await page.evaluate(loadOlderPages, { pages: nPages, idleMs: 3000, timeoutMs: 30_000 });
    record('(d) older page of 50 (median ms)', median(pages));
    record('(d) older pages loaded', pages.length);
    await page.evaluate(backToList);
    await openB(page, '(e) second open after reload');
    await context.close();
    console.log(`run ${run} done, load average ${load()}`);
  }
} finally {
  await browser.close();
}

console.log(`\nBrowser chat bench: ${want} chats, ${nMessages} messages with B, 390×844, median of ${runs} run(s)`);
console.log(`| step | median | ${Array.from({ length: runs }, (_, i) => `run ${i + 1}`).join(' | ')} |`);
console.log(`|---|---:|${'---:|'.repeat(runs)}`);
// by step letter, in the order measured within a step
for (const [label, xs] of [...results].sort(([x], [y]) => x.slice(0, 3).localeCompare(y.slice(0, 3)))) {
  const f = (x: number) =>
    Number.isInteger(x) ? String(x) : Number.isFinite(x) ? x.toFixed(Math.abs(x) >= 100 ? 0 : 1) : '—';
  console.log(`| ${label} | ${f(median(xs))} | ${xs.map(f).join(' | ')} |`);
}
console.log(
  `\nweb build: ${[...builds].join(', ')}${builds.size > 1 ? ' (the app was rebuilt during the runs!)' : ''}`,
);
console.log(`load average at end: ${load()} (1/5/15 min, ${availableParallelism()} cores)`);
process.exit(0);
