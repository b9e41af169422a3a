/**
 * Issue 20 points 3, 11 and 12, at phone size (390×844, where they were seen): the chat
 * box's "Unread messages" divider, an unread pill that points to the unread messages not
 * yet seen and goes to the first of them, the jump-to-latest button with the count of
 * what came meanwhile; the System row sorted like any chat (an opened chat goes above
 * it); /system/config loaded at app start and its admin cap shown as "n/max" by the
 * admin picker; forwarding to every group I am in, also one without a chat row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, ChatType, Terminal } from '@parley/protocol';
import {
  Routes,
  en,
  expectToast,
  launchBrowser,
  openRoute,
  screenshot,
  startServer,
  uniqueUserName,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Account, type Person } from '../support/contacts.js';
import {
  WAIT_MS,
  apiLogin,
  apiSendText,
  befriend,
  chatRow,
  createMember,
  eventually,
  expectChatRow,
  type Member,
} from '../support/chat.js';
import { leaveChat, messageMenu, messageRow, keyOf, openChatFromList } from '../support/chat-box.js';
import { apiCreateGroup, groupRow, openGroupByRoute, openGroupInfo } from '../support/group.js';
import { expectAccessible } from '../support/axe.js';

const ADMINS_MAX = 2;
const SYSTEM_ROW = 'chat-row-SYSTEM-0';

/** The chat rows' test ids from the top of the screen down. */
const rowOrder = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="chat-row-"]'))
      .sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top)
      .map((el) => el.dataset.testid!),
  );

/** Numbers of the "unread number N" rows on screen in the message list, top down. */
const visibleNumbers = (page: Page): Promise<number[]> =>
  page.getByTestId('message-list').evaluate((list) => {
    const box = list.getBoundingClientRect();
    return Array.from(list.querySelectorAll<HTMLElement>('[data-testid^="message-text-"]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > box.top && r.top < box.bottom;
      })
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((el) => Number(/^unread number (\d+)$/.exec(el.innerText.trim())?.[1] ?? NaN))
      .filter((n) => !Number.isNaN(n));
  });

async function setLocale(page: Page, server: RunningServer, locale: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  await openRoute(page, server, Routes.chat);
  await page.reload();
  await page.waitForFunction((l) => document.documentElement.lang === l, locale);
}

