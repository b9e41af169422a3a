/** A second login on the same terminal (two WEB tabs, separate storage) force-logs-out the first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { Terminal, WS_PATH, type OnlineTerminals, type User } from '@parley/protocol';
import {
  Routes,
  apiGetAs,
  en,
  expectText,
  launchBrowser,
  login,
  newUserPage,
  openRoute,
  registerViaApi,
  routeRe,
  screenshot,
  startServer,
  uniqueUserName,
  MESSAGES_RE,
  type RunningServer,
} from '../support/index.js';

interface Tab {
  page: Page;
  sockets: WebSocket[];
  errors: string[];
}

describe('force logout on a second login of the same terminal', () => {
  let server: RunningServer;
  let browser: Browser;
  let first: Tab;
  let second: Tab;
  const userName = uniqueUserName('twice');
  const password = 'twice-pass1';

  async function openTab(): Promise<Tab> {
    const page = await newUserPage(browser); // own context: own localStorage, like another browser
    const tab: Tab = { page, sockets: [], errors: [] };
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname === WS_PATH) tab.sockets.push(ws);
    });
    page.on('pageerror', (e) => tab.errors.push(e.message));
    return tab;
  }

  /** Signed in with a logged-in socket: the connection banner is gone from the messages tab. */
  async function expectOnline(tab: Tab): Promise<void> {
    expect(tab.page.url()).toMatch(MESSAGES_RE);
    await tab.page.getByTestId('chat-empty').waitFor();
    await tab.page.getByTestId('connection-banner').waitFor({ state: 'detached' });
    expect(tab.sockets.filter((ws) => !ws.isClosed())).toHaveLength(1);
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await registerViaApi(server, userName, password);
    first = await openTab();
    second = await openTab();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('logs the first tab in with a live socket', async () => {
    await login(first.page, server, userName, password);
    await expectOnline(first);
  });

  it('shows the forced-offline dialog in the first tab and sends it to login when the second logs in', async () => {
    await login(second.page, server, userName, password);

    const dialog = first.page.getByTestId('forced-offline-dialog');
    await dialog.waitFor();
    expect((await dialog.innerText()).trim()).toContain(en('errors.forcedOffline'));
    await first.page.waitForURL(routeRe(Routes.login));
    await expect.poll(() => first.sockets.every((ws) => ws.isClosed())).toBe(true);
    expect(await first.page.evaluate(() => localStorage.getItem('loginInfo'))).toBeNull();
    await screenshot(first.page, 'force-logout-first-tab');

    await first.page.getByTestId('forced-offline-dialog-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await first.page.getByTestId('login-username').waitFor();
    expect(first.page.url()).toMatch(routeRe(Routes.login));
  });

  it('keeps the second tab signed in and online on the WEB terminal', async () => {
    await expectOnline(second);
    await expectText(second.page, 'tab-chat', en('tabs.chat'));
    const self = await apiGetAs<User>(second.page, server, '/user/self');
    expect(self.userName).toBe(userName);
    const online = await apiGetAs<OnlineTerminals[]>(second.page, server, `/user/terminal/online?userIds=${self.id}`);
    expect(online).toEqual([{ userId: self.id, terminals: [Terminal.WEB] }]);
  });

  it('does not bring the first tab back on reload', async () => {
    await first.page.reload();
    await first.page.getByTestId('login-username').waitFor();
    expect(first.page.url()).toMatch(routeRe(Routes.login));
    expect(first.sockets.every((ws) => ws.isClosed())).toBe(true);
    await expectOnline(second);
    expect([...first.errors, ...second.errors]).toEqual([]);
  });

  it('does not sign an older browser back in when it is opened again after a newer login', async () => {
    // The older browser signs in, then is closed (its storage kept) before the newer one signs in.
    const older = await openTab();
    await login(older.page, server, userName, password);
    await expectOnline(older);
    const olderContext = older.page.context();
    await older.page.close();
    const newer = await openTab();
    await login(newer.page, server, userName, password);
    await expectOnline(newer);

    // Opened again: its refresh is refused, so it lands on login and the newer one stays.
    const reopened = await olderContext.newPage();
    await openRoute(reopened, server, Routes.chat);
    await reopened.waitForURL(routeRe(Routes.login));
    await reopened.getByTestId('login-username').waitFor();
    expect(await reopened.evaluate(() => localStorage.getItem('loginInfo'))).toBeNull();
    await expectOnline(newer);
    expect(await newer.page.getByTestId('forced-offline-dialog').count()).toBe(0);
    expect(newer.errors).toEqual([]);
  });
});
