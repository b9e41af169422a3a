/**
 * Private message delivery latency: sender's HTTP send → receiver's socket frame.
 * Starts nothing itself; run it against a server without rate limits (all load comes from one address):
 *
 *   AUTH_RATE_PER_MIN=0 RATE_LIMITS=off FRIEND_REQUESTS=off DATA_DIR=$(mktemp -d) PORT=8099 npm start
 *   npx tsx bench/src/delivery-latency.ts http://127.0.0.1:8099 1000 100,200,400,800,1600 5
 *
 * Arguments: base URL, users (default 1000), rates in messages/s (default
 * 100,200,400,800,1600), seconds per rate (default 5). It registers the users (16 at
 * a time), makes them friends in pairs (0-1, 2-3, …), logs every user's socket in,
 * then for each rate sends TEXT messages from random users to their friend, paced by
 * a 5 ms ticker, and times each until it arrives on the friend's socket. Prints
 * p50/p99 per rate and the highest rate whose p99 stayed ≤ 100 ms with nothing lost.
 * Loopback only; bounded by the user count, the rates and a 10-minute deadline.
 */
import { WebSocket } from 'ws';
import { Cmd, MessageType, Terminal, Timing, WS_PATH, api, fillPath, type TokenPair } from '@parley/protocol';
import { pct, restClient } from './lib/rest.js';

const [base = 'http://127.0.0.1:8099', count = '1000', ratesArg = '100,200,400,800,1600', secondsArg = '5'] =
  process.argv.slice(2);
const n = Math.max(2, Number(count) - (Number(count) % 2));
const rates = ratesArg.split(',').map(Number);
const stepSeconds = Number(secondsArg);
const P99_BUDGET_MS = 100;
/** Sends in flight at most, so an overloaded server slows the bench instead of drowning. */
const MAX_IN_FLIGHT = 2000;
const deadline = Date.now() + 10 * 60_000;
const runId = Date.now().toString(36);

const { call, pool, checkDeadline } = restClient(base, deadline);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- setup: users, friends, sockets
const tokens: string[] = [];
const ids: number[] = [];
const sockets: WebSocket[] = [];
let t = performance.now();
await pool(n, 16, async (i) => {
  const userName = `lat-${runId}-${i}@parley.test`;
  await call('POST', api.register.path, { body: { userName, password: 'bench-pass' } });
  const pair = await call<TokenPair>('POST', api.login.path, {
    body: { terminal: Terminal.WEB, userName, password: 'bench-pass' },
  });
  tokens[i] = pair.accessToken;
  ids[i] = (await call<{ id: number }>('GET', api.userSelf.path, { token: pair.accessToken })).id;
});
console.log(`registered ${n} users in ${((performance.now() - t) / 1000).toFixed(1)} s`);

t = performance.now();
await pool(n / 2, 16, async (k) => {
  await call('POST', `${api.friendAdd.path}?friendId=${ids[2 * k + 1]}`, { token: tokens[2 * k] });
});
console.log(`${n / 2} friendships in ${((performance.now() - t) / 1000).toFixed(1)} s`);

/** Pending sends by content key → send start time; resolved on the receiver's socket. */
const pending = new Map<string, number>();
let latencies: number[] = [];

t = performance.now();
await pool(n, 64, async (i) => {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + WS_PATH);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as { cmd: number; data?: { type?: number; content?: string } };
      if (frame.cmd === Cmd.LOGIN) return resolve();
      if (frame.cmd !== Cmd.PRIVATE_MESSAGE || frame.data?.type !== MessageType.TEXT) return;
      const key = frame.data.content ?? '';
      const t0 = pending.get(key);
      if (t0 === undefined) return;
      pending.delete(key);
      latencies.push(performance.now() - t0);
    });
    ws.once('close', () => reject(new Error(`socket ${i} closed`)));
    ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: tokens[i] } }));
  });
  sockets[i] = ws;
});
console.log(`${n} sockets logged in in ${((performance.now() - t) / 1000).toFixed(1)} s`);
const heartbeat = setInterval(() => {
  for (const ws of sockets) ws.send(JSON.stringify({ cmd: Cmd.HEARTBEAT, data: {} }));
}, Timing.HEARTBEAT_MS);

// ---- steps
interface Row {
  rate: number;
  sent: number;
  achieved: number;
  received: number;
  lost: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}
const rows: Row[] = [];
let seq = 0;
for (const rate of rates) {
  checkDeadline();
  latencies = [];
  pending.clear();
  let sent = 0;
  let failed = 0;
  let inFlight = 0;
  const total = rate * stepSeconds;
  const started = performance.now();
  const sends: Promise<void>[] = [];
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    while (sent < due && inFlight < MAX_IN_FLIGHT) {
      const from = Math.floor(Math.random() * n);
      const key = `b:${runId}:${++seq}`;
      sent++;
      inFlight++;
      pending.set(key, performance.now());
      sends.push(
        call('POST', fillPath(api.privateSend.path), {
          token: tokens[from],
          body: { tmpId: key, recvId: ids[from ^ 1], type: MessageType.TEXT, content: key },
        }).then(
          () => void inFlight--,
          () => {
            inFlight--;
            failed++;
            pending.delete(key);
          },
        ),
      );
    }
    await sleep(5);
  }
  const achieved = sent / ((performance.now() - started) / 1000);
  await Promise.all(sends);
  // Stragglers: give the sockets a moment after the last reply.
  for (let i = 0; i < 40 && pending.size > 0; i++) await sleep(50);
  const sorted = [...latencies].sort((a, b) => a - b);
  rows.push({
    rate,
    sent,
    achieved,
    received: sorted.length,
    lost: pending.size,
    failed,
    p50: pct(sorted, 0.5),
    p99: pct(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  });
  const r = rows.at(-1)!;
  console.log(
    `rate ${String(rate).padStart(5)}/s: sent ${r.sent} (${r.achieved.toFixed(0)}/s), received ${r.received}, ` +
      `lost ${r.lost}, failed ${r.failed}, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
  );
  await sleep(500);
}

clearInterval(heartbeat);
for (const ws of sockets) ws.close();

console.log(`\nDelivery latency, ${n} connected users, ${stepSeconds} s per rate (sender HTTP send → receiver socket)`);
console.log('| target msg/s | achieved msg/s | received | lost | failed | p50 ms | p99 ms | max ms |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const cells = [
    r.rate,
    r.achieved.toFixed(0),
    r.received,
    r.lost,
    r.failed,
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(1),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
const ok = rows.filter((r) => r.p99 <= P99_BUDGET_MS && r.lost === 0 && r.failed === 0 && r.achieved >= r.rate * 0.95);
const best = ok.reduce((m, r) => Math.max(m, r.rate), 0);
console.log(
  best ? `\nHighest rate with p99 ≤ ${P99_BUDGET_MS} ms: ${best} msg/s` : `\nNo rate kept p99 ≤ ${P99_BUDGET_MS} ms`,
);
process.exit(0);
