/**
 * Phone and laptop signed in at once (issue 11, point 2): a phone-class browser signs
 * in as APP and a desktop browser as WEB, so both stay in; Mine → Devices lists both;
 * signing the phone out from the laptop returns the phone to login. Screenshots of the
 * Devices page at 390×844 and 1280×800 in en-US, zh-CN and ar-SA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Terminal, type Device, type OnlineTerminals, type User } from '@parley/protocol';
import {
  MESSAGES_RE,
  Routes,
  VIEWPORTS,
  apiGetAs,
  launchBrowser,
  login,
  newUserPage,
  openRoute,
  openTab,
  registerViaApi,
  routeRe,
  screenshot,
  startServer,
  text,
  uniqueUserName,
  type RunningServer,
} from '../support/index.js';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DEVICES = '/pages/mine/mine-devices';

/** A phone: touch only, mobile viewport and user agent. */
const phoneOptions = (locale?: string) => ({
  viewport: VIEWPORTS.phone,
  isMobile: true,
  hasTouch: true,
  userAgent: ANDROID_UA,
  ...(locale ? { locale } : {}),
});
const laptopOptions = (locale?: string) => ({ viewport: VIEWPORTS.desktop, ...(locale ? { locale } : {}) });

/** The login page, waited for generously: a cold first load on a busy machine may take longer than one step's 15 s. */
async function openLogin(page: Page, server: RunningServer): Promise<void> {
  await openRoute(page, server, Routes.login);
  await page.getByTestId('login-username').waitFor({ timeout: 60_000 });
}

async function openDevices(page: Page): Promise<void> {
  await openTab(page, 'mine');
  await page.getByTestId('mine-devices-entry').click();
  await page.waitForURL(routeRe(DEVICES));
  await page.getByTestId('devices-list').waitFor();
}

// One server for both parts; each part has its own person.
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

describe('phone and laptop signed in at once', () => {
  let phone: Page;
  let laptop: Page;
  const errors: string[] = [];
  const userName = uniqueUserName('devices');
  const password = 'devices-pass1';

  beforeAll(async () => {
    await registerViaApi(server, userName, password);
    phone = await newUserPage(browser, phoneOptions());
    laptop = await newUserPage(browser, laptopOptions());
    for (const p of [phone, laptop]) {
      p.on('pageerror', (e) => errors.push(e.message));
      await openLogin(p, server);
    }
  });
  afterAll(async () => {
    await phone?.context().close();
    await laptop?.context().close();
  });

  it('the phone signs in as APP and the laptop as WEB, and both stay in', async () => {
    await login(phone, server, userName, password);
    await login(laptop, server, userName, password);
    const self = await apiGetAs<User>(laptop, server, '/user/self');
    await expect
      .poll(() => apiGetAs<OnlineTerminals[]>(laptop, server, `/user/terminal/online?userIds=${self.id}`))
      .toEqual([{ userId: self.id, terminals: [Terminal.WEB, Terminal.APP] }]);
    // Nobody was thrown out: the server holds both terminals (a second login on one terminal
    // replaces the first before it answers), no forced-offline dialog, both on the messages tab.
    for (const p of [phone, laptop]) {
      expect(await p.getByTestId('forced-offline-dialog').count()).toBe(0);
      expect(p.url()).toMatch(MESSAGES_RE);
    }
  });

  it('Devices lists both, this device marked, on either of them', async () => {
    await openDevices(laptop);
    await expect.poll(() => laptop.getByTestId('device-app').count()).toBe(1);
    expect(await laptop.getByTestId('device-web').getAttribute('data-current')).toBe('true');
    expect(await laptop.getByTestId('device-app').getAttribute('data-current')).toBe('false');
    expect(await laptop.getByTestId('device-app').innerText()).toContain('Chrome');
    expect(await laptop.getByTestId('device-app').innerText()).toContain('Android');
    await openDevices(phone);
    expect(await phone.getByTestId('device-app').getAttribute('data-current')).toBe('true');
    expect(await phone.getByTestId('device-sign-out-app').count()).toBe(0);
    const listed = await apiGetAs<Device[]>(phone, server, '/user/devices');
    expect(listed.map((d) => d.terminal).sort()).toEqual([Terminal.WEB, Terminal.APP]);
  });

  it('signing the phone out from the laptop returns the phone to login; the laptop stays', async () => {
    await laptop.getByTestId('device-sign-out-app').click();
    await laptop.getByTestId('device-sign-out-dialog').waitFor();
    await laptop.getByTestId('device-sign-out-dialog-confirm').click();
    await laptop.getByTestId('device-app').waitFor({ state: 'detached' });
    await phone.waitForURL(routeRe(Routes.login));
    await phone.getByTestId('login-username').waitFor();
    expect(await phone.evaluate(() => localStorage.getItem('loginInfo'))).toBeNull();
    // Still signed in, and alone in the list.
    await laptop.reload();
    await laptop.getByTestId('devices-list').waitFor();
    expect(await laptop.getByTestId('device-web').count()).toBe(1);
    expect(await laptop.getByTestId('device-app').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the Devices page in three languages at both sizes', () => {
  /** One person on a phone and a laptop, signed in once; each language reloads both. */
  let pages: [string, Page][];
  beforeAll(async () => {
    const userName = uniqueUserName('shots');
    const password = 'devices-pass1';
    await registerViaApi(server, userName, password);
    pages = [
      ['390x844', await newUserPage(browser, phoneOptions('en-US'))],
      ['1280x800', await newUserPage(browser, laptopOptions('en-US'))],
    ];
    for (const [, page] of pages) {
      await openLogin(page, server);
      await login(page, server, userName, password);
    }
  });
  afterAll(async () => {
    for (const [, page] of pages ?? []) await page.context().close();
  });

  it.each(['en-US', 'zh-CN', 'ar-SA'])('%s', async (locale) => {
    for (const [size, page] of pages) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await openRoute(page, server, Routes.chat);
      await page.reload();
      await openDevices(page);
      await expect.poll(() => page.locator('.device').count()).toBe(2);
      expect(await page.getByTestId('device-this').innerText()).toBe(text(locale, 'devices.thisDevice'));
      await screenshot(page, `devices-${locale}-${size}`);
    }
  });
});
