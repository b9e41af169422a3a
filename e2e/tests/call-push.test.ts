/**
 * A call to a user whose app is closed rings by web push (issue 11 point 5, docs/CALLS.md
 * §2.5). The server posts to a loopback push service (PUSH_ENDPOINT_HOSTS); the test
 * decrypts what it got and hands that payload to Bob's service worker (headless Chromium
 * reaches no real push service: ServiceWorker.deliverPushMessage) while none of his app
 * pages is open. The notification's target opens the incoming call screen, accept
 * connects media both ways, and the app closes the ring notification once it is signed
 * in. A cancelled ring is replaced (same tag) by the missed call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Browser } from 'playwright-core';
import {
  ChatType,
  MessageType,
  PushKind,
  Terminal,
  chatPushUrl,
  privateCallPushUrl,
  type OnlineTerminals,
} from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  en,
  launchBrowser,
  newUserPage,
  openRoute,
  screenshot,
  startServer,
  type RunningServer,
} from '../support/index.js';
import { WAIT_MS, apiLogin, befriend, createMember, eventually, type Member } from '../support/chat.js';
import { openChatByRoute } from '../support/chat-box.js';
import { signIn, type Person } from '../support/contacts.js';
import {
  expectCallClosed,
  expectCallPhase,
  expectMediaFlowing,
  installPeerRecorder,
  recordPeerConnections,
} from '../support/call.js';
import {
  bodiesTo,
  browserKeys,
  closeAppKeepWorker,
  decryptPayload,
  shownNotifications,
  startPushService,
  subscriptionOf,
  type ClosedApp,
  type PushServiceStub,
  type ShownNotification,
} from '../support/push.js';

let server: RunningServer;
let browser: Browser;
let push: PushServiceStub;
let alice: Member;
let bob: Member;
let a: Person;
const bobKeys = browserKeys();

beforeAll(async () => {
  push = await startPushService();
  server = await startServer({ snapshotWeb: true, env: { PUSH_ENDPOINT_HOSTS: push.host } });
  browser = await launchBrowser();
  alice = await createMember(server, 'alice', 'Alice Ring');
  bob = await createMember(server, 'bob', 'Bob Ring');
  await befriend(server, alice, bob);
  // Bob's subscription (his APP session): the endpoint is the loopback push service.
  const res = await fetch(`${server.url}/api/user/reportCid?cid=e2e${bob.id}`, {
    method: 'POST',
    headers: { accessToken: bob.token, 'Content-Type': 'application/json' },
    body: JSON.stringify(subscriptionOf(push.url('/push/bob'), bobKeys)),
  });
  expect(res.status).toBe(200);
  a = await signIn(browser, server, alice);
  await recordPeerConnections(a.page);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await push?.close();
});

/** Bob's browser: signed in, the service worker installed, then every app page closed. */
async function bobsClosedApp(withPeers: boolean): Promise<ClosedApp & { context: BrowserContext }> {
  const { accessToken, refreshToken } = await apiLogin(server, bob, Terminal.WEB);
  const page = await newUserPage(browser, { viewport: VIEWPORTS.phone, serviceWorkers: 'allow' });
  const context = page.context();
  // A grant refuses what it does not list: camera and microphone stay allowed too.
  await context.grantPermissions(['notifications', 'camera', 'microphone'], { origin: server.url });
  await page.goto(`${server.url}/manifest.webmanifest`);
  await page.evaluate((info) => localStorage.setItem('loginInfo', info), JSON.stringify({ accessToken, refreshToken }));
  // Before the app's first load, so no reload races the service worker's install.
  if (withPeers) await installPeerRecorder(context);
  await openRoute(page, server, Routes.chat);
  await page.getByTestId('tab-page-chat').waitFor();
  const app = await closeAppKeepWorker(page, server.url);
  // The server has seen Bob's socket go: he is on no terminal any more.
  await eventually(() => onlineTerminals(bob.id), []);
  return { ...app, context };
}

/** The terminals on which the server has `userId` online, asked as his friend Alice. */
async function onlineTerminals(userId: number): Promise<number[]> {
  const res = await fetch(`${server.url}/api/user/terminal/online?userIds=${userId}`, {
    headers: { accessToken: alice.token },
  });
  const body = (await res.json()) as { data: OnlineTerminals[] };
  return body.data.flatMap((u) => u.terminals);
}

