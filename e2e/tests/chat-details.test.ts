/**
 * Chat details (issue 22 point 4) in the browser, one server. Alice on a phone (390×844)
 * opens a private chat's details from ⋯: pin the chat there and her other terminal
 * (APP, desktop 1280×800) re-sorts it pinned; the shared content page shows the chat's
 * photo (the viewer opens), file and link (a tap opens the message in the chat box);
 * clear history on this device empties the chat here only — a later message arrives, a
 * reload does not bring the cleared ones back, and her other terminal still has them.
 * A group's new announcement is a card in
 * the chat that opens group info, the announcement on top; group info pins and shares too.
 * Screenshots in en-US, zh-CN and ar-SA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, ChatType, MessageType, Terminal, type ImageUploadResult } from '@parley/protocol';
import { randomUUID } from 'node:crypto';
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
  tinyPng,
  type RunningServer,
} from '../support/index.js';
import {
  WAIT_MS,
  apiLogin,
  apiSendText,
  befriend,
  chatOrder,
  createMember,
  eventually,
  watchPage,
  type Member,
} from '../support/chat.js';
import { expectChatBox, openChatFromList, waitForText } from '../support/chat-box.js';
import { apiCreateGroup, apiModifyGroup, groupRow, openGroupFromList } from '../support/group.js';

type Size = keyof typeof VIEWPORTS;

async function openAs(
  browser: Browser,
  server: RunningServer,
  who: Member,
  size: Size,
  terminal: Terminal,
  locale: string,
) {
  const { accessToken, refreshToken } = await apiLogin(server, who, terminal);
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

async function apiCall<T>(server: RunningServer, who: Member, path: string, body: FormData | object): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${server.url}${API_BASE}${path}`, {
    method: 'POST',
    headers: form ? { accessToken: who.token } : { accessToken: who.token, 'content-type': 'application/json' },
    body: form ? body : JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; data: T };
  expect(reply.code, path).toBe(200);
  return reply.data;
}

const apiSend = (server: RunningServer, from: Member, toId: number, type: number, content: object) =>
  apiCall(server, from, '/message/private/send', {
    tmpId: randomUUID(),
    recvId: toId,
    type,
    content: JSON.stringify(content),
  });

/** A real upload (the viewer opens only this server's media), sent as a photo. */
async function apiSendImage(server: RunningServer, from: Member, toId: number) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPng(240, 160, [30, 140, 220]))], { type: 'image/png' }), 'a.png');
  const shot = await apiCall<ImageUploadResult>(server, from, '/image/upload', form);
  const image = { originUrl: shot.originUrl, thumbUrl: shot.thumbUrl, width: shot.width, height: shot.height };
  await apiSend(server, from, toId, MessageType.IMAGE, image);
}

const pinnedRow = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"][data-pinned="true"]`).waitFor({ timeout: WAIT_MS });

