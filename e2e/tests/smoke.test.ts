import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  MESSAGES_RE,
  Routes,
  expectMessagesTab,
  launchBrowser,
  login,
  newUserPage,
  openRoute,
  registerViaApi,
  routeRe,
  screenshot,
  startServer,
  uniqueUserName,
  type RunningServer,
} from '../support/index.js';

describe('smoke', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers the API with the reply envelope', async () => {
    const res = await fetch(`${server.url}/api/system/config`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(401);
    expect(typeof body.message).toBe('string');
  });

  it('serves the app at / and sends a signed-out visitor to login', async () => {
    const page = await newUserPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const res = await page.goto(server.url + '/');
    expect(res?.status()).toBe(200);
    await page.waitForURL(/#\/pages\/login\/login/, { timeout: 20_000 });
    const lang = await page.evaluate(() => document.documentElement.lang);
    expect(lang).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
    await screenshot(page, 'smoke-login');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends an unknown route of a signed-out visitor to login', async () => {
    const page = await newUserPage(browser);
    await openRoute(page, server, '/no/such/page');
    await page.waitForURL(routeRe(Routes.login));
    await page.getByTestId('login-username').waitFor();
    await page.context().close();
  });

  it('falls back to the messages tab for a signed-in user (unknown route, login route, /)', async () => {
    const userName = uniqueUserName('smoke');
    await registerViaApi(server, userName, 'smoke-pass1');
    const page = await newUserPage(browser);
    await login(page, server, userName, 'smoke-pass1');

    await openRoute(page, server, '/no/such/page');
    await expectMessagesTab(page);
    // A fresh start on login with a stored session goes to the messages tab (spec §2).
    await page.goto(`${server.url}/#${Routes.login}`);
    await page.reload();
    await expectMessagesTab(page);
    await page.goto(`${server.url}/`);
    await expectMessagesTab(page);
    expect(page.url()).toMatch(MESSAGES_RE);
    await page.context().close();
  });

  it('fetches the pages a user may open next while idle after sign-in; with Data Saver, each on its first visit', async () => {
    const userName = uniqueUserName('smoke');
    await registerViaApi(server, userName, 'smoke-pass1');
    const minePage = /\/assets\/MinePage-[\w-]+\.js$/;

    const eager = await newUserPage(browser, { preloadPages: true });
    const preloaded = eager.waitForRequest(minePage);
    await login(eager, server, userName, 'smoke-pass1');
    await preloaded; // the Mine tab's chunk, never opened
    await eager.locator('html[data-preload="done"]').waitFor({ state: 'attached' });
    await eager.context().close();

    const saver = await newUserPage(browser); // reports Data Saver (support/browser.ts)
    const chunks: string[] = [];
    saver.on('request', (r) => {
      if (minePage.test(r.url())) chunks.push(r.url());
    });
    await login(saver, server, userName, 'smoke-pass1');
    await saver.locator('html[data-preload="off"]').waitFor({ state: 'attached' });
    expect(chunks).toEqual([]);
    const onVisit = saver.waitForRequest(minePage);
    await saver.getByTestId('tab-mine').click();
    await onVisit;
    await saver.context().close();
  });
});
