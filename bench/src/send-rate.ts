/**
 * The highest private-send rate with p99 ≤ 100 ms (issue 12: ≥ 5,000 msg/s at 1,000
 * online users). Starts the compiled server (SQLite or PostgreSQL), seeds N users in
 * friend pairs (lib/seed.ts; SQLite only) or registers them (PostgreSQL), logs every
 * user's WEB socket in, then sends at each rate for a few seconds, open loop (a 5 ms
 * ticker keeps to the rate whatever the replies do), through a lean pipelined client
 * (lib/pipeline.ts), and times each message from the send to its frame on the receiver's
 * socket. Prints per rate: achieved rate, p50/p99, lost, shed (503, sent again with the
 * same tmpId), the server's CPU per 1,000 sends and the load average; then the highest
 * rate whose p99 stayed ≤ 100 ms with nothing lost.
 *
 *   npx tsx bench/src/send-rate.ts [users=1000] [rates=1000,2000,3000,4000,5000,6000] [seconds=5]
 *
 * Loopback only; bounded by the counts, the rates and a 10-minute deadline.
 */
import { loadavg } from 'node:os';
import { WebSocket } from 'ws';
import { Cmd, MessageType, WS_PATH, api, fillPath } from '@parley/protocol';
import { processCpu } from './lib/cpu.js';
import { pipelinedClient } from './lib/pipeline.js';
import { pct } from './lib/rest.js';
import { seedUsers } from './lib/seed.js';
import { startBenchServer } from './lib/server.js';

const [usersArg = '1000', ratesArg = '1000,2000,3000,4000,5000,6000', secondsArg = '5'] = process.argv.slice(2);
const n = Math.max(2, Number(usersArg) - (Number(usersArg) % 2));
const rates = ratesArg.split(',').map(Number);
const stepSeconds = Number(secondsArg);
const P99_BUDGET_MS = 100;
/** Sends in flight at most, so an overloaded server slows the bench instead of drowning it. */
const MAX_IN_FLIGHT = 4000;
const deadline = Date.now() + 10 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startBenchServer('sqlite', {}, deadline);
const sockets: WebSocket[] = [];
const lean = pipelinedClient(server.base, 16);
try {
  const users = await seedUsers(server.dataDir, n, true);
  const pending = new Map<string, number>();
  let latencies: number[] = [];
  const t = performance.now();
  for (let i = 0; i < n; i += 200) {
    const batch = users.slice(i, i + 200).map(
      (u) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(server.base.replace(/^http/, 'ws') + WS_PATH, { perMessageDeflate: false });
          sockets.push(ws);
          ws.once('error', reject);
          ws.on('open', () => ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: u.web } })));
          ws.on('message', (raw: Buffer) => {
            const text = raw.toString();
            if (text.startsWith('{"cmd":0')) return resolve();
            // The content is the tmpId: read it without parsing the whole frame.
            const at = text.indexOf('"content":"r:');
            if (at < 0) return;
            const key = text.slice(at + 11, text.indexOf('"', at + 11));
            const t0 = pending.get(key);
            if (t0 === undefined) return;
            pending.delete(key);
            latencies.push(performance.now() - t0);
          });
        }),
    );
    await Promise.all(batch);
  }
  console.log(`${n} users online in ${((performance.now() - t) / 1000).toFixed(1)} s (database sqlite)`);

  // Heartbeats keep the sockets alive through the run (idle close is 60 s).
  const beat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('{"cmd":1}');
  }, 20_000);

  let seq = 0;
  let shed = 0;
  let failed = 0;
  const sendOne = async (k: number) => {
    const from = users[2 * k + (seq & 1)]!;
    const to = users[2 * k + 1 - (seq & 1)]!;
    const key = `r:${++seq}`;
    pending.set(key, performance.now());
    const body = { tmpId: key, recvId: to.id, type: MessageType.TEXT, content: key };
    for (let attempt = 0; attempt < 20; attempt++) {
      const reply = await lean.post(fillPath(api.privateSend.path), from.web, body);
      if (reply.status === 200) return;
      if (reply.status !== 503) break;
      shed++;
      // As the web client does (api/shed.ts): after Retry-After, spread at random.
      await sleep((reply.retryAfter ?? 1) * 1000 * (1 + Math.random() * 0.5));
    }
    failed++;
  };

  const results: {
    rate: number;
    achieved: number;
    p50: number;
    p99: number;
    lost: number;
    cpu: number;
    client: number;
  }[] = [];
  // A warm-up step first (JIT, caches, the first batches), not reported.
  for (const [step, rate] of [Math.min(2000, rates[0]!), ...rates].entries()) {
    const warm = step === 0;
    latencies = [];
    pending.clear();
    shed = 0;
    failed = 0;
    const seconds = warm ? 3 : stepSeconds;
    const total = Math.round(rate * seconds);
    const cpu0 = processCpu(server.pid);
    const own0 = process.cpuUsage();
    const start = performance.now();
    let sent = 0;
    let inFlight = 0;
    const all: Promise<void>[] = [];
    while (sent < total) {
      if (Date.now() > deadline) throw new Error('deadline passed');
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (sent < due && inFlight < MAX_IN_FLIGHT) {
        inFlight++;
        all.push(sendOne(sent % (n / 2)).finally(() => inFlight--));
        sent++;
      }
      await sleep(5);
    }
    await Promise.all(all);
    const sendSeconds = (performance.now() - start) / 1000;
    for (let i = 0; i < 200 && pending.size > 0; i++) await sleep(10);
    const cpu = processCpu(server.pid) - cpu0;
    const own = process.cpuUsage(own0);
    const clientCpu = (own.user + own.system) / 1e6;
    const row = {
      rate,
      achieved: total / sendSeconds,
      p50: pct(latencies, 0.5),
      p99: pct(latencies, 0.99),
      lost: pending.size + failed,
      cpu: (cpu / total) * 1000,
      client: (clientCpu / total) * 1000,
    };
    if (warm) continue;
    results.push(row);
    console.log(
      `rate ${rate}/s: achieved ${row.achieved.toFixed(0)}/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ` +
        `lost ${row.lost}, shed ${shed}, CPU s/1,000: server ${row.cpu.toFixed(3)}, load generator ${row.client.toFixed(3)}; ` +
        `load average ${loadavg()[0]!.toFixed(2)}`,
    );
    await sleep(1000);
  }
  clearInterval(beat);
  const ok = results.filter((r) => r.p99 <= P99_BUDGET_MS && r.lost === 0 && r.achieved >= r.rate * 0.95);
  const best = ok.length ? Math.max(...ok.map((r) => r.rate)) : 0;
  console.log(`highest rate with p99 ≤ ${P99_BUDGET_MS} ms and nothing lost: ${best}/s`);
} finally {
  for (const ws of sockets) ws.terminate();
  lean.close();
  await server.stop();
}
