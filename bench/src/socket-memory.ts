/**
 * Memory per idle socket (issue 12: ≤ 6 KB at 10,000 sockets). Starts the compiled
 * server on SQLite, seeds N/2 accounts with a WEB and an APP session each (lib/seed.ts),
 * opens and logs in N sockets (one per account and terminal), lets them sit idle, and
 * prints the server process's resident memory before and after, per socket.
 *
 *   npx tsx bench/src/socket-memory.ts [sockets=10000]
 *
 * Loopback only; bounded by N and a 5-minute deadline. Needs `ulimit -n` above N.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { WebSocket } from 'ws';
import { Cmd, WS_PATH } from '@parley/protocol';
import { seedUsers } from './lib/seed.js';
import { memoryAfterGc } from './lib/inspect.js';
import { freePort, startBenchServer } from './lib/server.js';

const count = Number(process.argv[2] ?? 10_000);
const deadline = Date.now() + 5 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssKb = (pid: string) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

// Idle means idle: no heartbeats needed within the run.
// The production defaults (rate limits on), an inspector on loopback to read memory after a GC.
const inspectPort = await freePort();
const server = await startBenchServer('sqlite', { SOCKET_IDLE_MS: '3600000', RATE_LIMITS: '{}' }, deadline, [
  `--inspect=127.0.0.1:${inspectPort}`,
]);
const sockets: WebSocket[] = [];
try {
  const users = await seedUsers(server.dataDir, Math.ceil(count / 2), false);
  const tokens = users.flatMap((u) => [u.web, u.app]).slice(0, count);
  // Warm the server up (code paths, caches) with a few sockets, then take the baseline.
  const open = (token: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(server.base.replace(/^http/, 'ws') + WS_PATH, { perMessageDeflate: false });
      ws.once('error', reject);
      ws.once('open', () => ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: token } })));
      ws.once('message', (raw: Buffer) => {
        const frame = JSON.parse(raw.toString()) as { cmd: number };
        if (frame.cmd === Cmd.LOGIN) resolve(ws);
        else reject(new Error(`login refused: ${raw.toString()}`));
      });
    });
  const warm = await Promise.all(tokens.slice(0, 50).map(open));
  for (const ws of warm) ws.close();
  await sleep(3000);
  const before = rssKb(server.pid);
  const gc0 = await memoryAfterGc(inspectPort);
  const t0 = performance.now();
  for (let i = 0; i < tokens.length; i += 250) {
    if (Date.now() > deadline) throw new Error('deadline passed');
    sockets.push(...(await Promise.all(tokens.slice(i, i + 250).map(open))));
  }
  const openSeconds = (performance.now() - t0) / 1000;
  await sleep(5000);
  const after = rssKb(server.pid);
  const per = ((after - before) * 1024) / sockets.length;
  const gc1 = await memoryAfterGc(inspectPort);
  const perGc = (k: keyof typeof gc1) => ((gc1[k] - gc0[k]) / sockets.length / 1024).toFixed(2);
  console.log(
    [
      `${sockets.length} sockets logged in (${(sockets.length / openSeconds).toFixed(0)} logins/s), idle 5 s`,
      `server RSS: ${(before / 1024).toFixed(1)} MB before, ${(after / 1024).toFixed(1)} MB after`,
      `memory per idle socket: ${(per / 1024).toFixed(2)} KB resident`,
      `after a full GC: ${perGc('rss')} KB resident, ${perGc('heapUsed')} KB JS heap, ${perGc('external')} KB external`,
      `load average: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    ].join('\n'),
  );
} finally {
  for (const ws of sockets) ws.terminate();
  await server.stop();
}
