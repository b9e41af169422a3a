/**
 * Private video call: accept → first remote video frame, and the signalling cost of a
 * call (issue 9, Performance). Two signed-in Chromium contexts (fake camera and
 * microphone) drive the real web call page; A video-calls B from the chat box, B
 * accepts, A hangs up once both sides show video. Starts nothing itself:
 *
 *   RATE_LIMITS=off FRIEND_REQUESTS=off AUTH_RATE_PER_MIN=0 LOG_LEVEL=warn DATA_DIR=$(mktemp -d) PORT=8099 npx tsx packages/server/src/main.ts
 *   npx tsx bench/src/call-first-frame.ts http://127.0.0.1:8099 [calls=10]
 *
 * Per call, measured in B's page with B's clock: the accept click (a capture listener)
 * → the first frame presented by the remote <video> (requestVideoFrameCallback), and →
 * the first decoded frame in getStats (framesDecoded > 0, polled every 5 ms). Also per
 * call and page: the /webrtc/* requests by path (page.on('request')) and the cmd 3
 * frames received (an init script wraps WebSocket), split into call signals (100–109)
 * and others. Loopback only; bounded by the call count and a 10-minute deadline.
 */
import type { Page } from 'playwright-core';
import { FAKE_MEDIA_ARGS, launchBenchBrowser } from './lib/bench-browser.js';
import { ChatType, api } from '@parley/protocol';
import { signedInContext } from './lib/bench-browser.js';
import { median, pct, restClient } from './lib/rest.js';

const [base = 'http://127.0.0.1:8099', callsArg = '10'] = process.argv.slice(2);
const calls = Number(callsArg);
const deadline = Date.now() + 10 * 60_000;
const rest = restClient(base, deadline);
const runId = Date.now().toString(36);
const password = 'bench-pass';
const WAIT_MS = 20_000;

interface Probe {
  acceptAt: number | null;
  frameAt: number | null;
  decodedAt: number | null;
  cmd3: number;
  cmd3Call: number;
  /** cmd 3 frames by data.type. */
  types: Record<number, number>;
}

/** In every page: accept click time, first remote frame (rVFC and getStats), cmd 3 frames received. */
function installProbe(): void {
  type Win = typeof window & { __probe: Probe; __peers: RTCPeerConnection[] };
  const w = window as Win;
  w.__probe = { acceptAt: null, frameAt: null, decodedAt: null, cmd3: 0, cmd3Call: 0, types: {} };
  w.__peers = [];
  const NativePc = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePc {
    constructor(config?: RTCConfiguration) {
      super(config);
      w.__peers.push(this);
    }
  };
  const NativeWs = window.WebSocket;
  window.WebSocket = class extends NativeWs {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (e: MessageEvent) => {
        if (typeof e.data !== 'string') return;
        try {
          const frame = JSON.parse(e.data) as { cmd?: number; data?: { type?: number } };
          if (frame.cmd !== 3) return;
          w.__probe.cmd3++;
          const type = frame.data?.type ?? 0;
          w.__probe.types[type] = (w.__probe.types[type] ?? 0) + 1;
          if (type >= 100 && type <= 109) w.__probe.cmd3Call++;
        } catch {
          // not JSON
        }
      });
    }
  };
  document.addEventListener(
    'click',
    (e) => {
      if ((e.target as Element | null)?.closest?.('[data-testid="call-accept"]'))
        w.__probe.acceptAt = performance.now();
    },
    true,
  );
  // Watch for the remote video and the first decoded frame.
  const watched = new WeakSet<HTMLVideoElement>();
  const tick = () => {
    const video = document.querySelector<HTMLVideoElement>('[data-testid="call-remote-video"]');
    if (video && !watched.has(video)) {
      watched.add(video);
      const onFrame = () => {
        if (w.__probe.acceptAt !== null && w.__probe.frameAt === null) w.__probe.frameAt = performance.now();
        else if (w.__probe.frameAt === null) video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    }
    if (w.__probe.acceptAt !== null && w.__probe.decodedAt === null) {
      const pc = [...w.__peers].reverse().find((p) => p.connectionState !== 'closed');
      void pc?.getStats().then((report) => {
        report.forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video' && (s.framesDecoded ?? 0) > 0 && !w.__probe.decodedAt)
            w.__probe.decodedAt = performance.now();
        });
      });
    }
  };
  setInterval(tick, 5);
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __probe: Probe }).__probe);
const resetProbe = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __probe: Probe };
    w.__probe.acceptAt = w.__probe.frameAt = w.__probe.decodedAt = null;
    w.__probe.cmd3 = w.__probe.cmd3Call = 0;
    w.__probe.types = {};
  });
const phase = (page: Page, p: string) =>
  page.locator(`[data-testid="call-page"][data-phase="${p}"]`).waitFor({ timeout: WAIT_MS });

// ---- users: A and B, friends
const a = await rest.account(`cff-${runId}-a@parley.test`, password);
const b = await rest.account(`cff-${runId}-b@parley.test`, password);
await rest.call('POST', `${api.friendAdd.path}?friendId=${b.id}`, { token: a.token });

