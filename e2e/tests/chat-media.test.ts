/** Private chat (issue 4): image, file, card, voice (fake microphone) and video reach the friend as their bubbles. */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MessageType } from '@parley/protocol';
import { en, launchBrowser, screenshot, startServer, tinyPng, type RunningServer } from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, expectChatRow } from '../support/chat.js';
import { leaveChat, openChatByRoute, openChatFromList, waitForType } from '../support/chat-box.js';

/** A one-second 160×120 WebM recorded in the page from a canvas (what a phone camera would hand over). */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    for (let frame = 0; frame < 25; frame++) {
      ctx.fillStyle = `hsl(${frame * 14}, 80%, 50%)`;
      ctx.fillRect(0, 0, 160, 120);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** Waits until an <img> inside `testId` has loaded from the server. */
async function expectLoadedImage(page: Page, testId: string): Promise<void> {
  const img = page.getByTestId(testId).locator('img');
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth), { timeout: WAIT_MS })
    .toBeGreaterThan(0);
  expect(await img.getAttribute('src')).toMatch(/^\/uploads\//);
}

describe('private chat: every kind of attachment (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Media');
    const bob = await createMember(server, 'bob', 'Bob Media');
    await befriend(server, alice, bob);
    a = await signIn(browser, server, alice);
    b = await signIn(browser, server, bob);
    await openChatByRoute(a.page, server, b.id);
    await openChatFromList(b.page, a.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Alice's sent message of `type` and Bob's received one: the same stored message. */
  async function delivered(type: number): Promise<string> {
    const key = await waitForType(a.page, type, true);
    expect(await waitForType(b.page, type, false)).toBe(key);
    return key;
  }

  it('sends an image from the album; Bob sees it and opens the preview', async () => {
    await a.page.getByTestId('composer-plus').click();
    const png = tinyPng(240, 160, [250, 120, 40]);
    // The size the new bubble first renders at, before its upload answers (issue 20 point 9:
    // it was a square until then, and jumped to the picture's ratio).
    await a.page.evaluate(() => {
      const images = () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="message-image-"]'));
      const known = new Set(images());
      const win = window as unknown as { firstImageBox?: [string, string] };
      new MutationObserver((_, observer) => {
        const added = images().find((el) => !known.has(el));
        if (!added) return;
        win.firstImageBox = [added.style.width, added.style.height];
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await a.page
      .getByTestId('composer-album-input')
      .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: png });
    await a.page.getByTestId('attach-send').click(); // the preview sheet (issue 22 point 8)
    const key = await delivered(MessageType.IMAGE);
    const [width, height] = (await a.page.evaluate(
      () => (window as unknown as { firstImageBox?: [string, string] }).firstImageBox,
    ))!.map((px) => parseFloat(px));
    expect(width! / height!).toBeCloseTo(240 / 160, 1);
    await expectLoadedImage(b.page, `message-image-${key}`);
    await b.page.getByTestId(`message-image-${key}`).click();
    await b.page.getByTestId('image-preview').waitFor();
    await b.page.getByTestId('image-preview-close').click();
    await b.page.getByTestId('image-preview').waitFor({ state: 'detached' });
  });

  it('sends a file that Bob downloads under its name', async () => {
    const name = 'meeting notes.txt';
    const notes = 'Agenda:\n1. Ship the chat\n2. Celebrate\n';
    await a.page.getByTestId('composer-plus').click();
    await a.page
      .getByTestId('composer-file-input')
      .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(notes) });
    await a.page.getByTestId('attach-send').click(); // the preview sheet (issue 22 point 8)
    const key = await delivered(MessageType.FILE);
    const link = b.page.getByTestId(`message-file-${key}`);
    expect(await link.getAttribute('download')).toBe(name);
    const shown = await link.innerText();
    expect(shown).toContain(name);
    expect(shown).toContain(`${Buffer.byteLength(notes)} B`);
    const [download] = await Promise.all([b.page.waitForEvent('download', { timeout: WAIT_MS }), link.click()]);
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile(await download.path(), 'utf8')).toBe(notes);
  });

  it('sends a card with an uploaded cover, title, description and link', async () => {
    await a.page.getByTestId('composer-plus').click();
    await a.page.getByTestId('composer-card').click();
    const form = a.page.getByTestId('card-form');
    await form.waitFor();
    await a.page.getByTestId('card-cover-input').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: tinyPng(320, 180, [40, 120, 250]),
    });
    await form.locator('.card-form__cover img').waitFor();
    await form.locator('.card-form__busy').waitFor({ state: 'detached', timeout: WAIT_MS });
    await a.page.getByTestId('card-title').fill('Parley 1.0 release notes');
    await a.page.getByTestId('card-description').fill('Private chat with every kind of message.');
    await a.page.getByTestId('card-link').fill('https://example.com/notes');
    await a.page.getByTestId('card-send').click();
    await form.waitFor({ state: 'detached' });
    const key = await delivered(MessageType.CARD);
    const card = await b.page.getByTestId(`message-card-${key}`).innerText();
    for (const part of ['Parley 1.0 release notes', 'Private chat with every kind of message.', 'example.com']) {
      expect(card).toContain(part);
    }
    await expectLoadedImage(b.page, `message-card-${key}`);
  });

  it('records a voice message with the fake microphone; Bob plays it as audio/mpeg', async () => {
    await a.page.getByTestId('composer-voice').click();
    const recorder = a.page.locator('[data-testid="voice-recorder"]');
    await recorder.and(a.page.locator('[data-phase="recording"]')).waitFor({ timeout: WAIT_MS });
    // the fake device plays a beep; record past the one-second minimum
    await recorder.locator('.recording-bar__time', { hasText: '0:02' }).waitFor({ timeout: WAIT_MS });
    await a.page.getByTestId('voice-stop').click();
    await recorder.waitFor({ state: 'detached', timeout: WAIT_MS });
    const key = await delivered(MessageType.AUDIO);

    const bubble = b.page.getByTestId(`message-voice-${key}`);
    expect((await bubble.innerText()).trim()).toMatch(/^[1-9]\d*″$/);
    const response = b.page.waitForResponse((r) => /\/uploads\/files\/.+\.mp3$/.test(new URL(r.url()).pathname));
    await b.page.getByTestId(`message-voice-${key}-play`).click();
    const audio = await response;
    expect(audio.headers()['content-type']).toBe('audio/mpeg');
    const bytes = Buffer.from(await (await fetch(audio.url())).arrayBuffer());
    const mp3 = bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);
    expect(mp3, 'an MP3 stream').toBe(true);
    // it plays to the end (a decoding failure stops it with a toast instead)
    await b.page.locator(`[data-testid="message-voice-${key}"][data-playing="true"]`).waitFor();
    await b.page.locator(`[data-testid="message-voice-${key}"][data-playing="false"]`).waitFor({ timeout: WAIT_MS });
    expect(
      await b.page
        .getByTestId('toast')
        .filter({ hasText: en('errors.playbackFailed') })
        .count(),
    ).toBe(0);
  });

  it('sends a video from the album; Bob opens it in the player', async () => {
    const webm = await recordWebm(a.page);
    expect(webm.readUInt32BE(0)).toBe(0x1a45dfa3);
    await a.page.getByTestId('composer-plus').click();
    await a.page
      .getByTestId('composer-album-input')
      .setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: webm });
    await a.page.getByTestId('attach-send').click(); // the preview sheet (issue 22 point 8)
    const key = await delivered(MessageType.VIDEO);
    await expectLoadedImage(b.page, `message-video-${key}`); // the cover frame
    await screenshot(b.page, 'chat-media-box');
    await b.page.getByTestId(`message-video-${key}`).click();
    const video = b.page.getByTestId('video-player').locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => [v.readyState > 0, v.videoWidth]), { timeout: WAIT_MS })
      .toEqual([true, 160]);
    await b.page.getByTestId('video-player-close').click();
    await b.page.getByTestId('video-player').waitFor({ state: 'detached' });
  });

  it('previews the last attachment by its label in the chat list', async () => {
    await leaveChat(b.page);
    await expectChatRow(b.page, a.id, { unread: 0, last: en('chat.preview.video') });
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
