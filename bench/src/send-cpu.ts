/**
 * Server CPU per 1,000 private sends (issue 12): HTTP send → stored → receiver frame.
 * Starts the compiled server itself (packages/server/dist/main.js, built when stale)
 * on a free loopback port with a temp data dir, so the CPU read from
 * /proc/<pid>/stat is the server's own and not the load generator's.
 *
 *   npx tsx bench/src/send-cpu.ts sqlite   [pairs=100] [messages=3000] [concurrency=32]
 *   npx tsx bench/src/send-cpu.ts postgres [pairs=100] [messages=3000] [concurrency=32]
 *
 * PostgreSQL: a fresh database on postgres://postgres@127.0.0.1:5432 (BENCH_PG_URL to
 * change), dropped at the end. Prints server CPU s / 1,000 sends, sends/s, the send →
 * frame latency p50/p99, and the load average. Loopback only; bounded by the counts
 * and a 10-minute deadline.
 */
import { loadavg } from 'node:os';
import { WebSocket } from 'ws';
import { Cmd, MessageType, WS_PATH, api, fillPath } from '@parley/protocol';
import { processCpu, processCpuSplit } from './lib/cpu.js';
import { pipelinedClient } from './lib/pipeline.js';
import { pct, restClient, type Account } from './lib/rest.js';
import { startBenchServer } from './lib/server.js';

const [dbArg = 'sqlite', pairsArg = '100', messagesArg = '3000', concArg = '32'] = process.argv.slice(2);
const pairs = Number(pairsArg);
const messages = Number(messagesArg);
const concurrency = Number(concArg);
const deadline = Date.now() + 10 * 60_000;

const server = await startBenchServer(dbArg === 'postgres' ? 'postgres' : 'sqlite', {}, deadline);
const { base, pid } = server;

try {
  const { call, pool, account } = restClient(base, deadline);
  // ---- users in pairs of friends; every receiver online
  const users: Account[] = [];
  await pool(pairs * 2, 16, async (i) => {
    users[i] = await account(`cpu${i}x${Date.now().toString(36)}@bench.local`, 'secret1');
  });
  await pool(pairs, 16, async (k) => {
    await call('POST', `${api.friendAdd.path}?friendId=${users[2 * k + 1]!.id}`, { token: users[2 * k]!.token });
  });
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  const sockets: WebSocket[] = [];
  await pool(pairs, 32, async (k) => {
    const ws = new WebSocket(base.replace(/^http/, 'ws') + WS_PATH);
    sockets.push(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.on('open', () => ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: users[2 * k + 1]!.token } })));
      ws.on('message', (raw: Buffer) => {
        const frame = JSON.parse(raw.toString()) as { cmd: number; data?: { content?: string } };
        if (frame.cmd === Cmd.LOGIN) return resolve();
        if (frame.cmd !== Cmd.PRIVATE_MESSAGE) return;
        const t0 = pending.get(frame.data?.content ?? '');
        if (t0 === undefined) return;
        pending.delete(frame.data!.content!);
        latencies.push(performance.now() - t0);
      });
    });
  });

  // ---- sends: a warm-up, then the measured run, through the pipelined client (lib/pipeline.ts)
  const lean = pipelinedClient(base, 16);
  const run = async (count: number, tag: string) => {
    await pool(count, concurrency, async (i) => {
      const k = i % pairs;
      const key = `${tag}:${i}`;
      pending.set(key, performance.now());
      const reply = await lean.post(fillPath(api.privateSend.path), users[2 * k]!.token, {
        tmpId: key,
        recvId: users[2 * k + 1]!.id,
        type: MessageType.TEXT,
        content: key,
      });
      if (reply.status !== 200) throw new Error(`send refused: ${reply.status} ${reply.body}`);
    });
    for (let i = 0; i < 100 && pending.size > 0; i++) await new Promise((r) => setTimeout(r, 50));
  };
  await run(Math.min(500, messages), 'warm');
  latencies.length = 0;
  const cpu0 = processCpu(pid);
  const split0 = processCpuSplit(pid);
  const t0 = performance.now();
  await run(messages, 'run');
  const seconds = (performance.now() - t0) / 1000;
  const cpu = processCpu(pid) - cpu0;
  const split1 = processCpuSplit(pid);
  const kernel = split1.system - split0.system;
  const lost = pending.size;
  for (const ws of sockets) ws.close();
  lean.close();
  console.log(
    [
      `database ${dbArg}, ${pairs} pairs online, ${messages} sends at concurrency ${concurrency}`,
      `server CPU: ${((cpu / messages) * 1000).toFixed(3)} s per 1,000 sends (${cpu.toFixed(2)} s in all, ${kernel.toFixed(2)} s of it in the kernel)`,
      `throughput: ${(messages / seconds).toFixed(0)} sends/s; send → frame p50 ${pct(latencies, 0.5).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms; lost ${lost}`,
      `load average: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    ].join('\n'),
  );
} finally {
  await server.stop();
}
