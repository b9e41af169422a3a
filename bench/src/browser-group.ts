/**
 * Group chat timings in headless Chromium (issue 8, Performance): a group of
 * `members` (default 3,000) holding `messages` (default 10,000) texts, seen by a plain
 * member A. Starts nothing itself:
 *
 *   AUTH_RATE_PER_MIN=0 RATE_LIMITS=off FRIEND_REQUESTS=off LOG_LEVEL=warn DATA_DIR=$(mktemp -d) PORT=8099 npm start
 *   npx tsx bench/src/browser-group.ts http://127.0.0.1:8099 [runs=3] [members=3000] [messages=10000]
 *
 * Seeding over REST: the owner O befriends everyone and invites them (50 a call); O
 * sends the texts (16 in flight); A reads up to the newest. Each run uses a fresh
 * context (empty IndexedDB) at 390×844 logged in as A and times, with the page clock:
 *   (a) cold start → chat list ready (pulls every group message);
 *   (b) opening the group chat → its newest message in view, and a second open;
 *   (c) the member page → first member row painted, → all members listed, and
 *       scrolled to the end → the last row painted.
 * BENCH_SEED=path reuses (or saves) the seeded group so a re-run after a web change skips
 * seeding; BENCH_PROFILE=path writes a DevTools CPU profile of the first group-chat open.
 * Loopback only; bounded by the counts and a 30-minute deadline.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchBenchBrowser, signedInContext } from './lib/bench-browser.js';
import { ChatType, MessageType, api } from '@parley/protocol';
import { median, restClient, type Account } from './lib/rest.js';
import { backToList, findRow, openChat, startupProbe, type StartMarks } from './lib/page-probes.js';

const [base = 'http://127.0.0.1:8099', runsArg = '3', membersArg = '3000', messagesArg = '10000'] =
  process.argv.slice(2);
const [runs, nMembers, nMessages] = [runsArg, membersArg, messagesArg].map(Number) as [number, number, number];
const rest = restClient(base, Date.now() + 30 * 60_000);
const runId = Date.now().toString(36);
const password = 'bench-pass';
const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
const WAIT_MS = 5 * 60_000;
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 1000);

// ---- seed (BENCH_SEED=file keeps the seeded group for re-runs against the same server)
interface Seed {
  a: Account;
  groupId: number;
  newest: number;
}
async function seedGroup(): Promise<Seed> {
  let t = performance.now();
  const owner = await rest.account(`bg-${runId}-o@parley.test`, password);
  const a = await rest.account(`bg-${runId}-a@parley.test`, password);
  const others: Account[] = [];
  await rest.pool(nMembers - 2, 16, async (i) => {
    others.push(await rest.account(`bg-${runId}-${i}@parley.test`, password));
  });
  const everyone = [a, ...others];
  await rest.pool(everyone.length, 16, async (i) => {
    await rest.call('POST', `${api.friendAdd.path}?friendId=${everyone[i]!.id}`, { token: owner.token });
  });
  const group = await rest.call<{ id: number }>('POST', api.groupCreate.path, {
    token: owner.token,
    body: { name: 'Big group' },
  });
  for (let i = 0; i < everyone.length; i += 50) {
    const friendIds = everyone.slice(i, i + 50).map((u) => u.id);
    await rest.call('POST', api.groupInvite.path, { token: owner.token, body: { groupId: group.id, friendIds } });
  }
  console.log(`group of ${nMembers} members ready in ${secs(t)} s`);
  t = performance.now();
  let newest = 0;
  await rest.pool(nMessages, 16, async (i) => {
    const m = await rest.call<{ id: number }>('POST', api.groupSend.path, {
      token: owner.token,
      body: { tmpId: `${runId}-${i}`, groupId: group.id, type: MessageType.TEXT, content: `#${i} hello group` },
    });
    newest = Math.max(newest, m.id);
  });
  await rest.call('PUT', `${api.groupReaded.path}?groupId=${group.id}&messageId=${newest}`, { token: a.token });
  console.log(`${nMessages} group messages in ${secs(t)} s (newest id ${newest})`);
  return { a, groupId: group.id, newest };
}
const seedFile = process.env.BENCH_SEED;
const seed: Seed =
  seedFile && existsSync(seedFile) ? (JSON.parse(readFileSync(seedFile, 'utf8')) as Seed) : await seedGroup();
if (seedFile) writeFileSync(seedFile, JSON.stringify(seed));
const { a, groupId, newest } = seed;

// ---- browser
const row = `chat-row-${ChatType.GROUP}-${groupId}`;
const results = new Map<string, number[]>();
const record = (label: string, v: number) => results.set(label, [...(results.get(label) ?? []), v]);

/**
 * The member page (a virtual list of 60 px rows): first row painted; the list's height
 * saying every member is listed; then, scrolled to the end, the last row painted.
 */
