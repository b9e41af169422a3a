/**
 * Private chat (issue 4): what was sent while the receiver was away arrives once, in order —
 * after the app was closed and opened again, and after a socket that died unnoticed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { Terminal, WS_PATH } from '@parley/protocol';
import { Routes, launchBrowser, openRoute, startServer, type RunningServer } from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import {
  WAIT_MS,
  befriend,
  createMember,
  eventually,
  expectChatRow,
  expectListReady,
  openTerminal,
} from '../support/chat.js';
import {
  expectTick,
  leaveChat,
  openChatByRoute,
  openChatFromList,
  sendText,
  shownTexts,
  waitForText,
} from '../support/chat-box.js';

/** Bob's socket runs through the test: it can swallow what the server pushes, or cut the line. */
class SocketLink {
  swallow = false;
  down = false;
  private open: { page: WebSocketRoute; server: WebSocketRoute } | null = null;

  async install(page: Page): Promise<void> {
    await page.context().routeWebSocket(
      (url) => url.pathname === WS_PATH,
      (ws) => {
        if (this.down) return void ws.close(); // no network: every reconnect fails at once
        const server = ws.connectToServer();
        ws.onMessage((m) => server.send(m));
        server.onMessage((m) => {
          if (!this.swallow) ws.send(m);
        });
        this.open = { page: ws, server };
      },
    );
  }

  /** The line goes dead: both ends see the socket close, and reconnects fail until `restore`. */
  async cut(): Promise<void> {
    this.down = true;
    await this.open?.server.close();
    await this.open?.page.close();
    this.open = null;
  }

  restore(): void {
    this.down = false;
    this.swallow = false;
  }
}

describe('private chat: offline and back (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let bContext: BrowserContext;
  const link = new SocketLink();

  /** Alice's chat box shows Bob offline (the server saw his socket close). */
  const expectBobOnline = (online: boolean) =>
    a.page.locator(`[data-testid="chat-box-online"][data-online="${online}"]`).waitFor({ timeout: WAIT_MS });

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Offline');
    const bob = await createMember(server, 'bob', 'Bob Offline');
    await befriend(server, alice, bob);
    a = await signIn(browser, server, alice);
    b = await openTerminal(browser, server, bob, Terminal.WEB, (page) => link.install(page));
    bContext = b.page.context();
    await openChatByRoute(a.page, server, b.id);
    await expectBobOnline(true);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('delivers and reads a message while both are online', async () => {
    const key = await sendText(a.page, 'Before the break');
    await expectChatRow(b.page, a.id, { unread: 1, last: 'Before the break' });
    await openChatFromList(b.page, a.id);
    await waitForText(b.page, 'Before the break', false);
    await expectTick(a.page, key, true);
    await leaveChat(b.page);
    await expectChatRow(b.page, a.id, { unread: 0 });
  });

  it('keeps three messages for Bob while his app is closed', async () => {
    await b.page.close();
    await expectBobOnline(false);
    for (const text of ['Missed 1', 'Missed 2', 'Missed 3'])
      await expectTick(a.page, await sendText(a.page, text), false);
  });

  it('gives them to Bob once and in order when he opens the app again', async () => {
    b.page = await bContext.newPage();
    b.page.on('pageerror', (e) => b.errors.push(e.message));
    await openRoute(b.page, server, Routes.chat);
    await expectListReady(b.page);
    await expectChatRow(b.page, a.id, { unread: 3, last: 'Missed 3' });
    await expectBobOnline(true);
    await openChatFromList(b.page, a.id);
    await eventually(() => shownTexts(b.page), ['Before the break', 'Missed 1', 'Missed 2', 'Missed 3']);
    for (const text of ['Missed 1', 'Missed 2', 'Missed 3'])
      await expectTick(a.page, await waitForText(a.page, text, true), true);
    await leaveChat(b.page);
    await expectChatRow(b.page, a.id, { unread: 0, last: 'Missed 3' });
  });

  it('pulls what was pushed into a dead socket and what was sent while cut off', async () => {
    link.swallow = true; // the server still thinks Bob is connected
    await sendText(a.page, 'Lost in transit');
    await link.cut();
    await b.page.getByTestId('connection-banner').waitFor({ timeout: WAIT_MS });
    await expectBobOnline(false);
    await sendText(a.page, 'Sent while cut off');
    await expectChatRow(b.page, a.id, { unread: 0, last: 'Missed 3' });

    link.restore(); // the app retries at most every 10 s
    await b.page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 3 * WAIT_MS });
    await expectChatRow(b.page, a.id, { unread: 2, last: 'Sent while cut off' });
    await openChatFromList(b.page, a.id);
    const all = ['Before the break', 'Missed 1', 'Missed 2', 'Missed 3', 'Lost in transit', 'Sent while cut off'];
    await eventually(() => shownTexts(b.page), all);
    await expectBobOnline(true);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
