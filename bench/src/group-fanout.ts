/**
 * Group fan-out: one sender's messages into a group whose members are all online
 * over real sockets. Measures send → last member latency (p50/p99), deliveries per
 * second, and deliveries per second of the server's own CPU (read from
 * /proc/<pid>/stat, so the load generator's CPU on the same cores is not counted).
 *
 *   RATE_LIMITS=off FRIEND_REQUESTS=off AUTH_RATE_PER_MIN=0 LOG_LEVEL=warn DATA_DIR=$(mktemp -d) PORT=8099 npm start -w @parley/server
 *   npx tsx bench/src/group-fanout.ts http://127.0.0.1:8099 $(pgrep -f 'src/main.ts' | head -1) 500,3000 30
 *
 * Arguments: base URL, server pid, group sizes (default 500,3000), messages per size
 * (default 30, sent one after another once the previous reached every member).
 * Loopback only; bounded by the sizes, the message count and a 10-minute deadline.
 */
import { processCpu } from './lib/cpu.js';
import { WebSocket } from 'ws';
import { Cmd, MessageType, WS_PATH, api, type GroupMessage } from '@parley/protocol';
import { pct, restClient, type Account } from './lib/rest.js';

const [base = 'http://127.0.0.1:8099', pidArg = '', sizesArg = '500,3000', countArg = '30'] = process.argv.slice(2);
const sizes = sizesArg.split(',').map(Number);
const count = Number(countArg);
const deadline = Date.now() + 10 * 60_000;
const runId = Date.now().toString(36);
const { call, pool, account } = restClient(base, deadline);

const serverCpu = () => processCpu(pidArg);

async function members(n: number, offset: number): Promise<Account[]> {
  const out: Account[] = [];
  await pool(n, 16, async (i) => {
    out.push(await account(`fan${runId}x${offset + i}@bench.local`, 'secret1'));
  });
  return out;
}

async function runSize(size: number, offset: number): Promise<void> {
  const t0 = performance.now();
  const [owner, ...rest] = await members(size, offset);
  await pool(rest.length, 16, async (i) => {
    await call('POST', `${api.friendAdd.path}?friendId=${rest[i]!.id}`, { token: owner!.token });
  });
  const group = await call<{ id: number }>('POST', api.groupCreate.path, {
    token: owner!.token,
    body: { name: `Fan ${size}` },
  });
  for (let i = 0; i < rest.length; i += 50) {
    const friendIds = rest.slice(i, i + 50).map((u) => u.id);
    await call('POST', api.groupInvite.path, { token: owner!.token, body: { groupId: group.id, friendIds } });
  }
  const setupMs = performance.now() - t0;

  // Every member online; each socket reports the arrival time of each message id.
  const arrivals = new Map<number, number[]>();
  const sockets: WebSocket[] = [];
  await pool(rest.length, 50, async (i) => {
    const ws = new WebSocket(base.replace(/^http/, 'ws') + WS_PATH);
    sockets.push(ws);
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: rest[i]!.token } })));
      ws.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as { cmd: number; data?: GroupMessage };
        if (frame.cmd === Cmd.LOGIN) resolve();
        else if (frame.cmd === Cmd.GROUP_MESSAGE && frame.data?.type === MessageType.TEXT) {
          const list = arrivals.get(frame.data.id) ?? [];
          list.push(performance.now());
          arrivals.set(frame.data.id, list);
        }
      });
      ws.on('error', reject);
    });
  });
  const heartbeat = setInterval(() => {
    for (const ws of sockets)
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ cmd: Cmd.HEARTBEAT, data: {} }));
  }, 10_000);

  const latencies: number[] = [];
  let lost = 0;
  const cpu0 = pidArg ? serverCpu() : NaN;
  const wall0 = performance.now();
  for (let n = 0; n < count; n++) {
    const sentAt = performance.now();
    const msg = await call<GroupMessage>('POST', api.groupSend.path, {
      token: owner!.token,
      body: { tmpId: `${runId}-${size}-${n}`, groupId: group.id, type: MessageType.TEXT, content: `m${n}` },
    });
    const until = performance.now() + 10_000;
    while ((arrivals.get(msg.id)?.length ?? 0) < rest.length && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 1));
    }
    const got = arrivals.get(msg.id) ?? [];
    lost += rest.length - got.length;
    if (got.length) latencies.push(Math.max(...got) - sentAt);
  }
  const wallS = (performance.now() - wall0) / 1000;
  const cpuS = pidArg ? serverCpu() - cpu0 : NaN;
  clearInterval(heartbeat);
  for (const ws of sockets) ws.close();
  const deliveries = count * rest.length - lost;
  console.log(
    `group of ${size}: setup ${(setupMs / 1000).toFixed(1)} s; ${count} messages, ${deliveries} deliveries, lost ${lost}; ` +
      `send→last member p50 ${pct(latencies, 0.5).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms; ` +
      `${Math.round(deliveries / wallS)} deliveries/s; server CPU ${cpuS.toFixed(2)} s → ` +
      `${Math.round(deliveries / cpuS)} deliveries per server CPU-second`,
  );
}

let offset = 0;
for (const size of sizes) {
  await runSize(size, offset);
  offset += size;
}
process.exit(0);
