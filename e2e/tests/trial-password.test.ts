/** The seeded trial account cannot change its password; its original password keeps working. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  Routes,
  en,
  expectMessagesTab,
  expectText,
  expectToast,
  launchBrowser,
  login,
  loginFails,
  logout,
  newUserPage,
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

  it('refuses a password change for the trial account with the catalogue text', async () => {
    await login(page, server, TRIAL_USERNAME, TRIAL_PASSWORD);
    await openTab(page, 'mine');
    expect(await page.getByTestId('mine-username').innerText()).toContain(TRIAL_USERNAME);
    await page.getByTestId('mine-password-entry').click();
    await page.waitForURL(routeRe(Routes.minePassword));

    await page.getByTestId('password-old').fill(TRIAL_PASSWORD);
    await page.getByTestId('password-new').fill(ATTEMPTED_PASSWORD);
    await page.getByTestId('password-confirm').fill(ATTEMPTED_PASSWORD);
    await page.getByTestId('password-submit').click();

    const refusal = en('errors.trialCannotChangePassword');
    await expectToast(page, refusal);
    await expectText(page, 'password-refusal', refusal);
    expect(page.url()).toMatch(routeRe(Routes.minePassword)); // not sent back to mine as on success
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
