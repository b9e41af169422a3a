/**
 * The @ mention list (issue 20 point 5): typing `@` in a group's composer opens an inline
 * list above it, filtered by what follows the `@`; ArrowUp/ArrowDown move the highlight
 * (the text box is a combobox whose aria-activedescendant names the highlighted option),
 * Enter or Tab pick, Escape closes; a tap picks on a phone. Everyone (owner and admins
 * only) goes on the wire language-neutral (point 14) and each reader sees it in their
 * own language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AT_ALL, AT_ALL_TEXT, type GroupMessage } from '@parley/protocol';
import {
  VIEWPORTS,
  apiGetAs,
  launchBrowser,
  screenshot,
  startServer,
  text,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember } from '../support/chat.js';
import { waitForText } from '../support/chat-box.js';
import { apiCreateGroup, openGroupByRoute } from '../support/group.js';

const input = (page: Page) => page.getByTestId('composer-input');
const list = (page: Page) => page.getByRole('listbox');

/** The combobox state: expanded, and the highlighted option's test id and name. */
async function comboState(page: Page) {
  const box = input(page);
  const expanded = await box.getAttribute('aria-expanded');
  const activeId = await box.getAttribute('aria-activedescendant');
  if (!activeId) return { expanded, active: null };
  const option = page.locator(`[id="${activeId}"]`);
  return {
    expanded,
    active: await option.getAttribute('data-testid'),
    selected: await option.getAttribute('aria-selected'),
    role: await option.getAttribute('role'),
  };
}

async function expectActive(page: Page, testId: string): Promise<void> {
  await expect
    .poll(() => comboState(page), { timeout: WAIT_MS })
    .toEqual({ expanded: 'true', active: testId, selected: 'true', role: 'option' });
}

async function setLocale(server: RunningServer, p: Person, locale: string, groupId: number): Promise<void> {
  await p.page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await p.page.reload();
  await openGroupByRoute(p.page, server, groupId);
}

