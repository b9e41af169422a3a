/**
 * Pinned messages (issue 21 point 3), one server. Private: Alice on a phone pins from
 * the message menu and Bob's desktop shows the pin bar live with the tip; a second pin
 * of a message far above the newest; a tap on the bar jumps there and cycles to the
 * older pin; the list; unpin from it, on both sides. Group: a member without the right
 * sees no Pin item until the owner (zh-CN, desktop) opens pinning to members in the
 * group info; the member's phone (ar-SA) gets the bar and the tip in Arabic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, Terminal } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  en,
  launchBrowser,
  newUserPage,
  openRoute,
  screenshot,
  startServer,
  text,
  type RunningServer,
} from '../support/index.js';
import { WAIT_MS, apiLogin, apiSendText, befriend, createMember, watchPage, type Member } from '../support/chat.js';
import { expectAccessible } from '../support/axe.js';
import { messageMenu, openChatFromList, sendText, waitForText } from '../support/chat-box.js';
import { apiCreateGroup, apiGroupText, expectTip, openGroupFromList, openGroupInfo } from '../support/group.js';

type Size = keyof typeof VIEWPORTS;
/** Messages after the old one: it sits far above the newest. */
const LATER = 120;

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

async function apiPut(server: RunningServer, who: Member, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${API_BASE}${path}`, {
    method: 'PUT',
    headers:
      body === undefined ? { accessToken: who.token } : { accessToken: who.token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(((await res.json()) as { code: number }).code, path).toBe(200);
}

/** Whether the message's row is inside the viewport (the list scrolled to it). */
async function onScreen(page: Page, id: number): Promise<boolean> {
  const row = page.getByTestId(`message-id:${id}`);
  if ((await row.count()) === 0) return false; // not rendered: the list is elsewhere
  const box = await row.boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.y >= 0 && box.y + box.height <= vp.height;
}

const bar = (page: Page) => page.getByTestId('pin-bar');
async function expectBar(page: Page, count: number, id?: number): Promise<void> {
  await expect
    .poll(async () => (await bar(page).count()) && Number(await bar(page).getAttribute('data-count')), {
      timeout: WAIT_MS,
    })
    .toBe(count);
  if (id !== undefined) expect(Number(await bar(page).getAttribute('data-message-id'))).toBe(id);
}

describe('pinned messages', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // A long chat is seeded over HTTP: no send budget for this run.
    server = await startServer({ snapshotWeb: true, env: { RATE_LIMITS: 'off' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('private: pin from the menu, the bar live on the other side, jump and cycle, the list, unpin (390×844, 1280×800)', async () => {
    const alice = await createMember(server, 'alice', 'Alice Pins');
    const bob = await createMember(server, 'bob', 'Bob Pins');
    await befriend(server, alice, bob);
    const old = await apiSendText(server, bob, alice.id, 'The old plan: meet at the north gate');
    for (let i = 0; i < LATER; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          apiSendText(server, i % 20 ? bob : alice, i % 20 ? alice.id : bob.id, `later ${i + k}`),
        ),
      );
    }

    const a = await openAs(browser, server, alice, 'phone');
    const b = await openAs(browser, server, bob, 'desktop');
    await openChatFromList(a.page, bob.id);
    await openChatFromList(b.page, alice.id);
    // Alice's own send takes her list to the bottom (the chat opened at the first unread).
    const recent = await sendText(a.page, 'Tickets are booked for Friday');
    const recentId = Number(recent.slice(3));

    // Alice pins from the menu; Bob's bar shows it live, with the tip.
    await messageMenu(a.page, recent, 'pin');
    await expectBar(b.page, 1, recentId);
    expect(await b.page.getByTestId('pin-bar-preview').innerText()).toBe('Tickets are booked for Friday');
    // Bob's chat opened at his first unread: to the newest, where the tip is.
    await b.page.getByTestId('jump-latest').click();
    await expectTip(b.page, en('pins.peer', { name: 'Alice Pins' }));
    await expectTip(a.page, en('pins.self'));
    await expectBar(a.page, 1, recentId);

    // Bob pins the old message from another device: the newest pin shows first.
    await apiPut(server, bob, `/message/private/pin/${old.id}`);
    await expectBar(a.page, 2, old.id);
    expect(await onScreen(a.page, old.id)).toBe(false);
    await screenshot(a.page, 'pins-bar-en-US-390');
    await expectAccessible(a.page, 'chat box with the pin bar');

    // A tap jumps to the old message far above and moves the bar to the older pin; again, and back.
    await a.page.getByTestId('pin-bar-jump').click();
    await expect.poll(() => onScreen(a.page, old.id), { timeout: WAIT_MS }).toBe(true);
    await expectBar(a.page, 2, recentId);
    await a.page.getByTestId('pin-bar-jump').click();
    await expect.poll(() => onScreen(a.page, recentId), { timeout: WAIT_MS }).toBe(true);
    await expectBar(a.page, 2, old.id);

    // The list, newest first; Bob unpins the old one there and both bars follow.
    await b.page.getByTestId('pin-bar-list').click();
    const items = b.page.getByTestId('pins-sheet').locator('[data-testid^="pins-item-"]');
    await expect.poll(() => items.count(), { timeout: WAIT_MS }).toBe(2);
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
      `pins-item-${old.id}`,
      `pins-item-${recentId}`,
    ]);
    expect(await items.first().innerText()).toContain(en('pins.pinnedBy', { name: 'Bob Pins' }));
    await screenshot(b.page, 'pins-list-en-US-1280');
    await expectAccessible(b.page, 'pinned messages list');
    await b.page.getByTestId(`pins-unpin-${old.id}`).click();
    await expectBar(a.page, 1, recentId);
    await expectBar(b.page, 1, recentId);
    await b.page.keyboard.press('Escape');

    // Unpinned from Alice's menu: the bar goes on both sides.
    await messageMenu(a.page, recent, 'unpin');
    await expect.poll(() => bar(b.page).count(), { timeout: WAIT_MS }).toBe(0);
    await expect.poll(() => bar(a.page).count(), { timeout: WAIT_MS }).toBe(0);
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.close();
    await b.page.close();
  });

  it('group: no Pin item for a member until the owner opens it; the bar and the tip in zh-CN and ar-SA', async () => {
    const owner = await createMember(server, 'owner', 'Li Wei');
    const member = await createMember(server, 'member', 'سارة');
    await befriend(server, owner, member);
    const group = await apiCreateGroup(server, owner, 'Crew', [member]);
    await apiGroupText(server, member, group.id, 'Who brings the map?');
    const plan = await apiGroupText(server, owner, group.id, '周六早上八点出发');

    const o = await openAs(browser, server, owner, 'desktop', 'zh-CN');
    const m = await openAs(browser, server, member, 'phone', 'ar-SA');
    await openGroupFromList(m.page, group.id);
    await openGroupFromList(o.page, group.id);
    const key = `id:${plan.id}`;
    await waitForText(m.page, '周六早上八点出发', false);

    // A member without the right sees no Pin item.
    await m.page.getByTestId(`message-${key}`).locator('.msg__bubble').click({ button: 'right' });
    await m.page.getByTestId('message-menu').waitFor();
    expect(await m.page.getByTestId('message-menu-pin').count()).toBe(0);
    await m.page.keyboard.press('Escape');
    await m.page.getByTestId('message-menu').waitFor({ state: 'detached' });

    // The owner pins: the member's bar and the tip, in Arabic.
    await messageMenu(o.page, key, 'pin');
    await expectBar(m.page, 1, plan.id);
    await expectTip(m.page, text('ar-SA', 'tips.group.pinned', { name: 'Li Wei' }));
    await expectTip(o.page, text('zh-CN', 'tips.group.pinned', { name: 'Li Wei' }));
    expect(await m.page.getByTestId('pin-bar').innerText()).toContain(text('ar-SA', 'pins.bar'));
    await screenshot(m.page, 'pins-group-ar-SA-390');
    // The list: no Unpin for a member without the right.
    await m.page.getByTestId('pin-bar-list').click();
    await m.page.getByTestId(`pins-item-${plan.id}`).waitFor({ timeout: WAIT_MS });
    expect(await m.page.getByTestId(`pins-unpin-${plan.id}`).count()).toBe(0);
    await screenshot(m.page, 'pins-list-ar-SA-390');
    await m.page.keyboard.press('Escape');
    await m.page.getByTestId('pins-sheet').waitFor({ state: 'detached' });
    await screenshot(o.page, 'pins-group-zh-CN-1280');

    // The owner lets members pin (group info): the member's menu now offers Pin.
    await openGroupInfo(o.page, 'owner');
    const toggle = o.page.getByTestId('group-info-pin-by-members');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: WAIT_MS }).toBe('true');
    await screenshot(o.page, 'pins-group-info-zh-CN-1280');
    const other = await apiGroupText(server, owner, group.id, 'Bring water');
    await waitForText(m.page, 'Bring water', false);
    await messageMenu(m.page, `id:${other.id}`, 'pin');
    await expectBar(m.page, 2, other.id);
    expect([...o.errors, ...m.errors]).toEqual([]);
    if (process.env.E2E_SCREENSHOTS) {
      // The other sizes of the two languages, for the record.
      await m.page.setViewportSize(VIEWPORTS.desktop);
      await screenshot(m.page, 'pins-group-ar-SA-1280');
      await o.page.setViewportSize(VIEWPORTS.phone);
      await o.page.goBack();
      await expectBar(o.page, 2, other.id);
      await screenshot(o.page, 'pins-group-zh-CN-390');
    }
    await o.page.close();
    await m.page.close();
  });
});