/** The next push the server sent to Bob's endpoint, decrypted. */
async function nextPush(count: number) {
  const deadline = Date.now() + WAIT_MS;
  while (bodiesTo(push, '/push/bob').length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const bodies = bodiesTo(push, '/push/bob');
  expect(bodies.length, 'pushes to Bob').toBe(count);
  return decryptPayload(bodies[count - 1]!, bobKeys);
}

/** Bob's service worker's notifications, read from a non-app page of his browser. */
const notifications = (context: BrowserContext, expected: number) =>
  shownNotifications(context, server.url, expected, expected === 0 ? 0 : WAIT_MS);

async function callBob(mode: 'voice' | 'video', page: Page) {
  await openChatByRoute(page, server, bob.id);
  await page.getByTestId('composer-plus').click();
  await page.getByTestId(`composer-${mode}-call`).click();
  await expectCallPhase(page, 'calling');
}

describe('a call to a closed app (390×844)', () => {
  it('rings by push; the notification opens the incoming call; accept connects media', async () => {
    const { context, deliver } = await bobsClosedApp(true);
    await callBob('video', a.page);
    const payload = await nextPush(1);
    expect(payload).toMatchObject({
      kind: PushKind.CALL,
      chatType: ChatType.PRIVATE,
      chatId: alice.id,
      title: 'Alice Ring',
      type: MessageType.ACT_RT_VIDEO,
      url: privateCallPushUrl('video', alice.id),
    });
    await deliver(payload);
    expect(await notifications(context, 1)).toEqual([
      {
        title: 'Alice Ring',
        body: en('push.incomingVideoCall'),
        tag: `PRIVATE-${alice.id}`,
        url: payload.url,
        requireInteraction: true,
      },
    ]);

    // The tap's target: the app opens at the call page, which finds the ring.
    const bobPage = await context.newPage();
    const errors: string[] = [];
    bobPage.on('pageerror', (e) => errors.push(e.message));
    await bobPage.goto(`${server.url}${payload.url}`);
    await expectCallPhase(bobPage, 'incoming');
    expect((await bobPage.getByTestId('call-peer-name').innerText()).trim()).toBe('Alice Ring');
    await screenshot(bobPage, 'call-push-incoming');
    // Signed in, the app shows the ring itself: the notification is closed.
    expect(await notifications(context, 0)).toEqual([]);
    await bobPage.getByTestId('call-accept').click();
    await expectCallPhase(a.page, 'connected');
    await expectCallPhase(bobPage, 'connected');
    await Promise.all([expectMediaFlowing(a.page, 'Alice'), expectMediaFlowing(bobPage, 'Bob')]);
    await a.page.getByTestId('call-hangup').click();
    await expectCallClosed(a.page);
    await expectCallClosed(bobPage);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a cancelled ring is replaced by the missed call (same tag)', async () => {
    const before = bodiesTo(push, '/push/bob').length;
    const { context, deliver } = await bobsClosedApp(false);
    await callBob('voice', a.page);
    const ring = await nextPush(before + 1);
    expect(ring.kind).toBe(PushKind.CALL);
    await deliver(ring);
    expect((await notifications(context, 1)).map((n) => n.body)).toEqual([en('push.incomingVoiceCall')]);
    await a.page.getByTestId('call-cancel').click();
    await expectCallClosed(a.page);
    const missed = await nextPush(before + 2);
    expect(missed).toMatchObject({ kind: PushKind.MISSED_CALL, url: chatPushUrl(ChatType.PRIVATE, alice.id) });
    await deliver(missed);
    let shown: ShownNotification[] = [];
    for (const until = Date.now() + WAIT_MS; shown[0]?.body !== en('push.missedVoiceCall') && Date.now() < until;)
      shown = await notifications(context, 1);
    expect(shown).toEqual([
      {
        title: 'Alice Ring',
        body: en('push.missedVoiceCall'),
        tag: `PRIVATE-${alice.id}`,
        url: missed.url,
        requireInteraction: false,
      },
    ]);
    await context.close();
  });
});