describe('issue 20: unread in the chat box, list order, config at start, admin cap, forward (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let operatorToken = '';
  let alice: Member;
  let a: Person;
  let bob: Member;
  let carol: Member;
  let dave: Member;
  let erin: Member;
  const operator: Account = { userName: uniqueUserName('op'), password: 'op-pass1', nickName: 'Operator' };

  beforeAll(async () => {
    server = await startServer({
      snapshotWeb: true,
      env: { OPERATOR_USERNAMES: operator.userName, GROUP_ADMINS_MAX: String(ADMINS_MAX) },
    });
    browser = await launchBrowser();
    const res = await fetch(`${server.url}${API_BASE}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(operator),
    });
    expect(await res.json()).toMatchObject({ code: 200 });
    operatorToken = (await apiLogin(server, operator, Terminal.APP)).accessToken;
    alice = await createMember(server, 'alice', 'Alice Twenty');
    [bob, carol, dave] = [
      await createMember(server, 'bob', 'Bob Twenty'),
      await createMember(server, 'carol', 'Carol Twenty'),
      await createMember(server, 'dave', 'Dave Twenty'),
    ];
    erin = await createMember(server, 'erin', 'Erin Twenty'); // a second sender: sends are rate limited
    for (const friend of [bob, carol, dave, erin]) await befriend(server, alice, friend);
    a = await signIn(browser, server, alice);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('3: a divider above the first unread; the pill points down to the unseen ones and goes to the first of them', async () => {
    for (let i = 1; i <= 3; i++) await apiSendText(server, dave, alice.id, `read before ${i}`);
    await expectChatRow(a.page, dave.id, { unread: 3 });
    await openChatFromList(a.page, dave.id);
    await leaveChat(a.page);
    for (let i = 1; i <= 40; i++) await apiSendText(server, dave, alice.id, `unread number ${i}`);
    await expectChatRow(a.page, dave.id, { unread: 40 });
    await openChatFromList(a.page, dave.id);

    // The divider sits above "unread number 1", below the last message read before.
    const divider = a.page.getByTestId('unread-divider');
    await divider.waitFor();
    expect((await divider.innerText()).trim()).toBe(en('chatBox.unreadDivider'));
    const first = messageRow(a.page, 'unread number 1');
    await first.waitFor();
    const [d, f] = [await divider.boundingBox(), await first.boundingBox()];
    expect(d!.y + d!.height).toBeLessThanOrEqual(f!.y + 1);
    await screenshot(a.page, 'issue20-unread-divider-en-US-phone');
    // Scrolled away from the newest: the jump-to-latest button shows, with no count yet.
    await a.page.getByTestId('jump-latest').waitFor();
    expect(await a.page.getByTestId('jump-latest-count').count()).toBe(0);

    // Reading down a little: the rest of the unread lie below, so the pill points down.
    const pill = a.page.getByTestId('unread-pill');
    const list = a.page.getByTestId('message-list');
    await list.hover();
    for (let step = 0; step < 10 && (await pill.count()) === 0; step++) {
      await a.page.mouse.wheel(0, 200);
      await a.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    await pill.waitFor();
    expect(await pill.getAttribute('data-direction')).toBe('down');
    expect(await pill.innerText()).toContain('↓');
    await screenshot(a.page, 'issue20-unread-pill-en-US-phone');

    // It goes to the first unread message not seen yet: below what was on screen, not back to number 1.
    const seen = Math.max(...(await visibleNumbers(a.page)));
    await pill.click();
    await eventually(
      async () => ((await visibleNumbers(a.page))[0] ?? 0) >= seen,
      true,
      'the first unseen unread on top',
    );

    // Two more arrive while scrolled up: counted on the jump-to-latest button, which goes to them.
    await apiSendText(server, dave, alice.id, 'late one');
    await apiSendText(server, dave, alice.id, 'late two');
    await eventually(async () => (await a.page.getByTestId('jump-latest-count').innerText()).trim(), '2');
    await screenshot(a.page, 'issue20-jump-latest-en-US-phone');
    await expectAccessible(a.page, 'chat box with the divider, the unread pill and jump-to-latest');
    await a.page.getByTestId('jump-latest').click();
    await a.page.getByTestId('jump-latest').waitFor({ state: 'detached' });
    const late = messageRow(a.page, 'late two');
    await late.waitFor();
    const [row, box] = [await late.boundingBox(), await list.boundingBox()];
    expect(row!.y + row!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
    expect(await pill.count()).toBe(0);
    await leaveChat(a.page);
  });

  it('11: an opened chat goes above the System row; the System row, opened, goes to the top', async () => {
    await apiSendText(server, carol, alice.id, 'an older message');
    await expectChatRow(a.page, carol.id, { unread: 1 });
    const sent = await fetch(`${server.url}${API_BASE}/console/system/send`, {
      method: 'POST',
      headers: { accessToken: operatorToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Welcome', coverUrl: '', intro: '', content: 'Hello', all: true, userIds: [] }),
    });
    expect(await sent.json()).toMatchObject({ code: 200 });
    await a.page.locator(`[data-testid="${SYSTEM_ROW}"][data-unread="1"]`).waitFor({ timeout: WAIT_MS });
    expect((await rowOrder(a.page))[0]).toBe(SYSTEM_ROW);

    // Carol's chat, opened: on top, the System row below it (spec §4: opening moves a chat to the top).
    await openChatFromList(a.page, carol.id);
    await leaveChat(a.page);
    await eventually(async () => (await rowOrder(a.page)).slice(0, 2), [`chat-row-PRIVATE-${carol.id}`, SYSTEM_ROW]);
    await screenshot(a.page, 'issue20-list-order-en-US-phone');

    // The System chat, opened: on top again, like any chat.
    await a.page.getByTestId(SYSTEM_ROW).click();
    await a.page.getByTestId('system-list').waitFor();
    await openRoute(a.page, server, Routes.chat);
    await eventually(async () => (await rowOrder(a.page)).slice(0, 2), [SYSTEM_ROW, `chat-row-PRIVATE-${carol.id}`]);
  });

  it('12: app start loads /system/config; the admin picker shows n/max from it and refuses more', async () => {
    const config = a.page.waitForRequest((r) => r.url().endsWith(`${API_BASE}/system/config`), { timeout: WAIT_MS });
    await a.page.reload();
    await config;
    await a.page.getByTestId('tab-page-chat').waitFor();

    const group = await apiCreateGroup(server, alice, 'Admins cap', [bob, carol, dave]);
    await groupRow(a.page, group.id).waitFor({ timeout: WAIT_MS });
    await openGroupByRoute(a.page, server, group.id);
    await openGroupInfo(a.page, 'owner');
    await a.page.getByTestId('group-info-admins').click();
    const count = a.page.getByTestId('admin-selector-count');
    await eventually(async () => (await count.innerText()).trim(), `0/${ADMINS_MAX}`);
    await a.page.getByTestId(`admin-selector-member-${bob.id}`).click();
    await a.page.getByTestId(`admin-selector-member-${carol.id}`).click();
    await eventually(async () => (await count.innerText()).trim(), `${ADMINS_MAX}/${ADMINS_MAX}`);
    // One more is refused, and says why.
    await a.page.getByTestId(`admin-selector-member-${dave.id}`).click();
    await eventually(
      async () => (await a.page.getByTestId('admin-selector-over').innerText()).trim(),
      en('group.adminsMax', { max: String(ADMINS_MAX) }),
    );
    expect(await a.page.getByTestId(`admin-selector-member-${dave.id}`).locator('input').isChecked()).toBe(false);
    expect((await count.innerText()).trim()).toBe(`${ADMINS_MAX}/${ADMINS_MAX}`);
    await screenshot(a.page, 'issue20-admin-cap-en-US-phone');
    await expectAccessible(a.page, 'admin picker at its cap');
    await a.page.getByTestId('admin-selector-confirm').click();
    await a.page.getByTestId('admin-selector').waitFor({ state: 'detached' });
    await eventually(async () => (await a.page.getByTestId('group-info-admins').innerText()).includes('2'), true);
  });

  it('12: forwarding lists every group I am in, also one without a chat row, and finds it by name', async () => {
    // Bob's group with Alice in it; Alice deletes its chat row.
    const hikers = await apiCreateGroup(server, bob, 'Hikers Club', [alice]);
    await openRoute(a.page, server, Routes.chat);
    await groupRow(a.page, hikers.id).waitFor({ timeout: WAIT_MS });
    await groupRow(a.page, hikers.id).click({ button: 'right' });
    await a.page.getByTestId('chat-menu-delete').click();
    await a.page.getByTestId('chat-delete-dialog-confirm').click();
    await groupRow(a.page, hikers.id).waitFor({ state: 'detached' });

    await openChatFromList(a.page, carol.id);
    const key = await keyOf(messageRow(a.page, 'an older message'));
    await messageMenu(a.page, key, 'forward');
    await a.page.getByTestId('forward-selector').waitFor();
    const target = a.page.getByTestId(`forward-target-${ChatType.GROUP}-${hikers.id}`);
    await target.waitFor();
    await a.page.getByTestId('forward-search').fill('hikers');
    await eventually(
      async () =>
        a.page.locator('[data-testid^="forward-target-"]').evaluateAll((els) => els.map((e) => e.dataset.testid)),
      [`forward-target-${ChatType.GROUP}-${hikers.id}`],
    );
    await screenshot(a.page, 'issue20-forward-en-US-phone');
    await target.click();
    await a.page.getByTestId('forward-confirm').click();
    await expectToast(a.page, en('chatBox.forwarded'));
    await leaveChat(a.page);
    // The copy went to the group: its chat row is back with it.
    await eventually(
      async () =>
        (await a.page.getByTestId(`chat-last-${ChatType.GROUP}-${hikers.id}`).innerText()).includes('an older message'),
      true,
    );
    await expect(chatRow(a.page, carol.id).count()).resolves.toBe(1);
  });

  it('looks right in zh-CN and ar-SA (screenshots of the fixed screens)', async () => {
    const group = await apiCreateGroup(server, alice, 'Shots', [bob, carol, dave]);
    for (const [locale, sender] of [
      ['zh-CN', bob],
      ['ar-SA', erin],
    ] as const) {
      await setLocale(a.page, server, locale);
      for (let i = 1; i <= 40; i++) await apiSendText(server, sender, alice.id, `unread number ${i}`);
      await expectChatRow(a.page, sender.id, { unread: 40 });
      await screenshot(a.page, `issue20-list-order-${locale}-phone`);
      await openChatFromList(a.page, sender.id);
      await a.page.getByTestId('unread-divider').waitFor();
      await screenshot(a.page, `issue20-unread-divider-${locale}-phone`);
      await a.page.getByTestId('message-list').hover();
      const pill = a.page.getByTestId('unread-pill');
      await a.page.mouse.wheel(0, 200);
      await pill.waitFor();
      await apiSendText(server, sender, alice.id, 'late one');
      await a.page.getByTestId('jump-latest-count').waitFor();
      await screenshot(a.page, `issue20-unread-pill-${locale}-phone`);
      await leaveChat(a.page);

      await openGroupByRoute(a.page, server, group.id);
      await openGroupInfo(a.page, 'owner');
      await a.page.getByTestId('group-info-admins').click();
      for (const m of [bob, carol, dave]) {
        const input = a.page.getByTestId(`admin-selector-member-${m.id}`).locator('input');
        if (!(await input.isChecked())) await a.page.getByTestId(`admin-selector-member-${m.id}`).click();
      }
      await a.page.getByTestId('admin-selector-over').waitFor();
      await screenshot(a.page, `issue20-admin-cap-${locale}-phone`);
      await a.page.keyboard.press('Escape');
      await a.page.getByTestId('admin-selector').waitFor({ state: 'detached' });

      await openRoute(a.page, server, Routes.chat);
      await openChatFromList(a.page, carol.id);
      const key = await keyOf(messageRow(a.page, 'an older message'));
      await messageMenu(a.page, key, 'forward');
      await a.page.getByTestId('forward-selector').waitFor();
      await screenshot(a.page, `issue20-forward-${locale}-phone`);
      await a.page.keyboard.press('Escape');
      await a.page.getByTestId('forward-selector').waitFor({ state: 'detached' });
      await leaveChat(a.page);
    }
    await a.page.evaluate(() => localStorage.setItem('locale', 'en-US'));
    await a.page.reload();
  });
});
