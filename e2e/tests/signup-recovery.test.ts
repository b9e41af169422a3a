/**
 * Sign up in one step and password recovery (issue 22 point 9), at phone and desktop
 * sizes: registering lands signed in on the Messages tab; the consent is remembered
 * on the device after a logout; "Disagree" explains; the password eye; "Forgot
 * password?" → the mail (a real SMTP server in this test) → its link → the reset page →
 * login with the name filled in and the new password; an operator's reset from the
 * console ends the user's session. One server and browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, type User } from '@parley/protocol';
import { startSmtp, tokenOf, type TestSmtp } from '../../packages/server/test/support/smtp.js';
import {
  Routes,
  VIEWPORTS,
  apiGetAs,
  en,
  expectMessagesTab,
  expectToast,
  launchBrowser,
  logout,
  newUserPage,
  openRoute,
  routeRe,
  screenshot,
  startServer,
  submitRegister,
  text,
  uniqueUserName,
  type RunningServer,
} from '../support/index.js';

const PUBLIC_URL = 'https://parley.example.test';
const FORGOT = '/pages/login/forgot-password';
const RESET = '/pages/login/reset-password';

/** Registered at desktop size: an operator from registration on (OPERATOR_USERNAMES). */
const operatorName = uniqueUserName('signup-op');
/** The phone user, signed in at the end of the phone steps; the operator resets their password. */
let phoneUser: { id: number; userName: string; page: Page } | undefined;
let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { SMTP_URL: smtp.url, PUBLIC_URL, OPERATOR_USERNAMES: operatorName } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A fresh device whose app language is `locale` (the app reads it from localStorage on start). */
async function pageIn(viewport: { width: number; height: number }, locale: string): Promise<Page> {
  const page = await newUserPage(browser, { viewport });
  await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
  return page;
}

/** The eye shows the typed password and hides it again, saying which it will do. */
async function checkEye(page: Page, testId: string): Promise<void> {
  const input = page.getByTestId(testId);
  const eye = page.getByTestId(`${testId}-reveal`);
  expect([await input.getAttribute('type'), await eye.getAttribute('aria-label')]).toEqual([
    'password',
    en('fields.showPassword'),
  ]);
  await eye.click();
  expect([await input.getAttribute('type'), await eye.getAttribute('aria-pressed')]).toEqual(['text', 'true']);
  expect(await eye.getAttribute('aria-label')).toBe(en('fields.hidePassword'));
  await eye.click();
  expect(await input.getAttribute('type')).toBe('password');
}

describe('phone (390×844), en-US', () => {
  const userName = uniqueUserName('signup');
  let page: Page;
  beforeAll(async () => {
    page = await newUserPage(browser, { viewport: VIEWPORTS.phone });
  });

  it('registering signs in; the consent is remembered after a logout', async () => {
    await openRoute(page, server, Routes.register);
    await page.getByTestId('register-password').fill('first-pass1');
    await checkEye(page, 'register-password');
    await submitRegister(page, { userName, password: 'first-pass1' });
    await expectToast(page, en('register.success'));
    await expectMessagesTab(page);

    await logout(page);
    // Consent given at registration: no dialog, the box already ticked.
    expect(await page.getByTestId('policy-dialog').count()).toBe(0);
    expect(await page.getByTestId('agreement-checkbox').isChecked()).toBe(true);
    await checkEye(page, 'login-password');
  });

  it('forgot password → the mailed link → a new password → login with the name filled in', async () => {
    await page.getByTestId('goto-forgot').click();
    await page.waitForURL(routeRe(FORGOT));
    await page.getByTestId('forgot-username').fill(userName);
    await screenshot(page, 'signup-forgot-phone-en-US');
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-sent').waitFor();
    expect(await page.getByTestId('forgot-sent').innerText()).toBe(en('recovery.sent', { userName }));

    const mail = await smtp.next(userName);
    expect(mail.subject).toBe('Reset your Parley password');
    const link = new RegExp(`${PUBLIC_URL}/#${RESET}\\?token=[\\w-]{43}`).exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!.replace(PUBLIC_URL, server.url));
    await page.getByTestId('reset-password').fill('second-pass2');
    await checkEye(page, 'reset-password');
    await page.getByTestId('reset-confirm').fill('second-pass2');
    await screenshot(page, 'signup-reset-phone-en-US');
    await page.getByTestId('reset-submit').click();
    await expectToast(page, en('recovery.done'));
    await page.waitForURL(routeRe(Routes.login));
    expect(await page.getByTestId('login-username').inputValue()).toBe(userName);

    await page.getByTestId('login-password').fill('second-pass2');
    await page.getByTestId('login-submit').click();
    await expectMessagesTab(page);
    // The link worked once.
    await page.goto(`${server.url}/#${RESET}?token=${tokenOf(mail)}`);
    await page.getByTestId('reset-password').fill('third-pass3');
    await page.getByTestId('reset-confirm').fill('third-pass3');
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-invalid').waitFor();
    await page.goto(`${server.url}/#${Routes.chat}`);
    await expectMessagesTab(page);
    phoneUser = { id: (await apiGetAs<User>(page, server, '/user/self')).id, userName, page };
  });
});