describe('chat details', () => {
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

  it('private: pin synced to my other terminal, shared photo (viewer), file and link (jump), clear history on this device (390×844, 1280×800)', async () => {
    const alice = await createMember(server, 'alice', 'Alice Details');
    const bob = await createMember(server, 'bob', 'Bob Details');
    const carol = await createMember(server, 'carol', 'Carol Details');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    const link = await apiSendText(server, bob, alice.id, 'Tickets: https://example.com/tickets');
    await apiSendImage(server, bob, alice.id);
    const url = '/uploads/files/2026/01/0123456789abcdef0123456789abcdef/plan.pdf';
    await apiSend(server, bob, alice.id, MessageType.FILE, { name: 'plan.pdf', size: 2048, url });
    await apiSendText(server, alice, carol.id, 'Carol is newer');

    const phone = await openAs(browser, server, alice, 'phone', Terminal.WEB, 'en-US');
    const desk = await openAs(browser, server, alice, 'desktop', Terminal.APP, 'zh-CN');
    await openChatFromList(phone.page, bob.id);
    await phone.page.getByTestId('chat-box-menu').click();
    await phone.page.getByTestId('chat-details').waitFor();
    expect(await phone.page.getByTestId('chat-details-person').innerText()).toContain('Bob Details');

    // Pin: the other terminal's list follows (frame 82) and puts Bob above the newer Carol.
    await phone.page.getByTestId('chat-details-pin').click();
    await pinnedRow(desk.page, `chat-row-${ChatType.PRIVATE}-${bob.id}`);
    await eventually(async () => (await chatOrder(desk.page)).slice(0, 2), [bob.id, carol.id], 'pinned Bob first');
    await screenshot(phone.page, 'chat-details-en-US-390');
    // "+" starts a group with Bob already picked.
    await phone.page.getByTestId('chat-details-start-group').click();
    expect(await phone.page.getByTestId(`pick-friend-${bob.id}`).locator('input').isChecked()).toBe(true);
    await phone.page.getByTestId('nav-back').click();
    await phone.page.getByTestId('chat-details').waitFor();

    // Shared: the photo (it opens the viewer), the file, the link (it opens its message in the chat box).
    await phone.page.getByTestId('chat-details-shared').click();
    await phone.page.locator('[data-testid="chat-shared-list"][data-kind="media"]').waitFor();
    await phone.page.getByTestId('chat-shared-media').click();
    await phone.page.getByTestId('image-preview').waitFor();
    await phone.page.keyboard.press('Escape');
    await phone.page.getByTestId('image-preview').waitFor({ state: 'detached' });
    await phone.page.getByTestId('chat-shared-tab-file').click();
    expect(await phone.page.getByTestId('chat-shared-file').innerText()).toContain('plan.pdf');
    await phone.page.getByTestId('chat-shared-tab-link').click();
    const row = phone.page.getByTestId('chat-shared-link');
    expect(await row.innerText()).toContain('https://example.com/tickets');
    await screenshot(phone.page, 'chat-shared-links-en-US-390');
    await row.click();
    await expectChatBox(phone.page, bob.id);
    await phone.page.getByTestId(`message-id:${link.id}`).waitFor({ timeout: WAIT_MS });

    // Clear history on this device: confirm, the chat is empty here; a later message arrives.
    await phone.page.getByTestId('chat-box-menu').click();
    await phone.page.getByTestId('chat-details-clear').click();
    await phone.page.getByTestId('chat-clear-dialog-confirm').click();
    await phone.page
      .getByTestId('toast')
      .filter({ hasText: en('chatDetails.cleared') })
      .waitFor();
    await phone.page.getByTestId('nav-back').click();
    await expectChatBox(phone.page, bob.id);
    await phone.page.getByTestId(`message-id:${link.id}`).waitFor({ state: 'detached' });
    await apiSendText(server, bob, alice.id, 'After the clear');
    await waitForText(phone.page, 'After the clear', false);
    // A reload brings neither the cleared messages (history) back here.
    await phone.page.reload();
    await expectChatBox(phone.page, bob.id);
    await waitForText(phone.page, 'After the clear', false);
    expect(await phone.page.getByTestId(`message-id:${link.id}`).count()).toBe(0);
    // The other terminal still has them.
    await openChatFromList(desk.page, bob.id);
    await desk.page.getByTestId(`message-id:${link.id}`).waitFor({ timeout: WAIT_MS });
    await desk.page.getByTestId('chat-box-menu').click();
    await desk.page.getByTestId('chat-details').waitFor();
    await screenshot(desk.page, 'chat-details-zh-CN-1280');

    expect([...phone.errors, ...desk.errors]).toEqual([]);
    await phone.page.context().close();
    await desk.page.context().close();
  });

  it('group: the announcement card and group info with it on top; pin and shared content there, in Arabic (1280×800)', async () => {
    const owner = await createMember(server, 'gown', 'Group Owner');
    const member = await createMember(server, 'gmem', 'Group Member');
    await befriend(server, owner, member);
    const group = await apiCreateGroup(server, owner, 'Trip', [member]);
    const ar = await openAs(browser, server, member, 'desktop', Terminal.WEB, 'ar-SA');
    await openGroupFromList(ar.page, group.id);
    // The owner changes the announcement: a card in the chat, live; a tap opens group info with it on top.
    await apiModifyGroup(server, owner, { id: group.id, notice: 'Meet at 8\nBring boots' });
    const card = ar.page.getByTestId('announcement-card');
    await card.waitFor({ timeout: WAIT_MS });
    expect(await card.innerText()).toContain('Meet at 8');
    expect(await card.innerText()).toContain(text('ar-SA', 'announcement.title'));
    await screenshot(ar.page, 'announcement-card-ar-SA-1280');
    await card.click();
    await ar.page.locator('[data-testid="group-info"][data-role="member"]').waitFor();
    expect(await ar.page.getByTestId('group-info-announcement').innerText()).toContain('Bring boots');
    await screenshot(ar.page, 'group-info-ar-SA-1280');
    await ar.page.getByTestId('chat-details-pin').click();
    await pinnedRow(ar.page, `chat-row-${ChatType.GROUP}-${group.id}`);
    await ar.page.getByTestId('chat-details-shared').click();
    await ar.page.getByTestId('chat-shared-tab-link').click();
    await ar.page.locator('[data-testid="chat-shared-list"][data-kind="link"]').waitFor();
    await ar.page.getByTestId('chat-shared-empty').waitFor();
    expect(await ar.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(ar.page, 'chat-shared-ar-SA-1280');
    expect(await groupRow(ar.page, group.id).getAttribute('data-pinned')).toBe('true');
    expect(ar.errors).toEqual([]);
    await ar.page.context().close();
  });
});
