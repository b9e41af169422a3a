/** Switching the language in mine → language: zh-CN changes the screens; ar-SA also lays them out right to left. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  Routes,
  VIEWPORTS,
  documentLocale,
  launchBrowser,
  login,
  newUserPage,
  registerViaApi,
  routeRe,
  screenshot,
  startServer,
  switchLanguage,
  tabLabels,
  text,
  uniqueUserName,
  type RunningServer,
} from '../support/index.js';
import { WAIT_MS } from '../support/chat.js';

const TABS = ['chat', 'friend', 'discover', 'mine'] as const;
const ARABIC = /[\u0600-\u06FF]/;

async function box(page: Page, testId: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await page.getByTestId(testId).boundingBox();
  expect(b, `${testId} is laid out`).not.toBeNull();
  return b!;
}

describe('languages', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const userName = uniqueUserName('lang');
  const password = 'lang-pass1';
  const english = TABS.map((tab) => text('en-US', `tabs.${tab}`));

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await registerViaApi(server, userName, password);
    page = await newUserPage(browser, { viewport: VIEWPORTS.phone });
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('starts in en-US, left to right', async () => {
    await login(page, server, userName, password);
    expect(await documentLocale(page)).toEqual({ lang: 'en-US', dir: 'ltr' });
    expect(await tabLabels(page)).toEqual(english);
  });

  it('switches to zh-CN: Chinese tab labels and <html lang="zh-CN">', async () => {
    await switchLanguage(page, 'zh-CN');
    expect(await tabLabels(page)).toEqual(['消息', '通讯录', '发现', '我的']);
    expect(await documentLocale(page)).toEqual({ lang: 'zh-CN', dir: 'ltr' });
    expect(await page.getByTestId('mine-edit-entry').innerText()).toContain(text('zh-CN', 'mine.editProfile'));
    expect(await page.getByTestId('mine-lang-entry').innerText()).toContain('简体中文');
  });

  it('switches to ar-SA: Arabic labels, <html dir="rtl" lang="ar-SA">, messages tab on the right', async () => {
    await switchLanguage(page, 'ar-SA');
    expect(await documentLocale(page)).toEqual({ lang: 'ar-SA', dir: 'rtl' });
    await expectArabicScreens(page);

    const width = VIEWPORTS.phone.width;
    const chat = await box(page, 'tab-chat');
    const mine = await box(page, 'tab-mine');
    expect(chat.x).toBeGreaterThan(mine.x);
    expect(chat.x).toBeGreaterThanOrEqual(width / 2); // first tab in the right half
    expect(mine.x + mine.width).toBeLessThanOrEqual(width / 2); // last tab in the left half
    expect(Math.abs(chat.y - mine.y)).toBeLessThan(1); // still one bottom bar
    const arrow = page.getByTestId('mine-edit-entry').locator('.cell__arrow');
    expect(await arrow.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)'); // chevron mirrored
    await screenshot(page, 'languages-ar-SA-mine-phone');
  });

  it('keeps ar-SA after a reload', async () => {
    await page.reload();
    await page.waitForURL(routeRe(Routes.mine));
    await page.getByTestId('tab-page-mine').waitFor({ state: 'visible' });
    expect(await documentLocale(page)).toEqual({ lang: 'ar-SA', dir: 'rtl' });
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ar-SA');
    await expectArabicScreens(page);
    expect((await box(page, 'tab-chat')).x).toBeGreaterThan((await box(page, 'tab-mine')).x);
  });

  it('lays out the desktop rail on the right in ar-SA at 1280×800 (screenshots for the record)', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    // The shell switches to the rail on a later render: wait for it rather than read the bar mid-switch.
    await expect
      .poll(
        async () => {
          const [c, m] = await Promise.all(['tab-chat', 'tab-mine'].map((id) => page.getByTestId(id).boundingBox()));
          return c != null && m != null && c.y < m.y;
        },
        { timeout: WAIT_MS },
      )
      .toBe(true);
    const chat = await box(page, 'tab-chat');
    expect(chat.y).toBeLessThan((await box(page, 'tab-mine')).y); // a vertical rail, messages first
    expect(chat.x).toBeGreaterThan(VIEWPORTS.desktop.width / 2); // the rail sits at the inline start: right in RTL
    await expectArabicScreens(page);
    await screenshot(page, 'languages-ar-SA-mine-desktop');

    await page.getByTestId('mine-lang-entry').click();
    await page.waitForURL(routeRe(Routes.lang));
    await page.getByTestId('lang-item-ar-SA').getByTestId('lang-current').waitFor();
    await screenshot(page, 'languages-ar-SA-lang-desktop');
    expect(errors).toEqual([]);
  });

  /** Tab labels and mine entries in Arabic: the ar-SA catalogue's texts, not English and not raw keys. */
  async function expectArabicScreens(p: Page): Promise<void> {
    const labels = await tabLabels(p);
    expect(labels).toEqual(TABS.map((tab) => text('ar-SA', `tabs.${tab}`)));
    labels.forEach((label, i) => {
      expect(label).toMatch(ARABIC);
      expect(label).not.toBe(english[i]);
      expect(label).not.toMatch(/^tabs\./);
    });
    const entry = (await p.getByTestId('mine-edit-entry').innerText()).trim();
    expect(entry).toBe(text('ar-SA', 'mine.editProfile'));
    expect(entry).toMatch(ARABIC);
  }
});
