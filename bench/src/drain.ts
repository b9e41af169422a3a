/**
 * Drain time with 1,000 sockets (issue 23 point 5): the compiled server with N logged-in
 * sockets (seeded accounts, a WEB and an APP session each) gets SIGTERM; measured are the
 * time until every socket has its 4010 close and until the process has exited. Median of
 * `runs` fresh servers (SQLite).
 *
 *   npx tsx bench/src/drain.ts [sockets=1000] [runs=3]
 */
import { WebSocket } from 'ws';
import { CloseCode, Cmd, WS_PATH } from '@parley/protocol';
import { seedUsers } from './lib/seed.js';
import { startBenchServer } from './lib/server.js';

const [socketsArg = '1000', runsArg = '3'] = process.argv.slice(2);
const count = Number(socketsArg);
const runs = Number(runsArg);
const deadline = Date.now() + 10 * 60_000;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function openSockets(base: string, tokens: string[]): Promise<{ ws: WebSocket; closed: Promise<number> }[]> {
  const url = base.replace(/^http/, 'ws') + WS_PATH;
  const out: { ws: WebSocket; closed: Promise<number> }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const token = tokens[next++]!;
      const ws = new WebSocket(url);
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.once('open', () => ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: token } })));
        ws.on('message', (raw: Buffer) => {
          if ((JSON.parse(raw.toString()) as { cmd: number }).cmd === Cmd.LOGIN) resolve();
        });
      });
      out.push({ ws, closed });
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return out;
}

const toClosed: number[] = [];
const toExit: number[] = [];
for (let run = 1; run <= runs; run++) {
  const server = await startBenchServer('sqlite', { DRAIN_TIMEOUT_MS: '30000' }, deadline);
  try {
    const users = await seedUsers(server.dataDir, Math.ceil(count / 2), false);
    const tokens = users.flatMap((u) => [u.web, u.app]).slice(0, count);
    const sockets = await openSockets(server.base, tokens);
    const t0 = performance.now();
    process.kill(Number(server.pid), 'SIGTERM');
    const codes = await Promise.all(sockets.map((s) => s.closed));
    const closedMs = performance.now() - t0;
    const exitCode = await server.exited;
    const exitMs = performance.now() - t0;
    const restarting = codes.filter((c) => c === CloseCode.RESTARTING).length;
    console.log(
      `run ${run}: ${sockets.length} sockets, ${restarting} closed with 4010 in ${closedMs.toFixed(0)} ms; ` +
        `exit ${exitCode} after ${exitMs.toFixed(0)} ms`,
    );
    toClosed.push(closedMs);
    toExit.push(exitMs);
  } finally {
    await server.stop();
  }
}
console.log(
  `median of ${runs}: every socket told ${median(toClosed).toFixed(0)} ms, process exited ${median(toExit).toFixed(0)} ms after SIGTERM`,
);
