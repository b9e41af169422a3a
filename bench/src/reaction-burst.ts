/**
 * Reactions (issue 21 point 2). Starts the compiled server itself (SQLite, temp data
 * dir; accounts, sessions and the group seeded straight into the database).
 *
 *   npx tsx bench/src/reaction-burst.ts burst   [members=3000] [online=3000] [reactors=500] [runs=3]
 *   npx tsx bench/src/reaction-burst.ts latency [online=1000] [reactions=400] [runs=3]
 *
 * burst: a group of `members`, `online` of them connected over real sockets; in each
 * run `reactors` members react to one new message within one second (paced). Reports,
 * per run, the REACTION frames each connected member received (median, max), the
 * server CPU from the first reaction until every member showed the final summary, and
 * the same with REACTION_COALESCE_MS=0 (no coalescing: one notice per reaction, so
 * `reactors` frames per member); medians of `runs` runs (the uncoalesced side:
 * UNCOALESCED_RUNS, default 1, as it sends 1.5 M frames a run), with load averages.
 *
 * latency: `online` users in friend pairs, all connected; one of each pair reacts to a
 * message of the other, a few at a time: reaction request start → the REACTION frame on
 * the other user's socket, p50/p99 (private notices go at once), and the server CPU per
 * 1,000 reactions; each run's figures with its load average, then the median of `runs`.
 * Loopback only; bounded by the counts and a 10-minute deadline.
 */
import { loadavg } from 'node:os';
import { WebSocket } from 'ws';
import {
  Cmd,
  MessageType,
  QUICK_REACTIONS,
  WS_PATH,
  api,
  fillPath,
  parseReactionNotice,
  type GroupMessage,
  type PrivateMessage,
} from '@parley/protocol';
import { processCpu } from './lib/cpu.js';
import { median, pct, restClient } from './lib/rest.js';
import { seedGroup, seedUsers, type SeededUser } from './lib/seed.js';
import { startBenchServer } from './lib/server.js';

const [mode = 'burst', ...rest] = process.argv.slice(2);
const deadline = Date.now() + 10 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Opens and logs in `tokens` sockets, `limit` at a time; each frame goes to `onFrame(i, frame)`. */
async function connect(
  base: string,
  tokens: string[],
  onFrame: (i: number, f: { cmd: number; data?: unknown }) => void,
) {
  const sockets: WebSocket[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const i = next++;
      const ws = new WebSocket(base.replace(/^http/, 'ws') + WS_PATH);
      sockets.push(ws);
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: tokens[i] } })));
        ws.on('message', (raw) => {
          const frame = JSON.parse(raw.toString()) as { cmd: number; data?: unknown };
          if (frame.cmd === Cmd.LOGIN) resolve();
          else onFrame(i, frame);
        });
        ws.on('error', reject);
      });
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  const heartbeat = setInterval(() => {
    for (const ws of sockets)
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ cmd: Cmd.HEARTBEAT, data: {} }));
  }, 10_000);
  return () => {
    clearInterval(heartbeat);
    for (const ws of sockets) ws.close();
  };
}

async function burst(coalesceMs: number, members: number, online: number, reactors: number, runs: number) {
  const server = await startBenchServer('sqlite', { REACTION_COALESCE_MS: String(coalesceMs) }, deadline);
  try {
    const { call } = restClient(server.base, deadline);
    const users = await seedUsers(server.dataDir, members, false);
    const [owner, ...others] = users as [SeededUser, ...SeededUser[]];
    const groupId = seedGroup(
      server.dataDir,
      'Reaction burst',
      owner.id,
      others.map((u) => u.id),
    );
    // Frames per connected member and message; the time each member saw the final summary.
    const frames = new Map<number, number[]>();
    const done = new Map<number, number[]>();
    const watched = users.slice(0, online);
    const close = await connect(
      server.base,
      watched.map((u) => u.app),
      (i, f) => {
        const m = f.data as GroupMessage | undefined;
        if (f.cmd !== Cmd.GROUP_MESSAGE || m?.type !== MessageType.REACTION) return;
        const n = parseReactionNotice(m.content);
        if (!n) return;
        const list = frames.get(n.id) ?? new Array<number>(online).fill(0);
        list[i]! += 1;
        frames.set(n.id, list);
        if (n.reactions.reduce((s, c) => s + c.count, 0) === reactors) {
          const at = done.get(n.id) ?? [];
          at.push(performance.now());
          done.set(n.id, at);
        }
      },
    );
    const results: { perMember: number; max: number; cpuS: number; spreadMs: number; toAllMs: number }[] = [];
    for (let run = 0; run < runs; run++) {
      const msg = await call<GroupMessage>('POST', api.groupSend.path, {
        token: owner.web,
        body: { tmpId: `burst-${coalesceMs}-${run}`, groupId, type: MessageType.TEXT, content: `Party #${run}?` },
      });
      await sleep(500);
      const path = fillPath(api.groupReact.path, { id: msg.id });
      const cpu0 = processCpu(server.pid);
      const t0 = performance.now();
      // `reactors` members, paced evenly over one second.
      await Promise.all(
        others.slice(0, reactors).map(async (u, i) => {
          await sleep((i * 1000) / reactors);
          await call('PUT', path, { token: u.web, body: { emoji: QUICK_REACTIONS[i % QUICK_REACTIONS.length] } });
        }),
      );
      const spreadMs = performance.now() - t0;
      // Until every connected member holds the final summary.
      while ((done.get(msg.id)?.length ?? 0) < online) {
        if (Date.now() > deadline) throw new Error('bench deadline passed');
        await sleep(20);
      }
      const toAllMs = Math.max(...done.get(msg.id)!) - t0;
      const cpuS = processCpu(server.pid) - cpu0;
      const counts = frames.get(msg.id)!;
      results.push({ perMember: median(counts), max: Math.max(...counts), cpuS, spreadMs, toAllMs });
      console.log(
        `  run ${run + 1}: ${reactors} reactions over ${spreadMs.toFixed(0)} ms; frames per member median ${median(counts)} ` +
          `max ${Math.max(...counts)} (total ${counts.reduce((a, b) => a + b, 0)}); server CPU ${cpuS.toFixed(2)} s; ` +
          `final state on all ${online} members after ${toAllMs.toFixed(0)} ms; load ${load()}`,
      );
    }
    close();
    const med = (k: keyof (typeof results)[number]) => median(results.map((r) => r[k]));
    return { perMember: med('perMember'), max: med('max'), cpuS: med('cpuS'), toAllMs: med('toAllMs') };
  } finally {
    await server.stop();
  }
}

