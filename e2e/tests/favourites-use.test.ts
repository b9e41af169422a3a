/**
 * Favourites you can use (issue 22 point 5): Alice's favourites from Bob (an image, a long
 * text, a file) open with a tap (the zoom viewer, the text's detail view), the search box
 * narrows the list on the server, a text is copied, one is forwarded to Carol, who gets it,
 * and "Go to original message" opens the chat with Bob at that message, loaded back past
 * newer ones. Phone (long-press menu, 390×844) and desktop (right-click menu, 1280×800).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  API_BASE,
  ChatType,
  MessageType,
  type Favourite,
  type ImageUploadResult,
  type PrivateMessage,
} from '@parley/protocol';
import {
  VIEWPORTS,
  en,
  expectToast,
  launchBrowser,
  openRoute,
  screenshot,
  startServer,
  tinyPng,
  type RunningServer,
} from '../support/index.js';
import { signIn } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, type Member } from '../support/chat.js';

const NOTE = 'Meeting notes: bring the quarterly report, the budget sheet and the signed contract.';
const FAVOURITES = '/pages/mine/mine-favourites';

async function api<T>(server: RunningServer, who: Member, method: string, path: string, body?: unknown | FormData) {
  const form = body instanceof FormData;
  const res = await fetch(`${server.url}${API_BASE}${path}`, {
    method,
    headers: { accessToken: who.token, ...(body && !form ? { 'Content-Type': 'application/json' } : {}) },
    body: form ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; message: string; data: T };
  expect(reply.code, reply.message).toBe(200);
  return reply.data;
}

const send = (server: RunningServer, from: Member, recvId: number, type: number, content: string) =>
  api<PrivateMessage>(server, from, 'POST', '/message/private/send', { tmpId: randomUUID(), recvId, type, content });

const keep = (server: RunningServer, who: Member, messageId: number) =>
  api<Favourite>(server, who, 'POST', '/favourite/add', { chatType: ChatType.PRIVATE, messageId });

const cards = (page: Page) => page.locator('[data-testid="favourites-list"] article[data-type]');

async function openFavourites(page: Page, server: RunningServer, count: number) {
  await openRoute(page, server, FAVOURITES);
  await page.getByTestId('favourites-page').waitFor();
  await expect.poll(() => cards(page).count(), { timeout: WAIT_MS }).toBe(count);
}

/** The item's menu: a long press on a phone (touch), a right-click on a desktop. */
async function favouriteMenu(page: Page, id: number, touch: boolean) {
  const card = page.getByTestId(`favourite-${id}`);
  if (touch) {
    const box = (await card.locator('.fav-card__head').boundingBox())!;
    await card.dispatchEvent('pointerdown', {
      pointerType: 'touch',
      clientX: box.x + 20,
      clientY: box.y + 5,
      isPrimary: true,
    });
  } else {
    await card.locator('.fav-card__head').click({ button: 'right' });
  }
  await page.getByTestId('favourite-menu').waitFor();
}

