/**
 * Issue 11, points 19 and 21: runs of one sender, "Forwarded", time on hover and in the
 * menu header, bare www. links through the leave warning, the unread total in the tab
 * title, and the typing indicator appearing and clearing — at 390×844 and 1280×800.
 * One server for both sizes, fresh people per size. Alice's page runs on Playwright's clock
 * (installed before the app loads, time flowing as usual), so the indicator's timeout
 * (Typing.SHOW_MS) is jumped over instead of waited out; Bob's throttle (Typing.SEND_EVERY_MS)
 * is real time, as the server holds it too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_BASE, MessageType, Terminal, Typing } from '@parley/protocol';
import {
  VIEWPORTS,
  launchBrowser,
  openTab,
  screenshot,
  startServer,
  switchLanguage,
  text,
  type RunningServer,
} from '../support/index.js';
import type { Person } from '../support/contacts.js';
import { WAIT_MS, befriend, chatRow, createMember, openTerminal, type Member } from '../support/chat.js';
import { expectChatBox, messageRow, openChatFromList, waitForText } from '../support/chat-box.js';

async function send(server: RunningServer, from: Member, toId: number, content: string, forwarded = false) {
  const body = {
    tmpId: randomUUID(),
    recvId: toId,
    type: MessageType.TEXT,
    content,
    ...(forwarded ? { forwarded } : {}),
  };
  const res = await fetch(`${server.url}${API_BASE}/message/private/send`, {
    method: 'POST',
    headers: { accessToken: from.token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
}

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

/** Signed in from an API login (the login page is not under test here), on Playwright's clock if asked. */
const open = (who: Member, clock = false) =>
  openTerminal(browser, server, who, Terminal.WEB, clock ? (page) => page.clock.install() : undefined);

