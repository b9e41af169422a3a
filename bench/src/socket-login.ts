/**
 * Socket capacity probe: registers N users, logs each in over REST, opens N
 * sockets on /im and logs them in, then measures heartbeat round trips.
 *
 *   AUTH_RATE_PER_MIN=0 RATE_LIMITS=off DATA_DIR=$(mktemp -d) PORT=8099 npm start   # a server without the auth rate limit
 *   npx tsx bench/src/socket-login.ts http://127.0.0.1:8099 1000
 *
 * Loopback only; bounded by N and by a 120 s deadline.
 */
import { WebSocket } from 'ws';
import { API_BASE, Cmd, Terminal, WS_PATH, api, type Reply, type TokenPair } from '@parley/protocol';

const [base = 'http://127.0.0.1:8099', count = '1000'] = process.argv.slice(2);
const n = Number(count);
const deadline = Date.now() + 120_000;
const runId = Date.now().toString(36);

const pct = (xs: number[], p: number): string => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0).toFixed(1);
};

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(base + API_BASE + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as Reply<T>;
  if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.message}`);
  return reply.data;
}

/** Runs `fn` over 0..n-1 with at most `limit` in flight; returns each call's ms. */
async function pool(limit: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < n && Date.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      await fn(i);
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return times;
}

function report(label: string, times: number[], seconds: number): void {
  console.log(
    `${label.padEnd(16)} ${String(times.length).padStart(5)} in ${seconds.toFixed(1)} s` +
      `  (${(times.length / seconds).toFixed(0)}/s)  p50 ${pct(times, 0.5)} ms  p99 ${pct(times, 0.99)} ms`,
  );
}

async function timed(label: string, limit: number, fn: (i: number) => Promise<void>): Promise<void> {
  const t0 = performance.now();
  const times = await pool(limit, fn);
  report(label, times, (performance.now() - t0) / 1000);
}

const tokens: string[] = [];
const sockets: WebSocket[] = [];
const userName = (i: number) => `bench-${runId}-${i}@parley.test`;

await timed('register', 16, async (i) => {
  await post(api.register.path, { userName: userName(i), password: 'bench-pass' });
});
await timed('login (REST)', 16, async (i) => {
  const pair = await post<TokenPair>(api.login.path, {
    terminal: Terminal.WEB,
    userName: userName(i),
    password: 'bench-pass',
  });
  tokens[i] = pair.accessToken;
});

const wsUrl = base.replace(/^http/, 'ws') + WS_PATH;
const nextFrame = (ws: WebSocket, cmd: number) =>
  new Promise<void>((resolve, reject) => {
    const onMessage = (raw: Buffer) => {
      if ((JSON.parse(raw.toString()) as { cmd: number }).cmd !== cmd) return;
      ws.off('message', onMessage);
      resolve();
    };
    ws.on('message', onMessage);
    ws.once('close', () => reject(new Error('socket closed')));
  });

await timed('socket login', 64, async (i) => {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const answered = nextFrame(ws, Cmd.LOGIN);
  ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: tokens[i] } }));
  await answered;
  sockets[i] = ws;
});

await timed('heartbeat RTT', 64, async (i) => {
  const ws = sockets[i]!;
  const answered = nextFrame(ws, Cmd.HEARTBEAT);
  ws.send(JSON.stringify({ cmd: Cmd.HEARTBEAT, data: {} }));
  await answered;
});

for (const ws of sockets) ws.close();
console.log(`${sockets.filter(Boolean).length} sockets were open at once`);