function membersProbe({ want, hash }: { want: number; hash: string }) {
  const t0 = performance.now();
  location.hash = hash;
  const ROW = 60;
  return new Promise<{ first: number; all: number; end: number; count: number }>((resolve) => {
    let first = NaN;
    let all = NaN;
    let scrolledAt = NaN;
    const tick = () => {
      const now = performance.now();
      const list = document.querySelector<HTMLElement>('[data-testid="group-member-list"]');
      const rows = list?.querySelectorAll<HTMLElement>('[data-testid^="group-member-"]') ?? [];
      const count = list ? Math.round(parseFloat(list.style.height) / ROW) : 0;
      if (Number.isNaN(first) && rows.length > 0) first = now - t0;
      if (!Number.isNaN(first) && Number.isNaN(all) && count >= want) {
        all = now - t0;
        const scroller = list!.closest<HTMLElement>('.page__scroller')!;
        scroller.scrollTop = scroller.scrollHeight;
        scrolledAt = now;
      } else if (!Number.isNaN(all)) {
        const last = rows[rows.length - 1]?.closest<HTMLElement>('.virtual-list__item');
        const bottom = last ? last.offsetTop + new DOMMatrix(getComputedStyle(last).transform).m42 + ROW : 0;
        if (bottom >= count * ROW - 1) return resolve({ first, all, end: now - scrolledAt, count });
      }
      if (now - t0 > 60_000) return resolve({ first, all, end: NaN, count });
      requestAnimationFrame(tick);
    };
    tick();
  });
}

/** Starts the page's CPU profiler; the returned function stops it and writes BENCH_PROFILE. */
async function startProfile(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    await cdp.detach();
  };
}

/** The scripts and styles fetched in the last two seconds, with their start and duration (ms, page clock). */
function resourceTimes(): string {
  const now = performance.now();
  return performance
    .getEntriesByType('resource')
    .filter((e) => e.startTime > now - 2000)
    .map((e) => `${e.name.split('/').pop()} at -${(now - e.startTime).toFixed(0)} took ${e.duration.toFixed(0)}`)
    .join('\n');
}

async function ready(page: Page): Promise<StartMarks> {
  await page.waitForFunction(() => window.__benchMarks?.ready !== undefined, null, { timeout: WAIT_MS, polling: 250 });
  return page.evaluate(() => window.__benchMarks!);
}

const browser = await launchBenchBrowser();
try {
  for (let run = 1; run <= runs; run++) {
    const pair = await rest.login(a.userName, password);
    const context = await signedInContext(browser, pair);
    await context.addInitScript(startupProbe, 2);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));
    await page.goto(`${base}/#/pages/chat/chat`, { waitUntil: 'commit' });
    const cold = await ready(page);
    record(`(a) cold start with ${nMessages} group messages: list ready (ms)`, cold.ready ?? NaN);
    if (!(await page.evaluate(findRow, row))) throw new Error(`${row} not in the chat list`);
    // As a user does: the list shows, then a tap (BENCH_SETTLE_MS=0 taps in the ready frame).
    await page.waitForTimeout(settleMs);
    const profile = process.env.BENCH_PROFILE && run === 1 ? await startProfile(page) : undefined;
    const first = await page.evaluate(openChat, { row, message: `message-id:${newest}`, timeoutMs: 60_000 });
    if (profile) await profile();
    record('(b) open the group chat: chat box shown (ms)', first.boxMs);
    if (process.env.BENCH_PROFILE && run === 1) console.log(await page.evaluate(resourceTimes));
    record('(b) open the group chat: newest message visible (ms)', first.newestMs);
    await page.evaluate(backToList);
    const again = await page.evaluate(openChat, { row, message: `message-id:${newest}`, timeoutMs: 60_000 });
    record('(b) second open: newest message visible (ms)', again.newestMs);
    // From the chat box, as the group info page's "all members" link would.
    const m = await page.evaluate(membersProbe, {
      want: nMembers,
      hash: `#/pages/group/group-member?groupId=${groupId}`,
    });
    record(`(c) member page: first row (ms)`, m.first);
    record(`(c) member page: all ${m.count} members listed (ms)`, m.all);
    record('(c) member page: scrolled to the end, last row shown (ms)', m.end);
    await context.close();
    console.log(`run ${run} done`);
  }
} finally {
  await browser.close();
}
console.log(
  `\nBrowser group bench: ${nMembers} members, ${nMessages} messages, 390×844, tap ${settleMs} ms after ready, median of ${runs} run(s)`,
);
for (const [label, xs] of results)
  console.log(`| ${label} | ${median(xs).toFixed(0)} | ${xs.map((x) => x.toFixed(0)).join(' | ')} |`);
process.exit(0);
