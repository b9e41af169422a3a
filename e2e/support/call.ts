/**
 * Shared steps of the call browser tests (issue 9, docs/CALLS.md): the page's peer
 * connections seen from the test (an init script records every RTCPeerConnection the
 * app makes, so the production build needs no test hook), media stats, the call page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './chat.js';
import { openChatFromList } from './chat-box.js';
import { openTab } from './flows.js';

/** Records every RTCPeerConnection the context's pages make on `window.__e2ePeers`, from their next load on. */
export async function installPeerRecorder(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { __e2ePeers: RTCPeerConnection[] }).__e2ePeers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    };
  });
}

/** Records the page's RTCPeerConnections on `window.__e2ePeers`; reloads so it applies. */
export async function recordPeerConnections(page: Page): Promise<void> {
  await installPeerRecorder(page.context());
  await page.reload();
  await page.getByTestId('tab-page-chat').waitFor();
}

export interface InboundBytes {
  audio: number;
  video: number;
  /** Connection state of the newest peer connection. */
  state: string;
}

/** Inbound RTP bytes by kind on the page's newest open peer connection. */
export function inboundBytes(page: Page): Promise<InboundBytes> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __e2ePeers?: RTCPeerConnection[] }).__e2ePeers ?? [];
    const pc = [...peers].reverse().find((p) => p.connectionState !== 'closed');
    const out = { audio: 0, video: 0, state: pc?.connectionState ?? 'none' };
    if (!pc) return out;
    const report = await pc.getStats();
    report.forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
      if (s.type === 'inbound-rtp' && (s.kind === 'audio' || s.kind === 'video')) out[s.kind] += s.bytesReceived ?? 0;
    });
    return out;
  });
}

/** Inbound audio and video bytes are there and growing (media flows both ways when run on both pages). */
export async function expectMediaFlowing(page: Page, who: string): Promise<InboundBytes> {
  const deadline = Date.now() + WAIT_MS;
  let first = await inboundBytes(page);
  while ((first.audio === 0 || first.video === 0) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    first = await inboundBytes(page);
  }
  expect(first.audio, `${who}: inbound audio bytes`).toBeGreaterThan(0);
  expect(first.video, `${who}: inbound video bytes`).toBeGreaterThan(0);
  let later = first;
  while ((later.audio <= first.audio || later.video <= first.video) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    later = await inboundBytes(page);
  }
  expect(later.audio, `${who}: inbound audio bytes grow`).toBeGreaterThan(first.audio);
  expect(later.video, `${who}: inbound video bytes grow`).toBeGreaterThan(first.video);
  return later;
}

/** Waits for the call page in this phase (ringing `calling`/`incoming`, `connected`, …). */
export async function expectCallPhase(page: Page, phase: string, timeout = WAIT_MS): Promise<void> {
  await page.locator(`[data-testid="call-page"][data-phase="${phase}"]`).waitFor({ timeout });
}

/** The call page is gone (the page went back after the call ended). */
export async function expectCallClosed(page: Page): Promise<void> {
  await page.getByTestId('call-page').waitFor({ state: 'detached', timeout: WAIT_MS });
}

/** In the open chat box: the call record bubble with this outcome (the newest one); returns its duration. */
export async function expectCallRecord(page: Page, outcome: string, mode: 'voice' | 'video'): Promise<number> {
  const bubble = page.locator(`[data-testid^="message-call-"][data-outcome="${outcome}"][data-mode="${mode}"]`).last();
  await bubble.waitFor({ timeout: WAIT_MS });
  return Number(await bubble.getAttribute('data-duration'));
}

/** Inbound audio bytes of each open peer connection of the page (a group call has one per other participant). */
export function inboundAudioByConnection(page: Page): Promise<{ state: string; audio: number }[]> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __e2ePeers?: RTCPeerConnection[] }).__e2ePeers ?? [];
    const open = peers.filter((p) => p.connectionState !== 'closed');
    return Promise.all(
      open.map(async (pc) => {
        let audio = 0;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio') audio += s.bytesReceived ?? 0;
        });
        return { state: pc.connectionState, audio };
      }),
    );
  });
}

/** A group call page: `count` connected connections, each with inbound audio bytes growing (every pair exchanges media). */
export async function expectMeshFlowing(page: Page, who: string, count: number): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  const ready = (list: { state: string; audio: number }[]) =>
    list.length === count && list.every((c) => c.state === 'connected' && c.audio > 0);
  let first = await inboundAudioByConnection(page);
  while (!ready(first) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    first = await inboundAudioByConnection(page);
  }
  expect(
    first.map((c) => c.state),
    `${who}: connections`,
  ).toEqual(Array<string>(count).fill('connected'));
  for (const c of first) expect(c.audio, `${who}: inbound audio bytes`).toBeGreaterThan(0);
  let later = first;
  const grown = () => later.length === count && later.every((c, i) => c.audio > first[i]!.audio);
  while (!grown() && Date.now() < deadline) {
    await page.waitForTimeout(100);
    later = await inboundAudioByConnection(page);
  }
  expect(grown(), `${who}: inbound audio bytes grow on every connection`).toBe(true);
}

/** The group call grid shows exactly these participants' tiles. */
export async function expectTiles(page: Page, userIds: number[]): Promise<void> {
  const want = [...userIds].sort((x, y) => x - y).join();
  const deadline = Date.now() + WAIT_MS;
  let got = '';
  while (Date.now() < deadline) {
    got = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="group-tile-"][data-joined]'))
        .map((el) => Number(el.dataset.testid!.slice('group-tile-'.length)))
        .sort((x, y) => x - y)
        .join(),
    );
    if (got === want) return;
    await page.waitForTimeout(100);
  }
  expect(got, 'group call tiles').toBe(want);
}

/**
 * From Alice's messages tab: opens her chat with Bob, starts a video call from the
 * composer's "+" panel, Bob accepts; returns once both are connected with media flowing.
 */
export async function connectVideoCall(a: Page, b: Page, bobId: number): Promise<void> {
  await openTab(a, 'chat');
  await openChatFromList(a, bobId);
  await a.getByTestId('composer-plus').click();
  await a.getByTestId('composer-video-call').click();
  await expectCallPhase(a, 'calling');
  await expectCallPhase(b, 'incoming');
  await b.getByTestId('call-accept').click();
  await expectCallPhase(a, 'connected');
  await expectCallPhase(b, 'connected');
  await Promise.all([expectMediaFlowing(a, 'Alice'), expectMediaFlowing(b, 'Bob')]);
}
