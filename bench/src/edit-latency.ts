/**
 * Edit latency at 1,000 online users (issue 21, "Measured"): starts the compiled server
 * (SQLite), seeds N users in friend pairs (lib/seed.ts), logs every user's WEB socket in
 * (and the APP one too with terminals=2), has each pair's first user send one text to
 * the other, then edits those texts at a fixed rate, open loop (a 5 ms ticker keeps to the
 * rate whatever the replies do), through the pipelined client (lib/pipeline.ts). Each edit
 * is timed from its request to the EDIT (13) frame on every terminal of the other party.
 * A warm-up round, then `runs` measured rounds; prints each round's p50/p99, frames lost
 * (none within 10 s), edits refused or shed (503, sent again as the web app does),
 * the server's CPU per 1,000 edits and the load average, then the median of the rounds.
 *
 *   npx tsx bench/src/edit-latency.ts [users=1000] [rate=500] [edits=3000] [runs=3] [terminals=1]
 *
 * Loopback only; bounded by the counts, the rate and a 10-minute deadline.
 */
import { loadavg } from 'node:os';
import { WebSocket } from 'ws';
import { Cmd, MessageType, WS_PATH, api, fillPath } from '@parley/protocol';
import { processCpu } from './lib/cpu.js';
import { pipelinedClient } from './lib/pipeline.js';
import { median, pct } from './lib/rest.js';
import { seedUsers, type SeededUser } from './lib/seed.js';
import { startBenchServer } from './lib/server.js';

const [usersArg = '1000', rateArg = '500', editsArg = '3000', runsArg = '3', terminalsArg = '1'] =
  process.argv.slice(2);
const n = Math.max(2, Number(usersArg) - (Number(usersArg) % 2));
const rate = Number(rateArg);
const editsPerRun = Number(editsArg);
const runs = Math.max(1, Number(runsArg));
const terminals = terminalsArg === '2' ? 2 : 1;
const MAX_IN_FLIGHT = 4000;
const deadline = Date.now() + 10 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The edited text carries this marker and a sequence number; the frame is searched for it unparsed. */
const MARK = 'ed~';

