/**
 * Group video call mesh (issue 9, Performance): N participants, one Chromium page each
 * (one browser, a context per participant; fake camera and microphone, video on), a
 * full mesh of N·(N-1)/2 peer connections signalled through the server's group call
 * endpoints (docs/CALLS.md §3). Measures, over a 20 s window once every pair shows
 * video: per participant the decoded frame rate of each remote stream and the frames
 * dropped, the machine's CPU (/proc/stat), and the server's CPU (/proc/<pid>/stat) for
 * the call's setup and for the window. Starts nothing itself:
 *
 *   RATE_LIMITS=off FRIEND_REQUESTS=off AUTH_RATE_PER_MIN=0 LOG_LEVEL=warn DATA_DIR=$(mktemp -d) PORT=8099 npx tsx packages/server/src/main.ts
 *   npx tsx bench/src/call-mesh.ts http://127.0.0.1:8099 <server pid> [sizes=3,5,7,9] [windowS=20]
 *
 * The pages do not run the web app (its group call page is not what is measured): each
 * opens a same-origin blank document, its own WebSocket on /im (cmd 4 frames), and
 * runs a minimal mesh: after everyone accepted, the lower user id of each pair offers
 * (208), the other answers (209), candidates go as 210; remote streams play in muted
 * <video> elements. MESH_HEIGHT=240 asks the fake camera for a smaller picture.
 * Loopback only; 60 s to connect each size, a 10-minute deadline.
 */
import type { Browser, Page } from 'playwright-core';
import { FAKE_MEDIA_ARGS, launchBenchBrowser } from './lib/bench-browser.js';
import { machineCores, machineCpu, processCpu } from './lib/cpu.js';
import { ACCESS_TOKEN_HEADER, API_BASE, Cmd, WS_PATH, api } from '@parley/protocol';
import { meshAgent, type MeshHandle, type MeshInit } from './lib/mesh-agent.js';
import { restClient, type Account } from './lib/rest.js';

const [base = 'http://127.0.0.1:8099', pidArg = '', sizesArg = '3,5,7,9', windowArg = '20'] = process.argv.slice(2);
const sizes = sizesArg.split(',').map(Number);
const windowS = Number(windowArg);
const deadline = Date.now() + 10 * 60_000;
const rest = restClient(base, deadline);
const runId = Date.now().toString(36);
const password = 'bench-pass';
const CONNECT_MS = 60_000;

const serverCpu = () => processCpu(pidArg);

/** Calls a method of the page's `window.__mesh`. */
function mesh<K extends keyof MeshHandle>(
  page: Page,
  method: K,
  arg?: Parameters<MeshHandle[K]>[0],
): Promise<Awaited<ReturnType<MeshHandle[K]>>> {
  return page.evaluate(
    ({ method, arg }) =>
      (window as unknown as { __mesh: Record<string, (a: unknown) => unknown> }).__mesh[method]!(arg) as Awaited<
        ReturnType<MeshHandle[K]>
      >,
    { method, arg },
  );
}

