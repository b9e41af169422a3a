/**
 * Two panes from 900 px (issue 11 point 1): the list stays beside the open chat or page,
 * the selected row is marked, links open both panes, back closes the pane; the phone
 * layout (390×844) is unchanged. Screenshots in en-US, zh-CN and ar-SA at both sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ChatType, Terminal } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  launchBrowser,
  newUserPage,
  openRoute,
  openTab,
  routeRe,
  screenshot,
  startServer,
  type RunningServer,
} from '../support/index.js';
import { friendRow } from '../support/contacts.js';
import { apiLogin, befriend, chatRow, createMember, expectChatRow, watchPage, type Member } from '../support/chat.js';
import { expectChatBox, sendText, waitForText } from '../support/chat-box.js';

type Size = keyof typeof VIEWPORTS;

/** Alice's web app at this size and language, signed in with stored tokens, on `route`. */
async function openAs(
  browser: Browser,
  server: RunningServer,
  who: Member,
  size: Size,
  locale = 'en-US',
  route: string = Routes.chat,
) {
  const { accessToken, refreshToken } = await apiLogin(server, who, Terminal.WEB);
  const page = await newUserPage(browser, { viewport: VIEWPORTS[size] });
  watchPage(page, `${who.nickName} ${size}`, []);
  await page.goto(`${server.url}/manifest.webmanifest`); // same origin, not the app
  await page.evaluate(
    ([info, lang]) => {
      localStorage.setItem('loginInfo', info);
      localStorage.setItem('locale', lang);
    },
    [JSON.stringify({ accessToken, refreshToken }), locale] as const,
  );
  await openRoute(page, server, route);
  return page;
}

const box = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;
const selected = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('aria-current');
const chatBoxRoute = (peerId: number) => `/pages/chat/chat-box?type=${ChatType.PRIVATE}&targetId=${peerId}`;

/** The focus is in the composer of the chat with `peerId`. */
const composerFocused = (page: Page, peerId: number) =>
  page.waitForFunction((id) => {
    const el = document.activeElement;
    const box = el?.closest('[data-testid="chat-box"]');
    return el?.getAttribute('data-testid') === 'composer-input' && box?.getAttribute('data-target-id') === String(id);
  }, peerId);

