/**
 * Issue 22 points 7 and 11: a friend's "last seen" in the chat header and the profile
 * (online when they connect, hidden after the privacy switch), and a text past the
 * server's limit: the counter, the offer to split, the parts received in order.
 * Alice on a phone (390×844), Bob at desktop size (1280×800).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, Limits } from '@parley/protocol';
import {
  VIEWPORTS,
  en,
  launchBrowser,
  openRoute,
  screenshot,
  startServer,
  text,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, type Member } from '../support/chat.js';
import { openChatByRoute, shownTexts } from '../support/chat-box.js';

const LOCALES = ['en-US', 'zh-CN', 'ar-SA'] as const;
const header = (page: Page) => page.getByTestId('chat-box-online');

async function headerSays(page: Page, want: { online: boolean; lastSeen: boolean; text: string }) {
  await page
    .locator(`[data-testid="chat-box-online"][data-online="${want.online}"][data-last-seen="${want.lastSeen}"]`)
    .waitFor({ timeout: WAIT_MS });
  expect((await header(page).innerText()).trim()).toBe(want.text);
}

async function setLocale(page: Page, locale: string) {
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await page.reload();
}

/** `count` numbered sentences of 35 characters (so the order shows). */
const sentences = (count: number) =>
  Array.from({ length: count }, (_, i) => `Sentence ${String(i).padStart(3, '0')} of the long note here.`);
const SENTENCES = 60;
/** Sentences that fit in one message with the spaces between them: 28. */
const PER_PART = Math.floor((Limits.TEXT_CONTENT_MAX + 1) / 36);

describe('long text and last seen', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let bob: Member;
  let a: Person;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Long');
    bob = await createMember(server, 'bob', 'Bob Seen');
    await befriend(server, alice, bob);
    // Bob's app was open a moment ago (the 30 s poll records it); he is offline now.
    const res = await fetch(`${server.url}${API_BASE}/user/updateOnlineTime`, { headers: { accessToken: bob.token } });
    expect(res.status).toBe(200);
    a = await signIn(browser, server, alice);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('header and profile: last seen while offline, online when he connects, hidden after the privacy switch', async () => {
    await openChatByRoute(a.page, server, bob.id);
    for (const locale of LOCALES) {
      if (locale !== 'en-US') {
        await setLocale(a.page, locale);
        await openChatByRoute(a.page, server, bob.id);
      }
      await headerSays(a.page, { online: false, lastSeen: true, text: text(locale, 'presence.lastSeenJustNow') });
      await screenshot(a.page, `last-seen-${locale}-phone`);
    }
    await setLocale(a.page, 'en-US');
    await openChatByRoute(a.page, server, bob.id);

    // Bob connects at desktop size: the header follows the presence frame.
    const b = await signIn(browser, server, bob, { viewport: VIEWPORTS.desktop });
    await headerSays(a.page, { online: true, lastSeen: false, text: en('userInfo.online') });
    await b.page.context().close();
    await headerSays(a.page, { online: false, lastSeen: true, text: en('presence.lastSeenJustNow') });

    // The profile says the same.
    await openRoute(a.page, server, `/pages/common/user-info?id=${bob.id}`);
    await expect.poll(() => a.page.getByTestId('user-info-presence').innerText()).toBe(en('presence.lastSeenJustNow'));
    await screenshot(a.page, 'last-seen-profile-en-US-phone');

    // Mine → Privacy → off: Alice no longer sees Bob's either (reciprocal).
    await openRoute(a.page, server, '/pages/mine/mine');
    await a.page.getByTestId('mine-privacy-settings-entry').click();
    const toggle = a.page.getByTestId('privacy-show-last-seen');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await screenshot(a.page, 'privacy-settings-en-US-phone');
    await openChatByRoute(a.page, server, bob.id);
    await headerSays(a.page, { online: false, lastSeen: false, text: en('userInfo.offline') });
    expect(a.errors).toEqual([]);
  });

  it('a text past the limit: the counter, the offer, the parts received in order (phone and desktop)', async () => {
    const b = await signIn(browser, server, bob, { viewport: VIEWPORTS.desktop });
    await openChatByRoute(b.page, server, alice.id);
    await openChatByRoute(a.page, server, bob.id);
    const input = a.page.getByTestId('composer-input');
    const counter = a.page.getByTestId('composer-counter');

    // Below 80 % of the limit: no counter; past it: used/limit; past the limit: red.
    await input.fill('x'.repeat(800));
    expect(await counter.count()).toBe(0);
    await input.fill('x'.repeat(900));
    expect(await counter.innerText()).toContain(`900/${Limits.TEXT_CONTENT_MAX}`);
    expect(await counter.getAttribute('data-over')).toBe('false');

    const all = sentences(SENTENCES);
    const long = all.join(' '); // 60 × 36 − 1 = 2,159 characters
    await input.fill(long);
    expect(await counter.getAttribute('data-over')).toBe('true');
    expect(await counter.innerText()).toContain(`${long.length}/${Limits.TEXT_CONTENT_MAX}`);
    await screenshot(a.page, 'long-text-counter-en-US-phone');

    await a.page.getByTestId('composer-send').click();
    const dialog = a.page.getByTestId('long-text-dialog');
    await dialog.waitFor();
    const confirm = a.page.getByTestId('long-text-dialog-confirm');
    expect((await confirm.innerText()).trim()).toBe(en('longText.send', { parts: '3' }));
    await screenshot(a.page, 'long-text-offer-en-US-phone');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await input.inputValue()).toBe('');

    // Cut after the last whole sentence that fits: parts of 28, 28 and 4, in order on both sides.
    const parts = [0, PER_PART, 2 * PER_PART].map((from) => all.slice(from, from + PER_PART).join(' '));
    for (const page of [a.page, b.page]) {
      await expect.poll(async () => (await shownTexts(page)).slice(-3), { timeout: WAIT_MS }).toEqual(parts);
    }
    await screenshot(b.page, 'long-text-received-en-US-desktop');

    // The other languages: the counter at both sizes and the offer on the phone.
    for (const locale of ['zh-CN', 'ar-SA']) {
      for (const page of [a.page, b.page]) {
        await setLocale(page, locale);
        await openChatByRoute(page, server, page === a.page ? bob.id : alice.id);
        await page.getByTestId('composer-input').fill(long);
        await page.getByTestId('composer-counter').waitFor();
      }
      await screenshot(b.page, `long-text-counter-${locale}-desktop`);
      await a.page.getByTestId('composer-send').click();
      await a.page.getByTestId('long-text-dialog').waitFor();
      expect((await confirm.innerText()).trim()).toBe(text(locale, 'longText.send', { parts: '3' }));
      await screenshot(a.page, `long-text-offer-${locale}-phone`);
      await a.page.getByTestId('long-text-dialog-cancel').click();
    }
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