const server = await startBenchServer('sqlite', {}, deadline);
const sockets: WebSocket[] = [];
const lean = pipelinedClient(server.base, 16);
try {
  const users = await seedUsers(server.dataDir, n, true);
  /** Edit number → request time and how many of the receiver's terminals have not had it yet. */
  const pending = new Map<number, { t0: number; left: number }>();
  let latencies: number[] = [];

  const onFrame = (raw: Buffer) => {
    const text = raw.toString();
    const at = text.indexOf(MARK);
    if (at < 0 || !text.startsWith(`{"cmd":${Cmd.PRIVATE_MESSAGE}`)) return;
    const seq = Number.parseInt(text.slice(at + MARK.length), 10);
    const p = pending.get(seq);
    if (!p) return;
    latencies.push(performance.now() - p.t0);
    if (--p.left === 0) pending.delete(seq);
  };
  // Only the other party's terminals count: the sender's own get the EDIT frame too.
  const connect = (token: string, receiver: boolean) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(server.base.replace(/^http/, 'ws') + WS_PATH, { perMessageDeflate: false });
      sockets.push(ws);
      ws.once('error', reject);
      ws.on('open', () => ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: token } })));
      ws.on('message', (raw: Buffer) => {
        if (raw.toString().startsWith(`{"cmd":${Cmd.LOGIN}`)) return resolve();
        if (receiver) onFrame(raw);
      });
    });
  const t = performance.now();
  const tokens = users.flatMap((u: SeededUser, i) =>
    (terminals === 2 ? [u.web, u.app] : [u.web]).map((token) => ({ token, receiver: i % 2 === 1 })),
  );
  for (let i = 0; i < tokens.length; i += 200) {
    await Promise.all(tokens.slice(i, i + 200).map((x) => connect(x.token, x.receiver)));
  }
  console.log(
    `${n} users online on ${tokens.length} sockets in ${((performance.now() - t) / 1000).toFixed(1)} s (database sqlite)`,
  );
  const beat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('{"cmd":1}');
  }, 20_000);

  // One text per pair, sent by the pair's first user: the messages the rounds edit.
  const pairs = n / 2;
  const messageIds: number[] = [];
  for (let k = 0; k < pairs; k += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, pairs - k) }, async (_, j) => {
        const body = { tmpId: `m${k + j}`, recvId: users[2 * (k + j) + 1]!.id, type: MessageType.TEXT, content: 'v0' };
        const reply = await lean.post(fillPath(api.privateSend.path), users[2 * (k + j)]!.web, body);
        if (reply.status !== 200) throw new Error(`send refused: ${reply.status} ${reply.body}`);
        messageIds[k + j] = (JSON.parse(reply.body) as { data: { id: number } }).data.id;
      }),
    );
  }

  let seq = 0;
  let failed = 0;
  let shed = 0;
  const editOne = async (k: number) => {
    const s = ++seq;
    pending.set(s, { t0: performance.now(), left: terminals });
    const path = fillPath(api.privateEdit.path, { id: messageIds[k]! });
    for (let attempt = 0; attempt < 20; attempt++) {
      const reply = await lean.put(path, users[2 * k]!.web, { content: `${MARK}${s}` });
      if (reply.status === 200 && reply.body.startsWith('{"code":200')) return;
      if (reply.status !== 503) break;
      // shed under overload: sent again after Retry-After as the web client does (api/shed.ts),
      // still timed from the first request
      shed++;
      await sleep((reply.retryAfter ?? 1) * 1000 * (1 + Math.random() * 0.5));
    }
    failed++;
    pending.delete(s);
  };

  const rows: {
    p50: number;
    p99: number;
    lost: number;
    failed: number;
    shed: number;
    cpu: number;
    achieved: number;
    load: number;
  }[] = [];
  for (let round = 0; round <= runs; round++) {
    const warm = round === 0;
    latencies = [];
    pending.clear();
    failed = 0;
    shed = 0;
    const total = warm ? Math.min(1000, editsPerRun) : editsPerRun;
    const cpu0 = processCpu(server.pid);
    const start = performance.now();
    let sent = 0;
    let inFlight = 0;
    const all: Promise<void>[] = [];
    while (sent < total) {
      if (Date.now() > deadline) throw new Error('deadline passed');
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (sent < due && inFlight < MAX_IN_FLIGHT) {
        inFlight++;
        // consecutive edits go to different messages; each message is edited once per `pairs` edits
        all.push(editOne(sent % pairs).finally(() => inFlight--));
        sent++;
      }
      await sleep(5);
    }
    await Promise.all(all);
    const seconds = (performance.now() - start) / 1000;
    // a loaded machine may be seconds behind: wait up to 10 s before counting a frame lost
    for (let i = 0; i < 1000 && pending.size > 0; i++) await sleep(10);
    const cpu = processCpu(server.pid) - cpu0;
    if (warm) continue;
    const row = {
      p50: pct(latencies, 0.5),
      p99: pct(latencies, 0.99),
      lost: [...pending.values()].reduce((sum, p) => sum + p.left, 0),
      failed,
      shed,
      cpu: (cpu / total) * 1000,
      achieved: total / seconds,
      load: loadavg()[0]!,
    };
    rows.push(row);
    console.log(
      `run ${round}: ${total} edits at ${row.achieved.toFixed(0)}/s, request → other party's EDIT frame ` +
        `p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, frames lost ${row.lost}, edits refused ${row.failed}, shed ${row.shed}, ` +
        `server CPU ${row.cpu.toFixed(3)} s per 1,000 edits; load average ${row.load.toFixed(2)}`,
    );
    await sleep(1000);
  }
  clearInterval(beat);
  const m = (f: (r: (typeof rows)[number]) => number) => median(rows.map(f));
  console.log(
    `median of ${rows.length}: p50 ${m((r) => r.p50).toFixed(1)} ms, p99 ${m((r) => r.p99).toFixed(1)} ms, ` +
      `server CPU ${m((r) => r.cpu).toFixed(3)} s per 1,000 edits (${n} users online, ${terminals} terminal(s) each, ` +
      `${rate} edits/s); load averages ${rows.map((r) => r.load.toFixed(2)).join(', ')}`,
  );
} finally {
  for (const ws of sockets) ws.terminate();
  lean.close();
  await server.stop();
}