describe('two panes at 1280×800, phone layout at 390×844', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Panes');
    bob = await createMember(server, 'bob', 'Bob Panes');
    carol = await createMember(server, 'carol', 'Carol Panes');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    page = await openAs(browser, server, alice, 'desktop');
    await page.getByTestId('tab-page-chat').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the list beside a placeholder pane', async () => {
    await page.getByTestId('pane-placeholder').waitFor();
    const list = await box(page, 'tab-page-chat');
    const pane = await box(page, 'layout-pane');
    expect(list.x + list.width).toBeLessThanOrEqual(pane.x + 1); // list on the inline start (left)
    expect(pane.width).toBeGreaterThan(700);
    expect(pane.height).toBe(VIEWPORTS.desktop.height);
  });

  it('opens a chat in the pane, keeps the list with the row marked, and sends a message', async () => {
    // Mark the list's element: the same element later means it was never remounted.
    await page.getByTestId('tab-page-chat').evaluate((el) => el.setAttribute('data-kept', 'yes'));
    await chatRow(page, bob.id).click();
    await expectChatBox(page, bob.id);
    expect(await page.getByTestId('layout-pane').getByTestId('chat-box').count()).toBe(1);
    await page.locator('[data-testid="tab-page-chat"][data-kept="yes"]').waitFor({ state: 'visible' });
    expect(await selected(page, `chat-row-${ChatType.PRIVATE}-${bob.id}`)).toBe('page');
    expect(await selected(page, `chat-row-${ChatType.PRIVATE}-${carol.id}`)).toBeNull();
    // Opened from the list, the chat takes the keyboard: the composer has the focus.
    await composerFocused(page, bob.id);

    const text = 'Hello from the desk';
    await sendText(page, text);
    await waitForText(page, text, true);
    await expectChatRow(page, bob.id, { unread: 0, last: text }); // the list beside it is live
    const chat = await box(page, 'chat-box');
    const pane = await box(page, 'layout-pane');
    expect(chat.x).toBeCloseTo(pane.x, 0);
    expect(chat.width).toBeCloseTo(pane.width, 0);
  });

  it('switches chats from the list, and back closes the pane to the placeholder', async () => {
    // By keyboard: Enter on the row opens the chat with the cursor in its composer.
    await chatRow(page, carol.id).focus();
    await page.keyboard.press('Enter');
    await expectChatBox(page, carol.id);
    await composerFocused(page, carol.id);
    expect(await selected(page, `chat-row-${ChatType.PRIVATE}-${carol.id}`)).toBe('page');
    expect(await selected(page, `chat-row-${ChatType.PRIVATE}-${bob.id}`)).toBeNull();
    await page.locator('[data-testid="tab-page-chat"][data-kept="yes"]').waitFor({ state: 'visible' });

    // The second chat replaced the first in history: back shows the placeholder, not Bob.
    await page.getByTestId('chat-box').getByTestId('nav-back').click();
    await page.getByTestId('pane-placeholder').waitFor();
    await page.waitForURL(routeRe(Routes.chat));
    expect(await selected(page, `chat-row-${ChatType.PRIVATE}-${carol.id}`)).toBeNull();
  });

  it('opens user info in the pane from the chat and from Contacts', async () => {
    await chatRow(page, bob.id).click();
    await expectChatBox(page, bob.id);
    // ⋯ opens the chat's details (issue 22 point 4); the friend there opens their profile.
    await page.getByTestId('chat-box-menu').click();
    await page.getByTestId('layout-pane').getByTestId('chat-details').waitFor();
    await page.getByTestId('chat-details-person').click();
    await page.getByTestId('layout-pane').getByTestId('user-info').waitFor();
    await page.getByTestId('tab-page-chat').waitFor({ state: 'visible' }); // the chat list stays
    await page.getByTestId('nav-back').click(); // back to the details, then the chat, behind them in the pane
    await page.getByTestId('layout-pane').getByTestId('chat-details').waitFor();
    await page.getByTestId('nav-back').click();
    await expectChatBox(page, bob.id);

    // A tab with a page open changes only the list.
    await page.getByTestId('tab-friend').click();
    await page.getByTestId('tab-page-friend').waitFor({ state: 'visible' });
    await expectChatBox(page, bob.id);
    await friendRow(page, carol.id).click();
    await page.getByTestId('layout-pane').getByTestId('user-info').waitFor();
    expect(await selected(page, `friend-row-${carol.id}`)).toBe('page');
    await page.getByTestId('user-info-send').click();
    await expectChatBox(page, carol.id);
    await page.getByTestId('tab-page-chat').waitFor({ state: 'visible' }); // a conversation shows the chat list
    expect(await selected(page, `chat-row-${ChatType.PRIVATE}-${carol.id}`)).toBe('page');
  });

  it('opens Language in the pane beside Mine; after a change, back returns to the open chat (issue 20 point 6)', async () => {
    await openTab(page, 'chat');
    await chatRow(page, bob.id).click();
    await expectChatBox(page, bob.id);
    const pickLanguage = async (locale: string) => {
      await openTab(page, 'mine');
      await page.getByTestId('mine-lang-entry').click();
      // In the pane, beside the Mine list it was opened from, not over the whole window.
      await page.getByTestId('layout-pane').getByTestId(`lang-item-${locale}`).click();
      await page.waitForFunction((l) => document.documentElement.lang === l, locale);
      await page.getByTestId('tab-page-mine').waitFor({ state: 'visible' });
      await page.getByTestId('layout-pane').getByTestId('nav-back').click();
      // Back where the user was: the chat open in the pane, the Mine list beside it.
      await expectChatBox(page, bob.id);
      await page.getByTestId('tab-page-mine').waitFor({ state: 'visible' });
      expect(await page.getByTestId('layout-pane').getByTestId('chat-box').count()).toBe(1);
    };
    await pickLanguage('zh-CN');
    await pickLanguage('en-US');
  });

  it('opens a call page in the pane, the list beside it (issue 20 point 6)', async () => {
    const callee = await openAs(browser, server, bob, 'phone'); // online, so the call rings
    await callee.getByTestId('tab-page-chat').waitFor();
    await openRoute(page, server, chatBoxRoute(bob.id));
    await expectChatBox(page, bob.id);
    await page.getByTestId('composer-plus').click();
    await page.getByTestId('composer-voice-call').click();
    await page.getByTestId('layout-pane').locator('[data-testid="call-page"][data-phase="calling"]').waitFor();
    const call = await page.getByTestId('call-page').boundingBox();
    const pane = await box(page, 'layout-pane');
    await screenshot(page, 'two-panes-en-US-call-1280');
    expect(call).toMatchObject({ x: pane.x, y: pane.y, width: pane.width, height: pane.height });
    await page.getByTestId('tab-page-chat').waitFor({ state: 'visible' });
    // Leaving the call page would end the call: the list is shown but takes no taps.
    expect(await page.getByTestId('layout-list').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await page.getByTestId('call-cancel').click();
    await expectChatBox(page, bob.id);
    expect(await page.getByTestId('layout-list').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    await callee.close();
  });

  it('opens both panes from a shared link, and back closes the pane', async () => {
    const other = await openAs(browser, server, alice, 'desktop', 'en-US', chatBoxRoute(bob.id));
    await expectChatBox(other, bob.id);
    await other.getByTestId('tab-page-chat').waitFor({ state: 'visible' });
    await other.locator(`[data-testid="chat-row-${ChatType.PRIVATE}-${bob.id}"][aria-current="page"]`).waitFor();
    await other.getByTestId('chat-box').getByTestId('nav-back').click();
    await other.getByTestId('pane-placeholder').waitFor();

    await other.close();

    // A person's page opened from a link shows the contacts beside it.
    const info = await openAs(browser, server, alice, 'desktop', 'en-US', `/pages/common/user-info?id=${carol.id}`);
    await info.getByTestId('layout-pane').getByTestId('user-info').waitFor();
    await info.getByTestId('tab-page-friend').waitFor({ state: 'visible' });
    await info.locator(`[data-testid="friend-row-${carol.id}"][aria-current="page"]`).waitFor();
    await info.close();
  });

  it('keeps the phone layout: a 50 px tab bar, and a chat replaces the screen', async () => {
    const phone = await openAs(browser, server, alice, 'phone');
    await phone.getByTestId('tab-page-chat').waitFor();
    expect(await phone.getByTestId('layout-two-panes').count()).toBe(0);
    const bar = await phone.locator('nav.tabbar').boundingBox();
    expect(bar!.height).toBe(50);
    expect(bar!.y + bar!.height).toBe(VIEWPORTS.phone.height);
    await chatRow(phone, bob.id).click();
    await expectChatBox(phone, bob.id);
    expect(await phone.getByTestId('tab-page-chat').count()).toBe(0); // the list left the screen
    expect(await phone.locator('nav.tabbar').count()).toBe(0);
    const chat = await box(phone, 'chat-box');
    expect(chat).toMatchObject({ x: 0, y: 0, width: VIEWPORTS.phone.width, height: VIEWPORTS.phone.height });
    await phone.getByTestId('chat-box').getByTestId('nav-back').click();
    await phone.getByTestId('tab-page-chat').waitFor();
    await phone.close();
  });

  it('puts the list on the right in ar-SA; screenshots in three languages at both sizes', async () => {
    // One page, reloaded in each language and size (a new browser context per view costs more
    // than the view itself).
    const view = await openAs(browser, server, alice, 'desktop');
    const show = async (locale: string, size: Size) => {
      await view.setViewportSize(VIEWPORTS[size]);
      await view.evaluate((lang) => localStorage.setItem('locale', lang), locale);
      await openRoute(view, server, Routes.chat);
      await view.reload();
      await view.getByTestId('tab-page-chat').waitFor();
    };
    for (const locale of ['en-US', 'zh-CN', 'ar-SA']) {
      await show(locale, 'desktop');
      const desk = view;
      await desk.getByTestId('pane-placeholder').waitFor();
      expect(await desk.evaluate(() => document.documentElement.lang)).toBe(locale);
      if (locale === 'ar-SA') {
        const list = await box(desk, 'tab-page-chat');
        const pane = await box(desk, 'layout-pane');
        expect(list.x).toBeGreaterThanOrEqual(pane.x + pane.width - 1);
      }
      await screenshot(desk, `two-panes-${locale}-empty-1280`);
      await chatRow(desk, bob.id).click();
      await expectChatBox(desk, bob.id);
      await waitForText(desk, 'Hello from the desk', true);
      await screenshot(desk, `two-panes-${locale}-chat-1280`);
      await desk.getByTestId('tab-mine').click();
      await desk.getByTestId('tab-page-mine').waitFor({ state: 'visible' });
      await openRoute(desk, server, Routes.mine);
      await desk.getByTestId('pane-placeholder').waitFor();
      await screenshot(desk, `two-panes-${locale}-mine-1280`);
      await desk.getByTestId('mine-lang-entry').click();
      await desk.getByTestId('layout-pane').getByTestId(`lang-item-${locale}`).waitFor();
      await screenshot(desk, `two-panes-${locale}-lang-1280`);

      await show(locale, 'phone');
      const phone = view;
      expect(await phone.getByTestId('layout-two-panes').count()).toBe(0);
      await screenshot(phone, `two-panes-${locale}-list-390`);
      await chatRow(phone, bob.id).click();
      await expectChatBox(phone, bob.id);
      await screenshot(phone, `two-panes-${locale}-chat-390`);
    }
    await view.close();
  });
});