/** Pages of the running size, closed when a size fails half-way. */
const openPages: Page[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runSize(browser: Browser, n: number, offset: number): Promise<string> {
  const people: Account[] = [];
  for (let i = 0; i < n; i++) people.push(await rest.account(`mesh-${runId}-${offset + i}@parley.test`, password));
  const [host, ...others] = people as [Account, ...Account[]];
  for (const o of others) await rest.call('POST', `${api.friendAdd.path}?friendId=${o.id}`, { token: host.token });
  const group = await rest.call<{ id: number }>('POST', api.groupCreate.path, {
    token: host.token,
    body: { name: `Mesh ${n}` },
  });
  await rest.call('POST', api.groupInvite.path, {
    token: host.token,
    body: { groupId: group.id, friendIds: others.map((o) => o.id) },
  });

  const pages: Page[] = [];
  for (const person of people) {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 640, height: 480 } });
    await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
    const page = await context.newPage();
    page.on('console', (m) => {
      if ((m.type() === 'warning' || m.type() === 'error') && !m.text().includes('404'))
        console.warn(`[${person.id}] ${m.text()}`);
    });
    await page.goto(`${base}${API_BASE}/bench-blank`); // a same-origin document without the app
    await page.evaluate(meshAgent, {
      api: base + API_BASE,
      ws: base.replace(/^http/, 'ws') + WS_PATH,
      token: person.token,
      tokenHeader: ACCESS_TOKEN_HEADER,
      selfId: person.id,
      loginCmd: Cmd.LOGIN,
      heartbeatCmd: Cmd.HEARTBEAT,
      height: Number(process.env.MESH_HEIGHT ?? 0),
    } satisfies MeshInit);
    await mesh(page, 'setGroup', group.id);
    pages.push(page);
    openPages.push(page);
  }

  const cpuSetup0 = serverCpu();
  const t0 = performance.now();
  await rest.call('POST', api.groupCallSetup.path, {
    token: host.token,
    body: { groupId: group.id, userInfos: others.map((o) => ({ id: o.id, isCamera: true, isMicroPhone: true })) },
  });
  for (const o of others)
    await rest.call('POST', `${api.groupCallAccept.path}?groupId=${group.id}`, { token: o.token });
  const ids = people.map((p) => p.id);
  await Promise.all(pages.map((page) => mesh(page, 'connect', ids)));
  // Every pair connected and showing video.
  const until = Date.now() + CONNECT_MS;
  /** Streams (one per direction of each pair) that are connected, and those that show video. */
  const progress = async () => {
    let connected = 0;
    let video = 0;
    const states: Record<string, number> = {};
    for (const page of pages) {
      for (const x of await mesh(page, 'stats')) {
        states[x.state] = (states[x.state] ?? 0) + 1;
        if (x.state === 'connected') connected++;
        if (x.state === 'connected' && x.framesDecoded > 0) video++;
      }
    }
    return { connected, video, states };
  };
  const streams = n * (n - 1);
  for (let p = await progress(); p.video < streams; p = await progress()) {
    if (Date.now() > until)
      throw new Error(
        `the mesh did not connect within ${CONNECT_MS / 1000} s: ${p.connected}/${streams} ends connected, ` +
          `${p.video}/${streams} showing video (states ${JSON.stringify(p.states)})`,
      );
    await sleep(250);
  }
  const connectS = (performance.now() - t0) / 1000;
  const cpuSetup = serverCpu() - cpuSetup0;
  await sleep(3_000); // let the encoders settle

  const snapshot = () => Promise.all(pages.map((page) => mesh(page, 'stats')));
  const before = await snapshot();
  const mc0 = machineCpu();
  const sc0 = serverCpu();
  const w0 = performance.now();
  await sleep(windowS * 1000);
  const after = await snapshot();
  const wallS = (performance.now() - w0) / 1000;
  const mc1 = machineCpu();
  const serverWindow = serverCpu() - sc0;
  const captureFps = await mesh(pages[0]!, 'captureFps');

  const perParticipant = after.map((streams, i) => {
    const rates = streams.map((s) => {
      const b = before[i]!.find((x) => x.peerId === s.peerId)!;
      return {
        fps: (s.framesDecoded - b.framesDecoded) / wallS,
        dropped: s.framesDropped - b.framesDropped,
        sentFps: (s.framesEncoded - b.framesEncoded) / wallS,
        limitation: s.limitation,
        height: s.height,
      };
    });
    return {
      minFps: Math.min(...rates.map((r) => r.fps)),
      meanFps: rates.reduce((x, r) => x + r.fps, 0) / rates.length,
      dropped: rates.reduce((x, r) => x + r.dropped, 0),
      sentFps: rates.reduce((x, r) => x + r.sentFps, 0) / rates.length,
      limited: rates.filter((r) => r.limitation && r.limitation !== 'none').length,
      height: rates.reduce((x, r) => x + r.height, 0) / rates.length,
    };
  });
  const machinePct = (100 * (mc1.busy - mc0.busy)) / (mc1.total - mc0.total);
  const totalDropped = perParticipant.reduce((x, p) => x + p.dropped, 0);
  const worstFps = Math.min(...perParticipant.map((p) => p.minFps));
  const meanFps = perParticipant.reduce((x, p) => x + p.meanFps, 0) / n;
  const meanSent = perParticipant.reduce((x, p) => x + p.sentFps, 0) / n;
  const limited = perParticipant.reduce((x, p) => x + p.limited, 0);
  const height = perParticipant.reduce((x, p) => x + p.height, 0) / n;
  const received = meanFps * wallS * n * (n - 1);
  const droppedPct = received > 0 ? (100 * totalDropped) / (received + totalDropped) : NaN;
  // Holds: under 1 % of the frames dropped and every stream at ≥ 80 % of the capture rate.
  // Degraded: few drops, but the senders' encoders cut the frame rate (CPU-limited).
  const verdict =
    droppedPct >= 1 ? 'DROPS' : worstFps >= 0.8 * captureFps ? 'holds' : 'degraded (frame rate cut, not dropped)';

  for (const page of pages) await mesh(page, 'close').catch(() => undefined);
  await rest.call('POST', `${api.groupCallCancel.path}?groupId=${group.id}`, { token: host.token });
  for (const page of pages) await page.context().close();
  const line =
    `N=${n}: ${(n * (n - 1)) / 2} connections up in ${connectS.toFixed(1)} s, server CPU for the setup ${cpuSetup.toFixed(2)} s; ` +
    `over ${wallS.toFixed(0)} s: capture ${captureFps} fps, sent ${meanSent.toFixed(1)} fps/stream, decoded mean ${meanFps.toFixed(1)} ` +
    `worst stream ${worstFps.toFixed(1)} fps, received height ${height.toFixed(0)} px; frames dropped ${totalDropped} (${droppedPct.toFixed(2)} %); ` +
    `encoders limited (cpu/bandwidth) ${limited}/${n * (n - 1)}; machine CPU ${machinePct.toFixed(0)} % of ` +
    `${machineCores()} cores; server CPU ${serverWindow.toFixed(2)} s (${((100 * serverWindow) / wallS).toFixed(1)} % of a core) → ` +
    verdict;
  for (const [i, p] of perParticipant.entries())
    console.log(
      `  participant ${i + 1}: decoded ${p.meanFps.toFixed(1)} fps/stream (worst ${p.minFps.toFixed(1)}), dropped ${p.dropped}`,
    );
  console.log(line);
  return line;
}

const browser = await launchBenchBrowser([
  ...FAKE_MEDIA_ARGS,
  // Background pages must not be throttled: every participant is "visible".
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
]);
// The machine's load before any participant (other work on the same cores skews the figures).
const idle0 = machineCpu();
await sleep(3_000);
const idle1 = machineCpu();
const lines: string[] = [
  `baseline machine CPU before the call: ${((100 * (idle1.busy - idle0.busy)) / (idle1.total - idle0.total)).toFixed(0)} % of ${machineCores()} cores`,
];
let offset = 0;
try {
  for (const n of sizes) {
    rest.checkDeadline();
    lines.push(
      await runSize(browser, n, offset).catch(async (err: unknown) => {
        for (const page of openPages) await page.context().close();
        const line = `N=${n}: ${String(err)}`;
        console.log(line);
        return line;
      }),
    );
    offset += n;
    openPages.length = 0;
  }
} finally {
  await browser.close();
}
console.log(`\n${lines.join('\n')}`);
process.exit(0);
