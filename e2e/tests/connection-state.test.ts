/**
 * Issue 20 points 2 and 4, at 390×844, where they were seen. The chat header says what is
 * happening in words a user reads, on one line: "Waiting for network…" while the browser is
 * offline, "Connecting…" while the server cannot be reached; a failed attempt's code (600009,
 * spec §8) is a detail (the header's title, a line under the list's banner). The header follows
 * the browser's offline and online events at once, and a message sent right after the network
 * went, or cut off by it before the socket noticed, waits with a clock mark and leaves once
 * when it is back, instead of failing. A restart of the server (issue 23: the drain's close code
 * 4010) is a reconnect, never a sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { Terminal } from '@parley/protocol';
import { launchBrowser, screenshot, startServer, text, type RunningServer } from '../support/index.js';
import { WAIT_MS, apiSendText, befriend, createMember, openTerminal, type Member } from '../support/chat.js';
import type { Person } from '../support/contacts.js';
import { expectChatBox, messageRow, openChatFromList, sendText, waitForText } from '../support/chat-box.js';

const en = (key: string, params?: Record<string, string>) => text('en-US', key, params);

describe('connection state in the chat header (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let bob: Member;
  let a: Person;
  let context: BrowserContext;
  let header: Locator;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Conn');
    bob = await createMember(server, 'bob', 'Bob Conn');
    await befriend(server, alice, bob);
    a = await openTerminal(browser, server, alice, Terminal.WEB);
    context = a.page.context();
    await openChatFromList(a.page, bob.id);
    await sendText(a.page, 'Before the cut');
    header = a.page.getByTestId('chat-box-connecting');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The state line holds one line of text (it was clipped on a second line). */
  async function expectOneLine(): Promise<void> {
    const lineHeight = await header.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 18);
    expect((await header.boundingBox())!.height).toBeLessThan(1.5 * lineHeight);
  }

  it('says "Waiting for network…" as soon as the browser is offline, and queues a message sent then', async () => {
    await context.setOffline(true);
    await a.page.locator('[data-testid="chat-box-connecting"][data-network="offline"]').waitFor();
    await expect(header.innerText()).resolves.toBe(en('offline.waitingNetwork'));
    await expectOneLine();
    await a.page.getByTestId('composer-input').fill('Sent while offline');
    await a.page.getByTestId('composer-send').click();
    // A clock, not the red "!" of a failed send.
    await messageRow(a.page, 'Sent while offline').and(a.page.locator('[data-load-status="queued"]')).waitFor();
    await screenshot(a.page, 'connection-waiting-network-390');
  });

  it('connects again as the network returns and sends the queued message once', async () => {
    await context.setOffline(false);
    await header.waitFor({ state: 'detached', timeout: WAIT_MS });
    await waitForText(a.page, 'Sent while offline', true);
    await expect(a.page.locator('[data-load-status="fail"]').count()).resolves.toBe(0);
    const res = await fetch(`${server.url}/api/message/private/history?friendId=${a.id}&page=1&size=20`, {
      headers: { accessToken: bob.token },
    });
    const sent = ((await res.json()) as { data: { content: string; type: number }[] }).data.filter(
      (m) => m.content === 'Sent while offline',
    );
    expect(sent).toHaveLength(1);
  });

  it('queues a message the network cuts off while the socket still looks up, and sends it once when it answers', async () => {
    // The browser says online and the socket has not noticed yet: only the send fails.
    // The previous step's toast ("Reconnected") goes first, so any toast after the send is the send's.
    await a.page.getByTestId('toast').waitFor({ state: 'detached', timeout: WAIT_MS });
    let cut = 0;
    await a.page.route('**/api/message/private/send', async (route) => {
      if (cut++ < 1) return route.abort('internetdisconnected');
      return route.continue();
    });
    await a.page.getByTestId('composer-input').fill('Cut off in flight');
    await a.page.getByTestId('composer-send').click();
    await messageRow(a.page, 'Cut off in flight').and(a.page.locator('[data-load-status="queued"]')).waitFor();
    await waitForText(a.page, 'Cut off in flight', true);
    await a.page.unroute('**/api/message/private/send');
    expect(cut).toBe(2);
    // Nothing told the user to try again: it went by itself, once.
    await expect(a.page.getByTestId('toast').count()).resolves.toBe(0);
    await expect(a.page.locator('[data-load-status="fail"]').count()).resolves.toBe(0);
    const res = await fetch(`${server.url}/api/message/private/history?friendId=${a.id}&page=1&size=20`, {
      headers: { accessToken: bob.token },
    });
    const sent = ((await res.json()) as { data: { content: string }[] }).data.filter(
      (m) => m.content === 'Cut off in flight',
    );
    expect(sent).toHaveLength(1);
  });

  it('a restart of the server (the drain tells the socket 4010) keeps Alice signed in and in her chat; what Bob sent meanwhile arrives once', async () => {
    await a.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { routesSeen: string[] }).routesSeen = seen;
      window.addEventListener('hashchange', () => seen.push(location.hash));
    });
    server = await server.restart();
    await apiSendText(server, bob, a.id, 'Sent while you reconnected');
    await waitForText(a.page, 'Sent while you reconnected', false);
    await header.waitFor({ state: 'detached', timeout: WAIT_MS });
    // Never the login page, not even for a moment; still in the chat with Bob.
    await expect(a.page.evaluate(() => (window as unknown as { routesSeen: string[] }).routesSeen)).resolves.toEqual(
      [],
    );
    await expectChatBox(a.page, bob.id);
    await expect(a.page.getByTestId('login-username').count()).resolves.toBe(0);
    await expect(
      a.page.locator('[data-testid^="message-text-"]', { hasText: 'Sent while you reconnected' }).count(),
    ).resolves.toBe(1);
  });

  it('says "Connecting…" on one line while the server cannot be reached; the code (600009) is its detail', async () => {
    await server.stop();
    // The network blinks: the app tries at once, and the server is not there.
    await context.setOffline(true);
    await context.setOffline(false);
    await a.page
      .locator('[data-testid="chat-box-connecting"][data-network="online"][data-code="600009"]')
      .waitFor({ timeout: WAIT_MS });
    await expect(header.innerText()).resolves.toBe(en('offline.connecting'));
    await expect(header.getAttribute('title')).resolves.toBe(en('offline.connectFailed', { code: '600009' }));
    await expectOneLine();
    await screenshot(a.page, 'connection-connecting-390');
    // The list's banner: the state first, the code on a line of its own under it.
    await a.page.getByTestId('chat-box').getByTestId('nav-back').click();
    const banner = a.page.getByTestId('connection-banner');
    await banner.waitFor();
    await expect(banner.locator('.conn-banner__state').innerText()).resolves.toBe(en('offline.connecting'));
    await expect(a.page.getByTestId('connection-detail').innerText()).resolves.toBe(
      en('offline.connectFailed', { code: '600009' }),
    );
    await screenshot(a.page, 'connection-banner-390');
    // Offline again: no code, the plain reason.
    await context.setOffline(true);
    await a.page.locator('[data-testid="connection-banner"][data-network="offline"]').waitFor();
    await expect(a.page.getByTestId('connection-detail').count()).resolves.toBe(0);
    await context.setOffline(false);
    await openChatFromList(a.page, bob.id);
    await expectChatBox(a.page, bob.id);
  });
});