describe('favourites you can use', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  const fav: Record<'image' | 'text' | 'file', Favourite> = {} as never;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Use');
    bob = await createMember(server, 'bob', 'Bob Use');
    carol = await createMember(server, 'carol', 'Carol Use');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(tinyPng(240, 160, [30, 140, 220]))], { type: 'image/png' }), 'a.png');
    const shot = await api<ImageUploadResult>(server, bob, 'POST', '/image/upload', form);
    const image = { originUrl: shot.originUrl, thumbUrl: shot.thumbUrl, width: shot.width, height: shot.height };
    const fileForm = new FormData();
    fileForm.append('file', new Blob([new Uint8Array(Buffer.alloc(512, 1))], { type: 'application/pdf' }), 'Plan.pdf');
    const fileUrl = await api<string>(server, bob, 'POST', '/file/upload', fileForm);
    const text = await send(server, bob, alice.id, MessageType.TEXT, NOTE);
    // Newer messages: the jump has to load back to the text.
    for (let i = 0; i < 30; i++) await send(server, bob, alice.id, MessageType.TEXT, `later ${i}`);
    const img = await send(server, bob, alice.id, MessageType.IMAGE, JSON.stringify(image));
    const file = await send(
      server,
      bob,
      alice.id,
      MessageType.FILE,
      JSON.stringify({ name: 'Q3 Plan.pdf', size: 512, url: fileUrl }),
    );
    fav.text = await keep(server, alice, text.id);
    fav.image = await keep(server, alice, img.id);
    fav.file = await keep(server, alice, file.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('phone: opens an image and a text, copies it, searches, forwards to Carol, jumps to the original', async () => {
    const { page } = await signIn(browser, server, alice, {
      hasTouch: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await openFavourites(page, server, 3);
    await screenshot(page, 'favourites-use-list-en-US-phone');

    // A tap on the image opens the zoom viewer; on the text, its detail view.
    await page.getByTestId(`favourite-${fav.image.id}-content`).click();
    await page.getByTestId('image-preview').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('image-preview').waitFor({ state: 'detached' });
    await page.getByTestId(`favourite-${fav.text.id}-content`).click();
    const detail = page.getByTestId('favourite-text');
    await expect.poll(() => detail.getByTestId('favourite-text-body').textContent()).toBe(NOTE);
    await screenshot(page, 'favourites-use-text-en-US-phone');
    await detail.getByTestId('favourite-text-copy').click();
    await expectToast(page, en('chatBox.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(NOTE);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // The search goes to the server: a file name, then words of the text, then no match.
    const search = page.getByTestId('favourites-search');
    await search.fill('q3 plan');
    await expect
      .poll(() => cards(page).getAttribute('data-testid'), { timeout: WAIT_MS })
      .toBe(`favourite-${fav.file.id}`);
    await search.fill('QUARTERLY');
    await expect
      .poll(() => cards(page).getAttribute('data-testid'), { timeout: WAIT_MS })
      .toBe(`favourite-${fav.text.id}`);
    await search.fill('nothing like this');
    await page.getByTestId('favourites-list-empty').waitFor({ timeout: WAIT_MS });
    await search.fill('');
    await expect.poll(() => cards(page).count(), { timeout: WAIT_MS }).toBe(3);

    // Forward the image to Carol through the chat box's selector: she has it.
    await favouriteMenu(page, fav.image.id, true);
    await screenshot(page, 'favourites-use-menu-en-US-phone');
    await page.getByTestId('favourite-menu-forward').click();
    await page.getByTestId(`forward-target-PRIVATE-${carol.id}`).click();
    await page.getByTestId('forward-confirm').click();
    await expectToast(page, en('chatBox.forwarded'));
    const history = await api<PrivateMessage[]>(server, carol, 'GET', `/message/private/history?friendId=${alice.id}`);
    expect(history.find((m) => m.type === MessageType.IMAGE)?.content).toBe(fav.image.content);

    // The text's original, thirty messages back, in the chat with Bob.
    await favouriteMenu(page, fav.text.id, true);
    await page.getByTestId('favourite-menu-jump').click();
    await page.getByTestId('chat-box').waitFor();
    await expect.poll(() => page.url()).toContain(`msgId=${fav.text.origin!.messageId}`);
    await expect
      .poll(() => page.getByTestId(`message-id:${fav.text.origin!.messageId}`).isVisible(), { timeout: WAIT_MS })
      .toBe(true);
    await page.context().close();
  });

  it('desktop: the right-click and more-button menus copy and jump; looks right in en-US, zh-CN and ar-SA', async () => {
    const { page } = await signIn(browser, server, alice, {
      viewport: VIEWPORTS.desktop,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await openFavourites(page, server, 3);
    await favouriteMenu(page, fav.text.id, false);
    await page.getByTestId('favourite-menu-copy').click();
    await expectToast(page, en('chatBox.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(NOTE);

    // The file's menu through its "more" button (the keyboard's way): no text to copy or open; its original is there.
    await page.getByTestId(`favourite-${fav.file.id}-more`).click();
    await page.getByTestId('favourite-menu').waitFor();
    expect(await page.getByTestId('favourite-menu-open').count()).toBe(0);
    expect(await page.getByTestId('favourite-menu-copy').count()).toBe(0);
    await page.getByTestId('favourite-menu-jump').click();
    await expect
      .poll(() => page.getByTestId(`message-id:${fav.file.origin!.messageId}`).isVisible(), { timeout: WAIT_MS })
      .toBe(true);

    for (const locale of ['en-US', 'zh-CN', 'ar-SA']) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await openRoute(page, server, FAVOURITES);
      await page.reload();
      await expect.poll(() => cards(page).count(), { timeout: WAIT_MS }).toBe(3);
      await screenshot(page, `favourites-use-list-${locale}-desktop`);
      await favouriteMenu(page, fav.text.id, false);
      await screenshot(page, `favourites-use-menu-${locale}-desktop`);
      await page.keyboard.press('Escape');
      await page.getByTestId(`favourite-${fav.text.id}-content`).click();
      await page.getByTestId('favourite-text').waitFor();
      await screenshot(page, `favourites-use-text-${locale}-desktop`);
      await page.keyboard.press('Escape');
      if (locale === 'en-US') continue; // its phone screens are the first test's
      await page.setViewportSize(VIEWPORTS.phone);
      await screenshot(page, `favourites-use-list-${locale}-phone`);
      await favouriteMenu(page, fav.image.id, false);
      await screenshot(page, `favourites-use-menu-${locale}-phone`);
      await page.keyboard.press('Escape');
      await page.setViewportSize(VIEWPORTS.desktop);
    }
    await page.context().close();
  });
});
