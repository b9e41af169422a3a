/**
 * Two tabs of one browser (shared localStorage) opened at the same moment both refresh
 * the stored token at start-up; each refresh rotates it. Neither may end on the login page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_BASE, api } from '@parley/protocol';
import {
  MESSAGES_RE,
  Routes,
  VIEWPORTS,
  launchBrowser,
  login,
  registerViaApi,
  routeRe,
  startServer,
  uniqueUserName,
  type RunningServer,
} from '../support/index.js';

const storedRefreshToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('loginInfo') ?? '{}') as { refreshToken?: string }).refreshToken,
  );

/** Signed in on the messages tab (not sent to login). */
async function expectSignedIn(page: Page): Promise<void> {
  await page.waitForURL(MESSAGES_RE);
  await page.getByTestId('tab-page-chat').waitFor();
  expect(page.url()).not.toMatch(routeRe(Routes.login));
}

describe('two tabs refreshing the session at once (one browser, shared storage)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let tabs: Page[];
  const refreshCalls: string[] = [];
  const errors: string[] = [];
  let before: string | undefined;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const userName = uniqueUserName('tabs');
    await registerViaApi(server, userName, 'tabs-pass1');
    const first = await context.newPage();
    await login(first, server, userName, 'tabs-pass1');
    before = await storedRefreshToken(first);
    await first.close();
    context.on('request', (r) => {
      if (r.url().endsWith(API_BASE + api.refreshToken.path)) refreshCalls.push(r.url());
    });
    context.on('page', (p) => p.on('pageerror', (e) => errors.push(e.message)));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens both at the same moment and signs both in', async () => {
    tabs = [await context.newPage(), await context.newPage()];
    await Promise.all(tabs.map((p) => p.goto(`${server.url}/#${Routes.root}`)));
    await Promise.all(tabs.map(expectSignedIn));
    expect(refreshCalls.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps both signed in once a socket is up (the tab whose socket is replaced by its sibling stays)', async () => {
    await Promise.any(tabs.map((p) => p.getByTestId('connection-banner').waitFor({ state: 'detached' })));
    await new Promise((r) => setTimeout(r, 1_500)); // a force-logout frame would have arrived by now
    for (const page of tabs) {
      expect(await page.getByTestId('forced-offline-dialog').count()).toBe(0);
      expect(page.url()).toMatch(MESSAGES_RE);
    }
  });

  it('leaves one rotated token, the same for both tabs', async () => {
    const [a, b] = await Promise.all(tabs.map(storedRefreshToken));
    expect(a).toBeTruthy();
    expect(a).toBe(b);
    expect(a).not.toBe(before);
  });

  it('signs each tab in again after a reload', async () => {
    for (const page of tabs) {
      await page.reload();
      await expectSignedIn(page);
      await page.getByTestId('chat-empty').waitFor();
    }
    expect(await storedRefreshToken(tabs[0]!)).toBeTruthy();
    expect(errors).toEqual([]);
  });
});