describe('@ mention list', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person; // Alice, the owner, at desktop size
  let b: Person; // Bob, a member, on a phone
  let c: Person; // Carol, a member, on a phone
  let groupId: number;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    const alice = await createMember(server, 'malice', 'Alice Mention');
    const bob = await createMember(server, 'mbob', 'Bob Mention');
    const carol = await createMember(server, 'mcarol', 'Carol Mention');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    groupId = (await apiCreateGroup(server, alice, 'Mention crew', [bob, carol])).id;
    a = await signIn(browser, server, alice, { viewport: VIEWPORTS.desktop });
    b = await signIn(browser, server, bob, { hasTouch: true });
    c = await signIn(browser, server, carol);
    for (const p of [a, b, c]) await openGroupByRoute(p.page, server, groupId);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('works from the keyboard at 1280×800: arrows move, typing filters, Enter and Tab pick, Escape closes', async () => {
    const page = a.page;
    await input(page).click();
    expect(await input(page).getAttribute('role')).toBe('combobox');
    expect(await input(page).getAttribute('aria-expanded')).toBe('false');
    await input(page).pressSequentially('@');
    await list(page).waitFor({ timeout: WAIT_MS });
    expect(await input(page).getAttribute('aria-controls')).toBe(await list(page).getAttribute('id'));
    // The owner may mention everyone: that entry comes first, then the members (not herself).
    await expectActive(page, 'at-pick-all');
    expect(await page.getByTestId(`at-pick-${a.id}`).count()).toBe(0);
    await screenshot(page, 'mention-list-en-US-desktop');
    await page.keyboard.press('ArrowDown');
    const second = await comboState(page);
    expect(second.active).toMatch(/^at-pick-\d+$/);
    await page.keyboard.press('ArrowUp');
    await expectActive(page, 'at-pick-all');
    await page.keyboard.press('ArrowUp'); // wraps to the last
    expect((await comboState(page)).active).not.toBe('at-pick-all');

    // Typing after the @ filters; Enter picks (and does not send).
    await input(page).pressSequentially('car');
    await expectActive(page, `at-pick-${c.id}`);
    expect(await page.getByRole('option').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => input(page).inputValue()).toBe(`@${c.nickName} `);
    expect(await input(page).getAttribute('aria-expanded')).toBe('false');
    expect(await list(page).count()).toBe(0);

    // Tab picks too.
    await input(page).pressSequentially('and @bo');
    await expectActive(page, `at-pick-${b.id}`);
    await page.keyboard.press('Tab');
    await expect.poll(() => input(page).inputValue()).toBe(`@${c.nickName} and @${b.nickName} `);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('composer-input');

    // Escape closes the list and leaves the text (and the chat) as they are.
    await input(page).pressSequentially('@');
    await list(page).waitFor();
    await page.keyboard.press('Escape');
    await list(page).waitFor({ state: 'detached' });
    expect(await input(page).inputValue()).toBe(`@${c.nickName} and @${b.nickName} @`);
    expect(await page.getByTestId('chat-box').count()).toBe(1);
    await page.keyboard.press('Backspace');
    await input(page).pressSequentially('lunch?');
    await page.keyboard.press('Enter'); // the list is closed: Enter sends
    const sent = `@${c.nickName} and @${b.nickName} lunch?`;
    await waitForText(page, sent, true);
    const key = await waitForText(b.page, sent, false);
    expect(await b.page.getByTestId(`message-${key}`).getAttribute('class')).toContain('msg--at-me');
  });

  it('opens above the composer on a phone (390×844) and a tap picks', async () => {
    const page = b.page;
    await input(page).click();
    await input(page).pressSequentially('@');
    await list(page).waitFor({ timeout: WAIT_MS });
    // A member: no "everyone".
    expect(await page.getByTestId('at-pick-all').count()).toBe(0);
    const listBox = await list(page).boundingBox();
    const inputBox = await input(page).boundingBox();
    expect(listBox && inputBox && listBox.y + listBox.height <= inputBox.y).toBe(true);
    expect(listBox!.width).toBeGreaterThan(300);
    await screenshot(page, 'mention-list-en-US-phone');
    await page.getByTestId(`at-pick-${a.id}`).tap();
    await expect.poll(() => input(page).inputValue()).toBe(`@${a.nickName} `);
    await list(page).waitFor({ state: 'detached' });
    await input(page).fill('');
  });

  it('sends everyone language-neutral from zh-CN; en-US and ar-SA readers see it in their language', async () => {
    await setLocale(server, a, 'zh-CN', groupId);
    await setLocale(server, c, 'ar-SA', groupId);
    await input(a.page).click();
    await input(a.page).pressSequentially('@');
    await expectActive(a.page, 'at-pick-all');
    await screenshot(a.page, 'mention-list-zh-CN-desktop');
    await a.page.keyboard.press('Enter');
    const zhAll = `@${text('zh-CN', 'group.atAll')}`;
    await expect.poll(() => input(a.page).inputValue()).toBe(`${zhAll} `);
    await input(a.page).pressSequentially('明天见');
    await a.page.keyboard.press('Enter');
    await waitForText(a.page, `${zhAll} 明天见`, true);

    const [stored] = await apiGetAs<GroupMessage[]>(
      a.page,
      server,
      `/message/group/history?groupId=${groupId}&page=1&size=1`,
    );
    expect(stored?.content).toBe(`${AT_ALL_TEXT} 明天见`);
    expect(stored?.atUserIds).toEqual([AT_ALL]);

    const enKey = await waitForText(b.page, `@${text('en-US', 'group.atAll')} 明天见`, false);
    expect(await b.page.getByTestId(`message-text-${enKey}`).locator('.bubble__at').innerText()).toBe(
      `@${text('en-US', 'group.atAll')}`,
    );
    const arKey = await waitForText(c.page, `@${text('ar-SA', 'group.atAll')} 明天见`, false);
    expect(await c.page.getByTestId(`message-${arKey}`).getAttribute('class')).toContain('msg--at-me');
    await screenshot(c.page, 'mention-all-ar-SA-phone');

    // The mention list in ar-SA on a phone.
    await input(c.page).click();
    await input(c.page).pressSequentially('@');
    await list(c.page).waitFor({ timeout: WAIT_MS });
    await screenshot(c.page, 'mention-list-ar-SA-phone');
    await c.page.keyboard.press('Escape');
    await input(c.page).fill('');
  });

  it('names emoji in the user’s language: the panel’s buttons and the images in bubbles (point 14)', async () => {
    // Unicode CLDR's names (cldr-annotations-full), as build/emojiNames.ts takes them.
    const heartEyes = {
      'en-US': 'smiling face with heart-eyes',
      'zh-CN': '花痴',
      'ar-SA': 'وجه مبتسم مع عينين على شكل قلب',
    };
    // Carol is in ar-SA since the test above.
    await c.page.getByTestId('composer-emoji').click();
    const button = c.page.getByRole('button', { name: heartEyes['ar-SA'], exact: true });
    await expect.poll(() => button.getAttribute('data-testid'), { timeout: WAIT_MS }).toBe('emoji-heartEyes');
    expect(await c.page.getByTestId('emoji-thumbsUp').getAttribute('aria-label')).toBe('قبول');
    await screenshot(c.page, 'emoji-panel-ar-SA-phone');
    await button.click();
    await c.page.getByTestId('composer-send').click();
    const key = await waitForText(c.page, '😍', true);
    const alt = (p: Person, k: string) => p.page.getByTestId(`message-text-${k}`).locator('img').getAttribute('alt');
    await expect.poll(() => alt(c, key)).toBe(heartEyes['ar-SA']);
    await expect.poll(async () => alt(a, await waitForText(a.page, '😍', false))).toBe(heartEyes['zh-CN']);
    await expect.poll(async () => alt(b, await waitForText(b.page, '😍', false))).toBe(heartEyes['en-US']);
    // The image names the emoji: the bubble's accessible text is the name, not "heartEyes".
    expect(await b.page.getByRole('img', { name: heartEyes['en-US'] }).count()).toBeGreaterThan(0);
  });

  it('raised no page errors', () => {
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });
});