describe.each([
  ['phone', VIEWPORTS.phone],
  ['desktop', { width: 1280, height: 800 }],
] as const)('chat polish (%s)', (name, viewport) => {
  let bob: Member;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    const alice = await createMember(server, 'alice', 'Alice Polish');
    bob = await createMember(server, 'bob', 'Bob Polish');
    await befriend(server, alice, bob);
    a = await open(alice, true);
    b = await open(bob);
    await a.page.setViewportSize(viewport);
    await b.page.setViewportSize(viewport);
  });
  afterAll(async () => {
    await a?.page.context().close();
    await b?.page.context().close();
  });

  it('shows the unread total in the tab title', async () => {
    await send(server, bob, a.id, 'first of a run');
    await send(server, bob, a.id, 'second of a run');
    await send(server, bob, a.id, 'see www.example.com/polish');
    await send(server, bob, a.id, 'passed along', true);
    await a.page.waitForFunction(() => document.title === '(4) Parley', undefined, { timeout: WAIT_MS });
  });

  it('groups the run, labels the forward, and clears the title once read', async () => {
    await openChatFromList(a.page, b.id);
    await waitForText(a.page, 'passed along', false);
    const first = messageRow(a.page, 'first of a run');
    expect(await first.getAttribute('class')).not.toContain('msg--grouped');
    expect(await messageRow(a.page, 'second of a run').getAttribute('class')).toContain('msg--grouped');
    const fwd = messageRow(a.page, 'passed along');
    expect(await fwd.getAttribute('class')).toContain('msg--grouped');
    await fwd.locator('[data-testid^="message-forwarded-"]').waitFor();
    expect(await first.locator('.avatar').count()).toBe(1);
    expect(await fwd.locator('.avatar').count()).toBe(0);
    await a.page.waitForFunction(() => document.title === 'Parley', undefined, { timeout: WAIT_MS });
    await screenshot(a.page, `chat-polish-run-${name}`);
  });

  it('shows the time on hover and in the menu header', async () => {
    const row = messageRow(a.page, 'second of a run');
    await row.locator('.msg__bubble').hover();
    const time = row.locator('[data-testid^="message-time-"]');
    await expect.poll(() => time.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    const shown = (await time.innerText()).trim();
    expect(shown).toMatch(/\d{1,2}:\d{2}/);
    await row.locator('.msg__more').click({ force: true });
    const header = a.page.getByTestId('message-menu-header');
    await header.waitFor();
    expect((await header.innerText()).trim()).toBe(shown);
    await a.page.keyboard.press('Escape');
  });

  it('opens a bare www. link through the leave warning', async () => {
    await messageRow(a.page, 'see www.example.com/polish')
      .getByRole('link', { name: 'www.example.com/polish' })
      .click();
    await a.page.getByTestId('external-link-warning').waitFor();
    expect((await a.page.getByTestId('external-link-url').innerText()).trim()).toBe('https://www.example.com/polish');
    await a.page.getByTestId('external-link-cancel').click();
    await expectChatBox(a.page, b.id);
  });

  it('shows Bob typing in Alice’s header and chat list, and clears it', async () => {
    await openChatFromList(b.page, a.id);
    await b.page.getByTestId('composer-input').pressSequentially('hel');
    const typing = a.page.getByTestId('chat-box-typing');
    await typing.waitFor({ timeout: WAIT_MS });
    expect((await typing.innerText()).trim()).toBe('Bob Polish is typing…');
    await screenshot(a.page, `chat-polish-typing-${name}`);
    await b.page.getByTestId('composer-input').fill('');
    await b.page.getByTestId('composer-input').press('Backspace');
    await typing.waitFor({ state: 'detached', timeout: WAIT_MS });
    // Typing again, then the message arrives: the indicator goes with it.
    await b.page.getByTestId('composer-input').pressSequentially('done');
    await typing.waitFor({ timeout: WAIT_MS });
    await b.page.getByTestId('composer-send').click();
    await waitForText(a.page, 'done', false);
    expect(await typing.count()).toBe(0);
  });

  it('shows typing as the chat list preview and clears it after 5 s without frames', async () => {
    if (name === 'phone') await a.page.getByTestId('chat-box').getByTestId('nav-back').click();
    await chatRow(a.page, b.id).waitFor();
    await b.page.getByTestId('composer-input').pressSequentially('x');
    const preview = a.page.getByTestId(`chat-typing-PRIVATE-${b.id}`);
    await preview.waitFor({ timeout: WAIT_MS });
    await screenshot(a.page, `chat-polish-list-typing-${name}`);
    // No frame from Bob for Typing.SHOW_MS on Alice's clock: the preview goes.
    await a.page.clock.fastForward(Typing.SHOW_MS);
    await preview.waitFor({ state: 'detached', timeout: 3000 });
    // Bob's app still counts that start as shown (his clock was not moved): the composer
    // emptied sends the stop, so his next keystroke owes Alice a start again.
    await b.page.getByTestId('composer-input').fill('');
  });

  // switchLanguage() walks the phone's Mine tab; the desktop screenshots come from the phone run's locale at 1280×800.
  it.each(['zh-CN', 'ar-SA'])('looks right in %s (screenshots)', async (locale) => {
    await a.page.setViewportSize(VIEWPORTS.phone);
    if (await a.page.getByTestId('chat-box').count())
      await a.page.getByTestId('chat-box').getByTestId('nav-back').click();
    await switchLanguage(a.page, locale);
    await a.page.setViewportSize(viewport);
    await openTab(a.page, 'chat');
    await openChatFromList(a.page, b.id);
    await b.page.getByTestId('composer-input').pressSequentially('y');
    await a.page.getByTestId('chat-box-typing').waitFor({ timeout: WAIT_MS });
    expect((await a.page.getByTestId('chat-box-typing').innerText()).trim()).toBe(
      text(locale, 'typing.one', { name: 'Bob Polish' }),
    );
    await a.page.locator('[data-testid^="message-forwarded-"]').waitFor();
    await screenshot(a.page, `chat-polish-${locale}-${name}`);
    await b.page.getByTestId('composer-input').fill('');
  });
});
