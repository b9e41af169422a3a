/**
 * Favourites (issue 10): Alice keeps an image and a voice message Bob sent her, finds
 * both on the Favourites page and through its filters, and sends the image from the
 * composer's favourites picker into her chat with Carol, who receives it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  API_BASE,
  MessageType,
  type ImageContent,
  type ImageUploadResult,
  type PrivateMessage,
} from '@parley/protocol';
import {
  en,
  expectToast,
  launchBrowser,
  openTab,
  screenshot,
  startServer,
  tinyPng,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, type Member } from '../support/chat.js';
import { messageMenu, openChatByRoute, waitForType } from '../support/chat-box.js';

async function upload<T>(server: RunningServer, who: Member, path: string, name: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${server.url}${API_BASE}${path}`, {
    method: 'POST',
    headers: { accessToken: who.token },
    body: form,
  });
  const reply = (await res.json()) as { code: number; message: string; data: T };
  expect(reply.code, reply.message).toBe(200);
  return reply.data;
}

async function send(server: RunningServer, from: Member, recvId: number, type: number, content: string) {
  const res = await fetch(`${server.url}${API_BASE}/message/private/send`, {
    method: 'POST',
    headers: { accessToken: from.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tmpId: randomUUID(), recvId, type, content }),
  });
  const reply = (await res.json()) as { code: number; message: string; data: PrivateMessage };
  expect(reply.code, reply.message).toBe(200);
  return reply.data;
}

describe('favourites: keep, filter, send back (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Person;
  let carol: Person;
  let bob: Member;
  let image: ImageContent;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    const a = await createMember(server, 'alice', 'Alice Fav');
    bob = await createMember(server, 'bob', 'Bob Fav');
    const c = await createMember(server, 'carol', 'Carol Fav');
    await befriend(server, a, bob);
    await befriend(server, a, c);
    const shot = await upload<ImageUploadResult>(
      server,
      bob,
      '/image/upload',
      'sea.png',
      'image/png',
      tinyPng(240, 160, [30, 140, 220]),
    );
    image = { originUrl: shot.originUrl, thumbUrl: shot.thumbUrl, width: shot.width, height: shot.height };
    const voiceUrl = await upload<string>(
      server,
      bob,
      '/file/upload',
      'hello.mp3',
      'audio/mpeg',
      Buffer.alloc(2048, 7),
    );
    await send(server, bob, a.id, MessageType.IMAGE, JSON.stringify(image));
    await send(server, bob, a.id, MessageType.AUDIO, JSON.stringify({ duration: 3, url: voiceUrl }));
    alice = await signIn(browser, server, a);
    carol = await signIn(browser, server, c);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the image and the voice message from the message menu', async () => {
    await openChatByRoute(alice.page, server, bob.id);
    for (const type of [MessageType.IMAGE, MessageType.AUDIO]) {
      const key = await waitForType(alice.page, type, false);
      await messageMenu(alice.page, key, 'favourite');
      await expectToast(alice.page, en('favourites.added'));
    }
  });

  it('shows both on the Favourites page under Mine, and each under its filter', async () => {
    const page = alice.page;
    await page.getByTestId('chat-box').getByTestId('nav-back').click();
    await openTab(page, 'mine');
    await page.getByTestId('mine-favourites-entry').click();
    await page.getByTestId('favourites-page').waitFor();
    const cards = page.locator('[data-testid="favourites-list"] article[data-type]');
    await expect.poll(() => cards.count(), { timeout: WAIT_MS }).toBe(2);
    expect(await cards.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-type'))))).toEqual([
      MessageType.AUDIO,
      MessageType.IMAGE,
    ]);
    const img = cards.locator('img');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth), { timeout: WAIT_MS })
      .toBeGreaterThan(0);
    await screenshot(page, 'favourites-page');

    await page.getByTestId('favourites-filter-image').click();
    await expect
      .poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))), { timeout: WAIT_MS })
      .toEqual([String(MessageType.IMAGE)]);
    await page.getByTestId('favourites-filter-voice').click();
    await expect
      .poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-type'))), { timeout: WAIT_MS })
      .toEqual([String(MessageType.AUDIO)]);
    await page.getByTestId('favourites-filter-video').click();
    await page.getByTestId('favourites-list-empty').waitFor({ timeout: WAIT_MS });
    await page.getByTestId('favourites-filter-all').click();
    await expect.poll(() => cards.count(), { timeout: WAIT_MS }).toBe(2);
  });

  it('sends the image from the picker into the chat with Carol, who receives it', async () => {
    const page = alice.page;
    await openChatByRoute(page, server, carol.id);
    await openChatByRoute(carol.page, server, alice.id);
    await page.getByTestId('composer-plus').click();
    await page.getByTestId('composer-favourites').click();
    const picker = page.getByTestId('favourite-picker');
    await picker.waitFor();
    await picker.getByTestId('favourites-filter-image').click();
    const pick = picker.locator('[data-testid$="-pick"]');
    await expect.poll(() => pick.count(), { timeout: WAIT_MS }).toBe(1);
    await screenshot(page, 'favourites-picker');
    await pick.click();
    await picker.waitFor({ state: 'detached' });

    await waitForType(page, MessageType.IMAGE, true);
    const key = await waitForType(carol.page, MessageType.IMAGE, false);
    const img = carol.page.getByTestId(`message-image-${key}`).locator('img');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth), { timeout: WAIT_MS })
      .toBeGreaterThan(0);
    expect(await img.getAttribute('src')).toBe(image.thumbUrl);
    expect(alice.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
  });
});