const browser = await launchBenchBrowser(FAKE_MEDIA_ARGS);
async function open(userName: string): Promise<Page> {
  const pair = await rest.login(userName, password);
  const context = await signedInContext(browser, pair);
  await context.addInitScript(installProbe);
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.on('pageerror', (e) => console.warn(`[${userName}] ${e.message}`));
  return page;
}
const pageA = await open(a.userName);
const pageB = await open(b.userName);
const requests = new Map<Page, Map<string, number>>([
  [pageA, new Map()],
  [pageB, new Map()],
]);
for (const [page, counts] of requests) {
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.includes('/webrtc/') || path.endsWith('/system/config')) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
}
await pageA.goto(`${base}/#/pages/chat/chat-box?type=${ChatType.PRIVATE}&targetId=${b.id}`);
await pageA.locator(`[data-testid="chat-box"][data-target-id="${b.id}"]`).waitFor();
await pageB.goto(`${base}/#/pages/chat/chat`);
await pageB.getByTestId('tab-page-chat').waitFor();

const toFrame: number[] = [];
const toDecoded: number[] = [];
const perCall: {
  reqA: number;
  reqB: number;
  framesA: number;
  framesB: number;
  callFramesA: number;
  callFramesB: number;
}[] = [];
let lastCounts: Record<string, number> = {};
let lastTypes = '';
for (let n = 0; n < calls; n++) {
  rest.checkDeadline();
  for (const [page, counts] of requests) {
    counts.clear();
    await resetProbe(page);
  }
  await pageA.getByTestId('composer-plus').click();
  await pageA.getByTestId('composer-video-call').click();
  await phase(pageB, 'incoming');
  await pageB.getByTestId('call-accept').click();
  await pageB.waitForFunction(() => {
    const p = (window as unknown as { __probe: Probe }).__probe;
    return p.frameAt !== null && p.decodedAt !== null;
  });
  await phase(pageA, 'connected');
  await pageA.locator('[data-testid="call-timer"]').waitFor();
  await pageA.getByTestId('call-hangup').click();
  await pageA.getByTestId('call-page').waitFor({ state: 'detached' });
  await pageB.getByTestId('call-page').waitFor({ state: 'detached' });
  await pageA.locator(`[data-testid="chat-box"][data-target-id="${b.id}"]`).waitFor();
  await pageA.waitForTimeout(300); // late requests (handup) and frames
  const [pa, pb] = [await probe(pageA), await probe(pageB)];
  if (pb.acceptAt === null || pb.frameAt === null || pb.decodedAt === null) throw new Error(`call ${n}: no timing`);
  toFrame.push(pb.frameAt - pb.acceptAt);
  toDecoded.push(pb.decodedAt - pb.acceptAt);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((x, y) => x + y, 0);
  perCall.push({
    reqA: sum(requests.get(pageA)!),
    reqB: sum(requests.get(pageB)!),
    framesA: pa.cmd3,
    framesB: pb.cmd3,
    callFramesA: pa.cmd3Call,
    callFramesB: pb.cmd3Call,
  });
  lastCounts = Object.fromEntries(
    [...requests].flatMap(([page, m]) =>
      [...m].map(([path, c]) => [`${page === pageA ? 'A' : 'B'} ${path.replace(/^\/api/, '')}`, c]),
    ),
  );
  lastTypes = `A ${JSON.stringify(pa.types)} B ${JSON.stringify(pb.types)}`;
  console.log(
    `call ${n + 1}: accept→first frame ${toFrame.at(-1)!.toFixed(0)} ms (rVFC), ` +
      `→framesDecoded>0 ${toDecoded.at(-1)!.toFixed(0)} ms; requests A ${perCall.at(-1)!.reqA} B ${perCall.at(-1)!.reqB}; ` +
      `cmd 3 frames A ${pa.cmd3} (${pa.cmd3Call} call signals) B ${pb.cmd3} (${pb.cmd3Call})`,
  );
  await pageA.waitForTimeout(500);
}

const ms = (x: number) => `${x.toFixed(0)} ms`;
const med = (k: keyof (typeof perCall)[number]) => median(perCall.map((c) => c[k]));
console.log(
  `\n${calls} calls: accept→first remote frame (rVFC) median ${ms(median(toFrame))}, p90 ${ms(pct(toFrame, 0.9))}; ` +
    `→framesDecoded>0 median ${ms(median(toDecoded))}, p90 ${ms(pct(toDecoded, 0.9))}`,
);
console.log(
  `signalling per call (median): requests A ${med('reqA')} + B ${med('reqB')} = ${med('reqA') + med('reqB')}; ` +
    `cmd 3 frames received A ${med('framesA')} (call signals ${med('callFramesA')}) + ` +
    `B ${med('framesB')} (call signals ${med('callFramesB')})`,
);
console.log(`requests of the last call by path: ${JSON.stringify(lastCounts)}`);
console.log(`cmd 3 frames of the last call by type: ${lastTypes}`);
await browser.close();
process.exit(0);
