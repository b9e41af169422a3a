/**
 * One user's burst against everyone else (hardening issue, point 8): 1,500 concurrent
 * `GET /message/group/history` from one user while a second user polls `GET /user/self`
 * one call after another. Prints, per round, the bystander's p50/p99 over the calls made
 * during the burst, how many of them were shed, the burst's statuses (200 / 503 / other)
 * and the load average; then the median of the rounds. Target: bystander p99 ≤ 250 ms.
 *
 *   npx tsx bench/src/shed-burst.ts [sqlite|postgres] [burst=1500] [rounds=3]
 *
 * The compiled server starts with its production settings (MAX_IN_FLIGHT,
 * MAX_EVENT_LOOP_DELAY_MS, MAX_IN_FLIGHT_PER_USER at their defaults; only the rate limits
 * are off, lib/server.ts). The burst opens its 1,500 connections at once and writes each
 * request as soon as its connection is up (`Connection: close`), as 1,500 concurrent
 * fetches do. The bystander runs in a worker thread (its own event loop:
 * the burst's client work does not delay its timings) on one keep-alive connection.
 * BENCH_SERVER_ROOT runs another checkout's server (before/after). Loopback only;
 * bounded by the counts and a 5-minute deadline.
 */
import net from 'node:net';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ACCESS_TOKEN_HEADER, API_BASE, MessageType, api } from '@parley/protocol';
import { median, pct, restClient } from './lib/rest.js';
import { startBenchServer } from './lib/server.js';

const [dbArg = 'sqlite', burstArg = '1500', roundsArg = '3'] = process.argv.slice(2);
if (dbArg !== 'sqlite' && dbArg !== 'postgres') throw new Error('database: sqlite or postgres');
const db = dbArg;
const burst = Number(burstArg);
const rounds = Number(roundsArg);
const deadline = Date.now() + 5 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The bystander: `GET /user/self` one after another until told to stop; [start, ms, status] per call. */
const BYSTANDER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, header, token } = workerData;
let running = true;
const samples = [];
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const t0 = performance.timeOrigin + performance.now();
    let status = 0;
    try {
      const res = await fetch(url, { headers: { [header]: token } });
      await res.arrayBuffer();
      status = res.status;
    } catch { status = -1; }
    samples.push([t0, performance.timeOrigin + performance.now() - t0, status]);
    await new Promise((r) => setTimeout(r, 5));
  }
  parentPort.postMessage(samples);
})();
`;

const server = await startBenchServer(db, {}, deadline);
try {
  const rest = restClient(server.base, deadline);
  const tag = Date.now().toString(36);
  const heavy = await rest.account(`burst${tag}@bench.local`, 'bench-pass-1');
  const bystander = await rest.account(`bystander${tag}@bench.local`, 'bench-pass-1');
  const group = await rest.call<{ id: number }>('POST', api.groupCreate.path, {
    token: heavy.token,
    body: { name: 'burst' },
  });
  for (let i = 0; i < 40; i++) {
    await rest.call('POST', api.groupSend.path, {
      token: heavy.token,
      body: { tmpId: `b${i}`, groupId: group.id, type: MessageType.TEXT, content: `history line ${i}` },
    });
  }
  const { port } = new URL(server.base);
  const historyPath = `${API_BASE}${api.groupHistory.path}?groupId=${group.id}&page=1&size=20`;
  const request =
    `GET ${historyPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${ACCESS_TOKEN_HEADER}: ${heavy.token}\r\n` +
    'Connection: close\r\n\r\n';

  /**
   * `n` requests on `n` new connections, as `n` concurrent fetches make them: every
   * connection opened at once, each request written as soon as its connection is up.
   */
  async function fire(n: number): Promise<{ statuses: Map<number, number>; ms: number }> {
    const statuses = new Map<number, number>();
    const t0 = performance.now();
    await Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<void>((resolve) => {
            let head = '';
            const s = net.connect(Number(port), '127.0.0.1', () => s.write(request));
            s.on('data', (chunk: Buffer) => {
              if (head.length < 16) head += chunk.toString('latin1', 0, 16);
            });
            s.on('error', () => undefined);
            s.once('close', () => {
              const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? -1);
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              resolve();
            });
          }),
      ),
    );
    return { statuses, ms: performance.now() - t0 };
  }

  // Warm-up: JIT, the token and fact caches.
  await fire(100);
  await sleep(1500);

  const results: { p50: number; p99: number; shed: number; calls: number; ok: number; s503: number }[] = [];
  for (let round = 1; round <= rounds; round++) {
    rest.checkDeadline();
    const worker = new Worker(BYSTANDER, {
      eval: true,
      workerData: {
        url: server.base + API_BASE + api.userSelf.path,
        header: ACCESS_TOKEN_HEADER,
        token: bystander.token,
      },
    });
    const samplesP = new Promise<[number, number, number][]>((resolve) => worker.once('message', resolve));
    await sleep(500);
    const loadBefore = load();
    const start = performance.timeOrigin + performance.now();
    const { statuses, ms } = await fire(burst);
    const end = performance.timeOrigin + performance.now();
    worker.postMessage('stop');
    const samples = await samplesP;
    await worker.terminate();
    // The bystander's calls that overlapped the burst.
    const during = samples.filter(([t0, took]) => t0 + took >= start && t0 <= end);
    const times = during.map(([, took]) => took);
    const shed = during.filter(([, , status]) => status !== 200).length;
    const r = {
      p50: pct(times, 0.5),
      p99: pct(times, 0.99),
      shed,
      calls: during.length,
      ok: statuses.get(200) ?? 0,
      s503: statuses.get(503) ?? 0,
    };
    results.push(r);
    const other = [...statuses].filter(([s]) => s !== 200 && s !== 503);
    console.log(
      `round ${round} (${db}): burst of ${burst} in ${ms.toFixed(0)} ms: ${r.ok} × 200, ${r.s503} × 503` +
        `${other.length ? `, other ${JSON.stringify(other)}` : ''}; bystander ${r.calls} calls during it, ` +
        `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, not 200: ${r.shed}; load ${loadBefore} → ${load()}`,
    );
    await sleep(1500);
  }
  const m = (f: (r: (typeof results)[number]) => number) => median(results.map(f));
  console.log(
    `median of ${rounds} (${db}): bystander p50 ${m((r) => r.p50).toFixed(1)} ms, p99 ${m((r) => r.p99).toFixed(1)} ms, ` +
      `not 200 ${m((r) => r.shed)}; burst 503s ${m((r) => r.s503)} of ${burst}; load ${load()}`,
  );
} finally {
  await server.stop();
}
