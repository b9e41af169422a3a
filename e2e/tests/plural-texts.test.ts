/**
 * Counts and relative times in each locale's plural forms (issue 20 point 13), on a phone
 * (390×844): Bob sends two messages to Alice (ar-SA), Carol (zh-CN) and Dave (en-US); in
 * Alice's chat list the unread count reads with the Arabic dual ("رسالتان غير مقروءتين", not
 * "2 رسالة") and, two and a half minutes later, the time "قبل دقيقتين" (not "قبل 2 دقيقة").
 * The page's clock is moved with Playwright's setFixedTime: Date.now() only, timers run on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, apiSendText, befriend, chatRow, createMember, type Member } from '../support/chat.js';

describe('plural texts (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let bob: Member;
  const people: Record<string, Person> = {};

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    bob = await createMember(server, 'pbob', 'Bob Plural');
    for (const [locale, prefix, name] of [
      ['ar-SA', 'palice', 'Alice Plural'],
      ['zh-CN', 'pcarol', 'Carol Plural'],
      ['en-US', 'pdave', 'Dave Plural'],
    ] as const) {
      const member = await createMember(server, prefix, name);
      await befriend(server, member, bob);
      const p = await signIn(browser, server, member);
      await p.page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await p.page.reload();
      await p.page.getByTestId('tab-page-chat').waitFor();
      people[locale] = p;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reads two unread messages and two minutes ago in each locale’s forms', async () => {
    await apiSendText(server, bob, people['ar-SA']!.id, 'one');
    await apiSendText(server, bob, people['ar-SA']!.id, 'two');
    for (const locale of ['zh-CN', 'en-US']) {
      await apiSendText(server, bob, people[locale]!.id, 'one');
      await apiSendText(server, bob, people[locale]!.id, 'two');
    }
    const want = {
      'ar-SA': { unread: 'رسالتان غير مقروءتين', time: 'قبل دقيقتين' },
      'zh-CN': { unread: '2 条未读消息', time: '2分钟前' },
      'en-US': { unread: '2 unread messages', time: '2 minutes ago' },
    } as const;
    for (const [locale, text] of Object.entries(want)) {
      const page = people[locale]!.page;
      const row = chatRow(page, bob.id);
      await expect.poll(() => row.locator('.sr-only').innerText(), { timeout: WAIT_MS }).toBe(text.unread);
      // Two and a half minutes on; the list reads the clock when it opens.
      await page.clock.setFixedTime(Date.now() + 150_000);
      await page.reload();
      await page.getByTestId('tab-page-chat').waitFor();
      await expect.poll(() => row.locator('.chat-row__time').innerText(), { timeout: WAIT_MS }).toBe(text.time);
      await screenshot(page, `plural-chat-list-${locale}`);
    }
  });
});
