/**
 * Resuming a private call (issue 9, docs/CALLS.md §8.2–§8.4): Alice video-calls Bob and
 * media flows. Bob's socket drops and logs in again (GET /webrtc/current): the call page
 * stays, the call stays on the server and media keeps flowing. Then Bob's page crashes
 * (no pagehide, no end action), he opens the app again in the same context (same
 * terminal and tokens): /webrtc/current opens the call page in resume mode, a new
 * connection is negotiated and media flows again; Alice hangs up and both chats show
 * one completed record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PrivateCallInfo } from '@parley/protocol';
import {
  apiGetAs,
  en,
  expectToast,
  launchBrowser,
  openTab,
  startServer,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember } from '../support/chat.js';
import { expectChatBox, openChatFromList } from '../support/chat-box.js';
import {
  connectVideoCall,
  expectCallClosed,
  expectCallPhase,
  expectCallRecord,
  expectMediaFlowing,
  inboundBytes,
  recordPeerConnections,
} from '../support/call.js';

/** Records the page's WebSockets on `window.__e2eSockets` (applies from the next load). */
async function recordSockets(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const Native = window.WebSocket;
    const sockets: WebSocket[] = [];
    (window as unknown as { __e2eSockets: WebSocket[] }).__e2eSockets = sockets;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    };
  });
}

/** The next GET /webrtc/current the page sends (the app's socket logged in). */
function nextCurrentCall(page: Page) {
  return page.waitForResponse((r) => r.url().includes('/webrtc/current'), { timeout: WAIT_MS + 15_000 });
}

/** How many RTCPeerConnections the page has made (recordPeerConnections). */
function peerCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __e2ePeers?: RTCPeerConnection[] }).__e2ePeers?.length ?? 0);
}

/** The call as the server sees it, asked with the page's stored token. */
function callInfo(page: Page, server: RunningServer, peerId: number): Promise<PrivateCallInfo> {
  return apiGetAs<PrivateCallInfo>(page, server, `/webrtc/private/info?uid=${peerId}`);
}

describe('resuming a private call (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let callId: string | undefined;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Resume');
    const bob = await createMember(server, 'bob', 'Bob Resume');
    await befriend(server, alice, bob);
    a = await signIn(browser, server, alice);
    b = await signIn(browser, server, bob);
    await recordSockets(b.page);
    await recordPeerConnections(a.page);
    await recordPeerConnections(b.page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the call and its media through a socket drop and re-login', async () => {
    await connectVideoCall(a.page, b.page, b.id);
    const before = await callInfo(b.page, server, a.id);
    expect(before).toMatchObject({ isChating: true, state: 'connected' });
    callId = before.callId;

    // Bob's socket drops; the app reconnects on its own and calls /webrtc/current again.
    const bobPeers = await peerCount(b.page);
    const relogin = nextCurrentCall(b.page);
    const closed = await b.page.evaluate(() => {
      const sockets = (window as unknown as { __e2eSockets?: WebSocket[] }).__e2eSockets ?? [];
      const open = sockets.filter((s) => s.readyState === WebSocket.OPEN);
      open.forEach((s) => s.close());
      return open.length;
    });
    expect(closed, 'open sockets closed').toBe(1);
    expect((await relogin).ok()).toBe(true);

    await expectCallPhase(b.page, 'connected');
    await expectCallPhase(a.page, 'connected');
    expect(await callInfo(b.page, server, a.id)).toMatchObject({ isChating: true, state: 'connected', callId });
    await Promise.all([expectMediaFlowing(a.page, 'Alice'), expectMediaFlowing(b.page, 'Bob')]);
    expect(await peerCount(b.page), 'Bob: the same page and connection').toBe(bobPeers);
  });

  it('resumes after the callee’s page crashes and he opens the app again', async () => {
    const alicePeers = await peerCount(a.page);
    const cdp = await b.page.context().newCDPSession(b.page);
    const crashed = b.page;
    const context = crashed.context();
    const died = crashed.waitForEvent('crash', { timeout: WAIT_MS });
    void cdp.send('Page.crash').catch(() => undefined); // never answered: the renderer dies first
    await died;

    const page = await context.newPage();
    b = { ...b, page };
    page.on('pageerror', (e) => b.errors.push(e.message));
    const current = nextCurrentCall(page);
    await page.goto(server.url);
    expect((await current).ok()).toBe(true);

    // Opened by /webrtc/current in resume mode (the callId in history state), a new connection.
    await expectCallPhase(page, 'connected');
    expect(JSON.stringify(await page.evaluate(() => history.state as unknown))).toContain(callId);
    expect(await callInfo(page, server, a.id)).toMatchObject({ isChating: true, state: 'connected', callId });
    await expectCallPhase(a.page, 'connected');
    // Alice saw a new fingerprint in Bob's offer: she dropped her connection and answered with a new one.
    expect(await peerCount(a.page), 'Alice: a new connection').toBeGreaterThan(alicePeers);
    expect(await peerCount(page), 'Bob: the new page’s connection').toBeGreaterThanOrEqual(1);
    await Promise.all([expectMediaFlowing(a.page, 'Alice'), expectMediaFlowing(page, 'Bob')]);
    expect((await inboundBytes(a.page)).state).toBe('connected');

    await a.page.getByTestId('call-hangup').click();
    await expectToast(page, en('errors.callHungUp'));
    await expectCallClosed(a.page);
    await expectCallClosed(page);
    await expectChatBox(a.page, b.id);
    const completed = '[data-testid^="message-call-"][data-outcome="completed"][data-mode="video"]';
    expect(await expectCallRecord(a.page, 'completed', 'video')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => a.page.locator(completed).count()).toBe(1);
    await openTab(page, 'chat');
    await openChatFromList(page, a.id);
    expect(await expectCallRecord(page, 'completed', 'video')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.locator(completed).count()).toBe(1);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