async function latency(online: number, reactions: number, runs: number) {
  const server = await startBenchServer('sqlite', {}, deadline);
  try {
    const { call } = restClient(server.base, deadline);
    const users = await seedUsers(server.dataDir, online, true);
    const waiting = new Map<number, () => void>();
    const close = await connect(
      server.base,
      users.map((u) => u.app),
      (_i, f) => {
        const m = f.data as PrivateMessage | undefined;
        if (f.cmd !== Cmd.PRIVATE_MESSAGE || m?.type !== MessageType.REACTION) return;
        const n = parseReactionNotice(m.content);
        if (n) waiting.get(n.id)?.();
      },
    );
    // One message per pair, from the second to the first; the first reacts to it.
    const pairs = Math.floor(online / 2);
    const messages: { reactor: SeededUser; id: number }[] = [];
    for (let k = 0; k < pairs; k++) {
      const [a, b] = [users[2 * k]!, users[2 * k + 1]!];
      const msg = await call<PrivateMessage>('POST', api.privateSend.path, {
        token: b.web,
        body: { tmpId: `lat-${k}`, recvId: a.id, type: MessageType.TEXT, content: 'react to me' },
      });
      messages.push({ reactor: a, id: msg.id });
    }
    const rounds: { p50: number; p99: number; cpuPerK: number }[] = [];
    // Each round goes on through the emoji list where the last stopped, so every reaction changes something.
    let next = 0;
    for (let run = 1; run <= runs; run++) {
      const times: number[] = [];
      const end = next + reactions;
      const cpu0 = processCpu(server.pid);
      const worker = async () => {
        while (next < end) {
          const { reactor, id } = messages[next % messages.length]!;
          const emoji = QUICK_REACTIONS[Math.floor(next / messages.length) % QUICK_REACTIONS.length]!;
          next++;
          const seen = new Promise<void>((resolve) => waiting.set(id, resolve));
          const t0 = performance.now();
          await call('PUT', fillPath(api.privateReact.path, { id }), { token: reactor.web, body: { emoji } });
          await seen;
          times.push(performance.now() - t0);
          waiting.delete(id);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      const round = {
        p50: pct(times, 0.5),
        p99: pct(times, 0.99),
        cpuPerK: ((processCpu(server.pid) - cpu0) / times.length) * 1000,
      };
      rounds.push(round);
      console.log(
        `  run ${run}: private reaction latency, ${online} online users, ${times.length} reactions (4 at a time): ` +
          `p50 ${round.p50.toFixed(1)} ms, p99 ${round.p99.toFixed(1)} ms, server CPU ${round.cpuPerK.toFixed(3)} s ` +
          `per 1,000 reactions; load ${load()}`,
      );
    }
    close();
    const med = (k: keyof (typeof rounds)[number]) => median(rounds.map((r) => r[k]));
    console.log(
      `median of ${runs} runs: p50 ${med('p50').toFixed(1)} ms, p99 ${med('p99').toFixed(1)} ms, ` +
        `server CPU ${med('cpuPerK').toFixed(3)} s per 1,000 reactions`,
    );
  } finally {
    await server.stop();
  }
}

if (mode === 'latency') {
  await latency(Number(rest[0] ?? 1000), Number(rest[1] ?? 400), Number(rest[2] ?? 3));
} else {
  const [members, online, reactors, runs] = [rest[0] ?? 3000, rest[1] ?? 3000, rest[2] ?? 500, rest[3] ?? 3].map(
    Number,
  );
  // The uncoalesced alternative sends reactors × online frames a run (1.5 M at the defaults):
  // UNCOALESCED_RUNS (default 1) keeps the bench inside its deadline.
  const offRuns = Number(process.env.UNCOALESCED_RUNS ?? 1);
  console.log(`coalesced (REACTION_COALESCE_MS=500), ${members} members, ${online} online, ${reactors} reactors`);
  const on = await burst(500, members!, online!, reactors!, runs!);
  console.log(`uncoalesced (REACTION_COALESCE_MS=0: one notice per reaction), ${offRuns} run(s)`);
  const off = await burst(0, members!, online!, reactors!, offRuns);
  console.log(
    `median of ${runs} runs (uncoalesced: ${offRuns}): frames per member ${on.perMember} (max ${on.max}) vs ${off.perMember} (max ${off.max}); ` +
      `server CPU ${on.cpuS.toFixed(2)} s vs ${off.cpuS.toFixed(2)} s; final state everywhere after ` +
      `${on.toAllMs.toFixed(0)} ms vs ${off.toAllMs.toFixed(0)} ms`,
  );
}
