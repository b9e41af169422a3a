/**
 * Search (issue 11 point 20) at 390×844 and 1280×800: the chat list filters chats and
 * contacts as Alice types; a Chinese word finds a message of all her chats on the
 * server, highlighted; tapping the hit opens the long chat with Bob at that message
 * (far above the newest); the search inside one chat finds it too. Screenshots in
 * en-US, zh-CN and ar-SA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Terminal } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  launchBrowser,
  newUserPage,
  openRoute,
  screenshot,
  startServer,
  type RunningServer,
} from '../support/index.js';
import {
  WAIT_MS,
  apiLogin,
  apiSendText,
  befriend,
  chatRow,
  createMember,
  eventually,
  watchPage,
  type Member,
} from '../support/chat.js';
import { expectChatBox, leaveChat, messageMenu, openChatFromList, waitForText } from '../support/chat-box.js';

type Size = keyof typeof VIEWPORTS;
const OLD_TEXT = '周末我们一起去长城爬山吧';
/** Messages after the hit: the chat box holds the newest ones, the hit is far above. */
const LATER = 260;

async function openAs(browser: Browser, server: RunningServer, who: Member, size: Size, locale = 'en-US') {
  const { accessToken, refreshToken } = await apiLogin(server, who, Terminal.WEB);
  const page = await newUserPage(browser, { viewport: VIEWPORTS[size] });
  const errors: string[] = [];
  watchPage(page, `${who.nickName} ${size}`, errors);
  await page.goto(`${server.url}/manifest.webmanifest`); // same origin, not the app
  await page.evaluate(
    ([info, lang]) => {
      localStorage.setItem('loginInfo', info);
      localStorage.setItem('locale', lang);
    },
    [JSON.stringify({ accessToken, refreshToken }), locale] as const,
  );
  await openRoute(page, server, Routes.chat);
  await page.getByTestId('tab-page-chat').waitFor();
  return { page, errors };
}

/** The message ids of the search hits shown (ascending), and whether "more" is offered. */
async function shownHits(page: Page): Promise<{ ids: number[]; more: boolean }> {
  const ids = await page
    .getByTestId('search-hit')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-message-id'))));
  return { ids: ids.sort((x, y) => x - y), more: (await page.getByTestId('search-more').count()) > 0 };
}

/** Right-click on a chat row → delete → confirm. */
async function deleteChat(page: Page, peerId: number): Promise<void> {
  await chatRow(page, peerId).click({ button: 'right' });
  await page.getByTestId('chat-menu-delete').click();
  await page.getByTestId('chat-delete-dialog-confirm').click();
  await chatRow(page, peerId).waitFor({ state: 'detached' });
}

/** Whether the element's box is inside the viewport (the message list scrolled to it). */
async function onScreen(page: Page, testId: string): Promise<boolean> {
  const el = page.getByTestId(testId);
  if ((await el.count()) === 0) return false;
  const box = await el.boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.y >= 0 && box.y + box.height <= vp.height;
}

