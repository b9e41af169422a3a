/** The seeded trial account cannot change its password; its original password keeps working. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  Routes,
  en,
  expectMessagesTab,
  expectText,
  launchBrowser,
  login,
  loginFails,
  logout,
  newUserPage,
  openRoute,
  openTab,
  routeRe,
  startServer,
  submitLogin,
  type RunningServer,
} from '../support/index.js';

// The server's defaults (packages/server/src/config.ts), passed explicitly so an outer environment cannot change them.
const TRIAL_USERNAME = 'trial@parley.chat';
const TRIAL_PASSWORD = 'parley123';
const ATTEMPTED_PASSWORD = 'trial-new-pass';

describe('trial account password', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ env: { TRIAL_USERNAME, TRIAL_PASSWORD } });
    browser = await launchBrowser();
    page = await newUserPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('seeds the trial account and announces it in the start banner', async () => {
    await expect.poll(() => server.output()).toContain(`${TRIAL_USERNAME} / ${TRIAL_PASSWORD}`);
  });

  it('does not offer the trial account a password form it cannot use (issue 11, point 15)', async () => {
    await login(page, server, TRIAL_USERNAME, TRIAL_PASSWORD);
    await openTab(page, 'mine');
    expect(await page.getByTestId('mine-username').innerText()).toContain(TRIAL_USERNAME);
    expect(await page.getByTestId('mine-password-entry').count()).toBe(0);

    // The route itself (a link, a bookmark) says why instead of showing the form.
    await openRoute(page, server, Routes.minePassword);
    await expectText(page, 'password-trial-note', en('errors.trialCannotChangePassword'));
    expect(await page.getByTestId('password-old').count()).toBe(0);
    expect(await page.getByTestId('password-submit').count()).toBe(0);
  });

  it('still logs in with the original password after logging out, not with the attempted one', async () => {
    await page.getByTestId('nav-back').click();
    await page.waitForURL(routeRe(Routes.mine));
    await logout(page);

    await loginFails(page, TRIAL_USERNAME, ATTEMPTED_PASSWORD, en('errors.passwordIncorrect'));
    await submitLogin(page, TRIAL_USERNAME, TRIAL_PASSWORD);
    await expectMessagesTab(page);
  });
});
