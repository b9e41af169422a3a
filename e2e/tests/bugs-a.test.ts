/**
 * Issue 11, bugs seen in the browser (points 7, 8, 9, 13, 14, 15, 16), at 390×844 and
 * 1280×800: delete chat then a new message, do-not-disturb in the list, the counting
 * unread pill, one avatar colour per person, the nickname counter and "gender not set",
 * errors shown once and toasts away from the pressed control, the failed-send mark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  en,
  launchBrowser,
  openRoute,
  screenshot,
  startServer,
  submitLogin,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import {
  WAIT_MS,
  apiSendText,
  befriend,
  chatRow,
  createMember,
  eventually,
  expectChatRow,
  type Member,
} from '../support/chat.js';
import { openChatFromList, sendText, shownTexts, leaveChat } from '../support/chat-box.js';

/** A call as the signed-in page's user (its stored token). */
async function apiAs(page: Page, server: RunningServer, method: string, path: string, body: unknown): Promise<void> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('loginInfo') ?? '{}') as { accessToken?: string }).accessToken ?? '',
  );
  const res = await fetch(`${server.url}${API_BASE}${path}`, {
    method,
    headers: { accessToken: token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(((await res.json()) as { code: number }).code, path).toBe(200);
}

const boxesOverlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// One server for both sizes; each size has its own people.
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ snapshotWeb: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  describe(`issue 11 bugs A at ${viewport.width}×${viewport.height}`, () => {
    let a: Person;
    let bob: Member;
    let carol: Member;
    let dave: Member;

    beforeAll(async () => {
      const alice = await createMember(server, 'alice', 'Alice Bugs');
      bob = await createMember(server, 'bob', 'Bob Bugs');
      carol = await createMember(server, 'carol', 'Carol Bugs');
      dave = await createMember(server, 'dave', 'Dave Bugs');
      for (const other of [bob, carol, dave]) await befriend(server, alice, other);
      a = await signIn(browser, server, alice);
      await a.page.setViewportSize(viewport);
    });
    afterAll(async () => {
      await a?.page.context().close();
    });

    it('7: after "delete chat" a new message starts a fresh chat with only that message', async () => {
      for (const text of ['old one', 'old two', 'old three']) await apiSendText(server, bob, a.id, text);
      await expectChatRow(a.page, bob.id, { unread: 3, last: 'old three' });
      await chatRow(a.page, bob.id).click({ button: 'right' });
      await a.page.getByTestId('chat-menu-delete').click();
      await a.page.getByTestId('chat-delete-dialog-confirm').click();
      await chatRow(a.page, bob.id).waitFor({ state: 'detached' });

      await apiSendText(server, bob, a.id, 'fresh start');
      await expectChatRow(a.page, bob.id, { unread: 1, last: 'fresh start' });
      await openChatFromList(a.page, bob.id);
      await eventually(() => shownTexts(a.page), ['fresh start']);
      // No history load brings the old messages back: the chat knows there is no older history.
      await a.page.locator('[data-testid="message-list"][data-history="all"]').waitFor();
      expect(await shownTexts(a.page)).toEqual(['fresh start']);
      await leaveChat(a.page);
    });

    it('8: a do-not-disturb chat shows a grey count and a muted mark, and is left out of the tab badge', async () => {
      await apiAs(a.page, server, 'PUT', '/friend/dnd', { friendId: carol.id, isDnd: true });
      await apiSendText(server, carol, a.id, 'muted one');
      await apiSendText(server, carol, a.id, 'muted two');
      await expectChatRow(a.page, carol.id, { unread: 2, last: 'muted two' });
      const id = `PRIVATE-${carol.id}`;
      await a.page.locator(`[data-testid="chat-row-${id}"][data-muted="true"]`).waitFor();
      await a.page.getByTestId(`chat-muted-${id}`).waitFor();
      const badgeColour = await a.page
        .getByTestId(`chat-unread-${id}`)
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(badgeColour).toBe('rgb(138, 138, 138)');
      // Carol's 2 unread do not count: no badge; one from Bob makes it 1.
      expect(await a.page.getByTestId('tab-chat-unread').count()).toBe(0);
      await apiSendText(server, bob, a.id, 'not muted');
      await expectChatRow(a.page, bob.id, { unread: 1, last: 'not muted' });
      await eventually(() => a.page.getByTestId('tab-chat-unread').innerText(), '1');
      await screenshot(a.page, `bugs-a-dnd-${size}`);
    });

    it('16: a failed send shows a failure mark in the chat list preview', async () => {
      // A refusal (not a network drop, which the offline queue would hold and resend).
      await a.page.route(`**${API_BASE}/message/private/send`, (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 400, message: 'refused', data: null }),
        }),
      );
      await openChatFromList(a.page, dave.id);
      await a.page.getByTestId('composer-input').fill('this one fails');
      await a.page.getByTestId('composer-send').click();
      await a.page.locator('[data-load-status="fail"]').first().waitFor({ timeout: WAIT_MS });
      await a.page.unroute(`**${API_BASE}/message/private/send`);
      await leaveChat(a.page);
      await a.page.getByTestId(`chat-failed-PRIVATE-${dave.id}`).waitFor();
      expect(await a.page.getByTestId(`chat-failed-PRIVATE-${dave.id}`).getAttribute('aria-label')).toBe(
        en('bugs.sendFailed'),
      );
      await screenshot(a.page, `bugs-a-failed-${size}`);
      // Sent again: the mark goes.
      await openChatFromList(a.page, dave.id);
      await sendText(a.page, 'this one works');
      await leaveChat(a.page);
      await a.page.getByTestId(`chat-failed-PRIVATE-${dave.id}`).waitFor({ state: 'detached' });
    });

    it('9: the "↓ N unread" pill counts down while scrolling through them and disappears', async () => {
      for (let i = 1; i <= 40; i++) await apiSendText(server, dave, a.id, `unread number ${i}`);
      await expectChatRow(a.page, dave.id, { unread: 40 });
      await openChatFromList(a.page, dave.id);
      const list = a.page.getByTestId('message-list');
      const pill = a.page.getByTestId('unread-pill');
      const counts: number[] = [];
      for (let step = 0; step < 60; step++) {
        await list.hover();
        await a.page.mouse.wheel(0, 250);
        await a.page.waitForTimeout(120);
        if (await pill.count()) {
          // the unread not yet seen are below (issue 20 point 3)
          expect(await pill.getAttribute('data-direction')).toBe('down');
          counts.push(Number((await pill.innerText()).match(/\d+/)?.[0]));
        } else if (counts.length > 0) break;
      }
      expect(counts.length).toBeGreaterThan(1);
      for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeLessThanOrEqual(counts[i - 1]!);
      expect(counts.at(-1)!).toBeLessThan(counts[0]!);
      await pill.waitFor({ state: 'detached' });
      await leaveChat(a.page);
    });

    it('13: a remark does not change the avatar colour', async () => {
      const avatar = chatRow(a.page, bob.id).locator('.avatar--initial');
      const before = await avatar.evaluate((el) => getComputedStyle(el).backgroundColor);
      await apiAs(a.page, server, 'PUT', '/friend/update/remark', { friendId: bob.id, remark: 'Zed the plumber' });
      await eventually(() => chatRow(a.page, bob.id).locator('.chat-row__name').innerText(), 'Zed the plumber');
      expect(await avatar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(before);
    });

    it('14: the nickname field counts and names the error at 20; a gender never chosen shows "not set"', async () => {
      await openRoute(a.page, server, Routes.mineEdit);
      const nick = a.page.getByTestId('mine-edit-nickname');
      await nick.fill('A nickname that is far too long');
      expect((await a.page.getByTestId('mine-edit-nickname-count').innerText()).trim()).toBe('31/20');
      expect((await a.page.getByTestId('mine-edit-nickname-error').innerText()).trim()).toBe(
        en('errors.nickNameLength'),
      );
      expect(await nick.inputValue()).toBe('A nickname that is far too long'); // not cut without a word
      expect(await a.page.getByTestId('mine-edit-sex-unset').isChecked()).toBe(true);
      await screenshot(a.page, `bugs-a-nickname-${size}`);
      await nick.fill('Alice Bugs');
      await a.page.getByTestId('mine-edit-nickname-error').waitFor({ state: 'detached' });

      await openRoute(a.page, server, `/pages/common/user-info?id=${bob.id}`);
      expect((await a.page.getByTestId('user-info-gender-unset').innerText()).trim()).toBe(en('bugs.genderNotSet'));
      expect(await a.page.getByTestId('user-info-sex').count()).toBe(0);
    });

    it('15: a refused password change shows once, under the old password, without a toast', async () => {
      await openRoute(a.page, server, Routes.minePassword);
      await a.page.getByTestId('password-old').fill('wrong-old-pass');
      await a.page.getByTestId('password-new').fill('new-pass-123');
      await a.page.getByTestId('password-confirm').fill('new-pass-123');
      await a.page.getByTestId('password-submit').click();
      await a.page.getByTestId('password-old-error').waitFor();
      // A toast from the same reply would be on screen once React has painted twice more.
      await a.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await a.page.getByTestId('toast').count()).toBe(0);
    });

    it('looks right in zh-CN and ar-SA (screenshots of the changed screens)', async () => {
      for (const locale of ['zh-CN', 'ar-SA']) {
        await a.page.evaluate((l) => localStorage.setItem('locale', l), locale);
        await openRoute(a.page, server, Routes.chat);
        await a.page.reload();
        await a.page.getByTestId(`chat-muted-PRIVATE-${carol.id}`).waitFor();
        await screenshot(a.page, `bugs-a-list-${locale}-${size}`);
        await openRoute(a.page, server, Routes.mineEdit);
        await a.page.getByTestId('mine-edit-nickname').fill('A nickname that is far too long');
        await screenshot(a.page, `bugs-a-nickname-${locale}-${size}`);
        await openRoute(a.page, server, `/pages/common/user-info?id=${bob.id}`);
        await a.page.getByTestId('user-info-gender-unset').waitFor();
        await screenshot(a.page, `bugs-a-userinfo-${locale}-${size}`);
      }
      await a.page.evaluate(() => localStorage.setItem('locale', 'en-US'));
      await a.page.reload();
    });

    it('15: a toast does not cover the control just pressed', async () => {
      const page = await browser.newPage({ viewport });
      await openRoute(page, server, Routes.login);
      await submitLogin(page, bob.userName, 'not-the-password');
      const toast = page.getByTestId('toast');
      await toast.waitFor();
      const [t, b] = [await toast.boundingBox(), await page.getByTestId('login-submit').boundingBox()];
      expect(t && b && boxesOverlap(t, b)).toBe(false);
      await screenshot(page, `bugs-a-toast-${size}`);
      await page.close();
    });
  });
}