describe('search: filter as you type, all chats, jump to the hit', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let hitId: number;

  beforeAll(async () => {
    // A long chat is seeded over HTTP: no send budget for this run.
    server = await startServer({ snapshotWeb: true, env: { RATE_LIMITS: 'off' } }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Search');
    bob = await createMember(server, 'bob', 'Bob Long');
    carol = await createMember(server, 'carol', 'Carol Short');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    await apiSendText(server, bob, alice.id, 'the first message');
    hitId = (await apiSendText(server, bob, alice.id, OLD_TEXT)).id;
    // Ten at a time (their order among themselves does not matter; all come after the hit).
    for (let i = 0; i < LATER; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, LATER - i) }, (_, k) =>
          apiSendText(server, (i + k) % 2 ? bob : alice, (i + k) % 2 ? alice.id : bob.id, `later ${i + k}`),
        ),
      );
    }
    await apiSendText(server, carol, alice.id, 'مرحبا يا أليس، كيف حالك؟');
    await apiSendText(server, carol, alice.id, 'hi from Carol');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const size of ['phone', 'desktop'] as const) {
    it(`filters, finds 长城 in all chats and jumps to it (${size})`, async () => {
      const { page, errors } = await openAs(browser, server, alice, size);
      const input = page.getByTestId('chat-search');
      // Filter as you type: only Carol's chat and contact.
      await input.pressSequentially('Caro');
      const chats = page.getByTestId('search-chats');
      await chats.waitFor({ timeout: WAIT_MS });
      expect(await chats.locator('.search-row').allInnerTexts()).toEqual([expect.stringContaining('Carol Short')]);
      expect(await page.getByTestId('search-contacts').locator('.search-row').count()).toBe(1);
      // The name and the preview ("hi from Carol", once the pull that opens the app brought it) both match.
      await eventually(() => chats.locator('mark').allInnerTexts(), ['Caro', 'Caro'], 'marks in the chat row');

      // A Chinese word: the server's hit in Bob's chat, highlighted.
      await input.fill('长城');
      const hit = page.locator(`[data-testid="search-hit"][data-message-id="${hitId}"]`);
      await hit.waitFor({ timeout: WAIT_MS });
      expect(await page.getByTestId('search-hit').count()).toBe(1);
      expect(await hit.locator('mark').allInnerTexts()).toEqual(['长城']);
      expect(await hit.innerText()).toContain('Bob Long');
      await screenshot(page, `search-all-chats-en-US-${VIEWPORTS[size].width}`);

      // Tap: the chat with Bob opens at that message, far above the newest.
      await hit.click();
      await expectChatBox(page, bob.id);
      await expect.poll(() => onScreen(page, `message-id:${hitId}`), { timeout: WAIT_MS }).toBe(true);
      await screenshot(page, `search-jump-en-US-${VIEWPORTS[size].width}`);

      // Search inside this chat from its header.
      await page.getByTestId('chat-box-search').click();
      await page.getByTestId('chat-search-input').fill('爬山');
      const inChat = page.locator(`[data-testid="chat-search-hits"] [data-message-id="${hitId}"]`);
      await inChat.waitFor({ timeout: WAIT_MS });
      expect(await inChat.locator('mark').allInnerTexts()).toEqual(['爬山']);
      await inChat.click();
      await expectChatBox(page, bob.id);
      await expect.poll(() => onScreen(page, `message-id:${hitId}`), { timeout: WAIT_MS }).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('never finds what was deleted on this device: a deleted chat, a message deleted for me (phone)', async () => {
    // Ed's 25 hits are the newest: the server's first page holds only his.
    const dana = await createMember(server, 'dana', 'Dana Deletes');
    const ed = await createMember(server, 'ed', 'Ed Deleted');
    const fay = await createMember(server, 'fay', 'Fay Kept');
    await befriend(server, dana, ed);
    await befriend(server, dana, fay);
    const fayIds: number[] = [];
    for (const n of [1, 2, 3]) fayIds.push((await apiSendText(server, fay, dana.id, `kiwi from Fay ${n}`)).id);
    for (let i = 0; i < 25; i++) await apiSendText(server, ed, dana.id, `kiwi from Ed ${i}`);
    const { page, errors } = await openAs(browser, server, dana, 'phone');
    await chatRow(page, ed.id).waitFor({ timeout: WAIT_MS });

    // Delete the chat with Ed ("removed from this device") and one of Fay's messages (delete for me).
    await deleteChat(page, ed.id);
    await openChatFromList(page, fay.id);
    const doomed = await waitForText(page, 'kiwi from Fay 2', false);
    await messageMenu(page, doomed, 'delete');
    await page.getByTestId('delete-dialog-confirm').click();
    await page.getByTestId(`message-${doomed}`).waitFor({ state: 'detached' });
    await leaveChat(page);

    // All chats: the two kept messages only; the page the filter emptied was topped up, nothing more to load.
    const input = page.getByTestId('chat-search');
    await input.fill('kiwi');
    const kept = { ids: [fayIds[0]!, fayIds[2]!], more: false };
    await eventually(() => shownHits(page), kept, 'all-chats hits');
    await screenshot(page, 'search-deleted-en-US-390');

    // A message Ed sends after the deletion brings the chat back, and only it is found there.
    const fresh = (await apiSendText(server, ed, dana.id, 'kiwi after the delete')).id;
    await input.fill('');
    await input.fill('kiwi');
    await eventually(() => shownHits(page), { ids: [...kept.ids, fresh], more: false }, 'with the new one');
    await input.fill('');
    await openChatFromList(page, ed.id);
    await page.getByTestId('chat-box-search').click();
    await page.getByTestId('chat-search-input').fill('kiwi');
    await eventually(() => shownHits(page), { ids: [fresh], more: false }, 'one chat: Ed');
    await screenshot(page, 'search-deleted-chat-en-US-390');
    await page.getByTestId('chat-search-page').getByTestId('nav-back').click();
    await leaveChat(page);
    await openChatFromList(page, fay.id);
    await page.getByTestId('chat-box-search').click();
    await page.getByTestId('chat-search-input').fill('kiwi');
    await eventually(() => shownHits(page), kept, 'one chat: Fay');

    // The same after a reload (the deletions are stored), in zh-CN and ar-SA.
    for (const locale of ['zh-CN', 'ar-SA']) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await openRoute(page, server, Routes.chat);
      await page.reload();
      await page.getByTestId('chat-search').fill('kiwi');
      await eventually(() => shownHits(page), { ids: [...kept.ids, fresh], more: false }, `all chats ${locale}`);
      await screenshot(page, `search-deleted-${locale}-390`);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('screenshots in zh-CN and ar-SA at both sizes', async () => {
    for (const locale of ['zh-CN', 'ar-SA']) {
      for (const size of ['phone', 'desktop'] as const) {
        const { page } = await openAs(browser, server, alice, size, locale);
        await page.getByTestId('chat-search').fill(locale === 'ar-SA' ? 'مرحبا' : '长城');
        await page
          .getByTestId('search-hit')
          .first()
          .waitFor({ timeout: WAIT_MS })
          .catch(() => undefined);
        await page.getByTestId('chat-search-results').waitFor();
        await screenshot(page, `search-all-chats-${locale}-${VIEWPORTS[size].width}`);
        await page.close();
      }
    }
  });
});