describe('desktop (1280×800), zh-CN', () => {
  it('"Disagree" explains and stays; registering lands signed in; the operator resets a password', async () => {
    const zh = (key: string) => text('zh-CN', key);
    const page = await pageIn(VIEWPORTS.desktop, 'zh-CN');
    await openRoute(page, server, Routes.login);
    await page.getByTestId('policy-disagree').click();
    await page
      .getByTestId('policy-text')
      .filter({ hasText: zh('consent.declinedText') })
      .waitFor();
    expect(await page.locator('#policy-title').innerText()).toBe(zh('consent.declinedTitle'));
    await screenshot(page, 'signup-disagree-desktop-zh-CN');
    await page.getByTestId('policy-close').click();
    await page.getByTestId('policy-dialog').waitFor({ state: 'detached' });
    expect(page.url()).toMatch(routeRe(Routes.login));
    expect(await page.getByTestId('agreement-checkbox').isChecked()).toBe(false);

    await page.getByTestId('goto-register').click();
    await submitRegister(page, { userName: operatorName, password: 'first-pass1' });
    await expectMessagesTab(page);
    await screenshot(page, 'signup-registered-desktop-zh-CN');

    // The operator resets the phone user's password: shown once, and the user's app is signed out.
    expect(phoneUser).toBeDefined();
    await openRoute(page, server, `/pages/console/user?id=${phoneUser!.id}`);
    await page.getByTestId('console-reset-password').click();
    await page.getByTestId('console-reset-dialog-confirm').click();
    const shown = page.getByTestId('console-new-password');
    await shown.waitFor();
    const password = (await shown.innerText()).trim();
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    await screenshot(page, 'signup-console-reset-desktop-zh-CN');
    await phoneUser!.page.waitForURL(routeRe(Routes.login));
    const login = await fetch(`${server.url}${API_BASE}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ terminal: 0, userName: phoneUser!.userName, password }),
    });
    expect(((await login.json()) as { code: number }).code).toBe(200);
  });
});

describe('phone (390×844), ar-SA', () => {
  it('the recovery pages right to left; a broken link says so and offers a new one', async () => {
    const ar = (key: string) => text('ar-SA', key);
    const page = await pageIn(VIEWPORTS.phone, 'ar-SA');
    await openRoute(page, server, FORGOT);
    await page.getByTestId('forgot-username').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'signup-forgot-phone-ar-SA');
    await openRoute(page, server, `${RESET}?token=broken`);
    await page
      .getByTestId('reset-invalid')
      .filter({ hasText: ar('errors.resetTokenInvalid') })
      .waitFor();
    await screenshot(page, 'signup-reset-invalid-phone-ar-SA');
    await page.getByTestId('goto-forgot').click();
    await page.waitForURL(routeRe(FORGOT));
    // Login right to left: the eye at the password field's end (its left), "Forgot password?" under it.
    await openRoute(page, server, Routes.login);
    await page.getByTestId('policy-agree').click();
    expect(await page.getByTestId('agreement-checkbox').isChecked()).toBe(true);
    const field = await page.getByTestId('login-password').boundingBox();
    const eye = await page.getByTestId('login-password-reveal').boundingBox();
    expect(eye!.x - field!.x).toBeLessThan(2);
    expect(await page.getByTestId('goto-forgot').innerText()).toBe(ar('recovery.forgotLink'));
    await screenshot(page, 'signup-login-phone-ar-SA');
  });
});
