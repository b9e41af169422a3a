/**
 * Media in the browser, two parts on one server.
 *
 * Issue 20 point 10 (spec §6): the microphone and camera are asked for with an explanation
 * first. Not yet allowed (a context without the grant), a voice message or a call opens a
 * sheet that says why before the browser asks; a refused microphone says how to allow it
 * in the browser's site settings. Phone size (390×844); screenshots in en-US, zh-CN, ar-SA.
 *
 * Issue 22 point 8, "Media before it goes": the album opens the preview sheet (three photos,
 * one removed, a caption that arrives inside the first photo, in order, no text message
 * before it), a file goes through the same sheet, a voice message shows its bars and the
 * unplayed dot until played (still gone after a reload), and the avatar's crop step uploads
 * a square. Phone (390×844) then desktop (1280×800); Alice in en-US then zh-CN, Bob in ar-SA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, MessageType, Terminal, type ImageUploadResult } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  en,
  launchBrowser,
  openRoute,
  screenshot,
  startServer,
  text,
  tinyPng,
  type RunningServer,
  closeContexts,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, openTerminal, type Member } from '../support/chat.js';
import { expectChatBox, openChatByRoute } from '../support/chat-box.js';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A part's people (their browser contexts) go when the part ends. */
const closePeople = () => closeContexts(browser);

/**
 * What the browser reports for the microphone and camera of this site: `prompt` as in a
 * fresh browser, `denied` as after "Block". Headless Chromium answers `denied` to an
 * ungranted context while its fake media UI still lets getUserMedia through, so the state
 * a real browser would report is set here.
 */
async function reportMedia(page: Page, state: 'prompt' | 'denied'): Promise<void> {
  await page.context().addInitScript((answer) => {
    const query = navigator.permissions.query.bind(navigator.permissions);
    navigator.permissions.query = (desc: PermissionDescriptor) =>
      desc.name === ('microphone' as PermissionName) || desc.name === ('camera' as PermissionName)
        ? Promise.resolve({ state: answer, name: desc.name } as PermissionStatus)
        : query(desc);
  }, state);
}

/** Stored rows of `type` from one side, top to bottom: their keys. */
async function storedKeys(page: Page, type: number, self: boolean, count: number): Promise<string[]> {
  const rows = page.locator(
    `[data-testid^="message-id:"][data-type="${type}"][data-self="${self}"][data-load-status="ok"]`,
  );
  await expect.poll(() => rows.count(), { timeout: WAIT_MS }).toBe(count);
  const ids = await rows.evaluateAll((els) =>
    els.map((el) => el.getAttribute('data-testid')!.slice('message-'.length)),
  );
  return ids;
}
const idOf = (key: string) => Number(key.slice('id:'.length));

describe('camera and microphone asked for with an explanation (390×844)', () => {
  let bob: Member;
  let a: Person;

  beforeAll(async () => {
    const alice = await createMember(server, 'alice', 'Alice Mic');
    bob = await createMember(server, 'bob', 'Bob Mic');
    await befriend(server, alice, bob);
    a = await signIn(browser, server, alice, { permissions: [] });
    await reportMedia(a.page, 'prompt');
    await a.page.reload();
    await openChatByRoute(a.page, server, bob.id);
  });
  afterAll(closePeople);

  it('explains the microphone before a voice message, and records after "Continue"', async () => {
    const page = a.page;
    expect(
      await page.evaluate(
        async () => (await navigator.permissions.query({ name: 'microphone' as PermissionName })).state,
      ),
    ).toBe('prompt');
    await page.getByTestId('composer-voice').click();
    await page.getByTestId('media-prompt').getByText(en('media.voice.text')).waitFor();
    await screenshot(page, 'media-en-US-voice-prompt-390');
    await page.getByTestId('media-prompt-confirm').click();
    const recorder = page.locator('[data-testid="voice-recorder"][data-phase="recording"]');
    await recorder.waitFor({ timeout: WAIT_MS });
    await page.getByTestId('voice-cancel').click();
    await recorder.waitFor({ state: 'detached' });
  });

  it('explains the microphone before a call; "Not now" places no call', async () => {
    const page = a.page;
    await page.getByTestId('composer-plus').click();
    await page.getByTestId('composer-voice-call').click();
    await page.getByTestId('media-prompt').getByText(en('media.call.text')).waitFor();
    await page.getByTestId('media-prompt-cancel').click();
    await page.getByTestId('call-page').waitFor({ state: 'detached', timeout: WAIT_MS });
    await expectChatBox(page, bob.id);
  });

  it('says how to allow a refused microphone in the site settings, in three languages', async () => {
    const page = a.page;
    await reportMedia(page, 'denied');
    for (const locale of ['en-US', 'zh-CN', 'ar-SA']) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
      await expectChatBox(page, bob.id);
      await page.getByTestId('composer-voice').click();
      await page.getByTestId('media-denied').getByText(text(locale, 'media.voice.denied')).waitFor();
      expect(await page.locator('[data-testid="voice-recorder"][data-phase="recording"]').count()).toBe(0);
      await screenshot(page, `media-${locale}-voice-denied-390`);
      await page.getByTestId('media-denied-confirm').click();
      await page.getByTestId('media-denied').waitFor({ state: 'detached' });
    }
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
    await openRoute(page, server, '/pages/chat/chat');
    expect(a.errors).toEqual([]);
  });
});

describe('media before it goes (issue 22 point 8)', () => {
  let alice: Member;
  let bob: Member;
  let a: Page;
  let b: Page;

  beforeAll(async () => {
    alice = await createMember(server, 'alice', 'Alice Preview');
    bob = await createMember(server, 'bob', 'بوب Bob');
    await befriend(server, alice, bob);
    [a, b] = await Promise.all([
      openTerminal(browser, server, alice, Terminal.WEB).then((p) => p.page),
      openTerminal(browser, server, bob, Terminal.WEB, async (p) => {
        await p.addInitScript(() => localStorage.setItem('locale', 'ar-SA'));
      }).then((p) => p.page),
    ]);
    await a.setViewportSize(VIEWPORTS.phone);
    await b.setViewportSize(VIEWPORTS.phone);
    await Promise.all([openChatByRoute(a, server, bob.id), openChatByRoute(b, server, alice.id)]);
  });
  afterAll(closePeople);

  it('phone: three photos from the album, one removed, the caption inside the first, in order', async () => {
    await a.getByTestId('composer-plus').click();
    await a.getByTestId('composer-album-input').setInputFiles([
      { name: 'wide.png', mimeType: 'image/png', buffer: tinyPng(240, 160, [250, 120, 40]) },
      { name: 'square.png', mimeType: 'image/png', buffer: tinyPng(100, 100, [40, 120, 250]) },
      { name: 'tall.png', mimeType: 'image/png', buffer: tinyPng(160, 240, [40, 200, 90]) },
    ]);
    const sheet = a.getByTestId('attach-preview');
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('attach-item').count()).toBe(3);
    await sheet.getByTestId('attach-remove').nth(1).click();
    expect(
      await sheet
        .getByTestId('attach-item')
        .locator('img')
        .evaluateAll((els) => els.map((e) => e.getAttribute('alt'))),
    ).toEqual(['wide.png', 'tall.png']);
    await sheet.getByTestId('attach-caption').fill('Two sunsets 🌅');
    await screenshot(a, 'media-preview-phone-en-US');
    await sheet.getByTestId('attach-send').click();
    await sheet.waitFor({ state: 'detached' });

    const mine = await storedKeys(a, MessageType.IMAGE, true, 2);
    expect(idOf(mine[1]!)).toBeGreaterThan(idOf(mine[0]!));
    expect(await a.getByTestId(`message-caption-${mine[0]}`).innerText()).toBe('Two sunsets 🌅');
    const theirs = await storedKeys(b, MessageType.IMAGE, false, 2);
    expect(theirs).toEqual(mine);
    expect(await b.getByTestId(`message-caption-${theirs[0]}`).innerText()).toBe('Two sunsets 🌅');
    expect(await b.getByTestId(`message-caption-${theirs[1]}`).count()).toBe(0);
    // No text message went before or after them; the wide one first, the tall one second.
    expect(await b.locator(`[data-testid^="message-"][data-type="${MessageType.TEXT}"]`).count()).toBe(0);
    const ratio = (key: string) =>
      b.getByTestId(`message-image-${key}`).evaluate((el) => el.clientWidth / el.clientHeight);
    expect(await ratio(theirs[0]!)).toBeGreaterThan(1);
    expect(await ratio(theirs[1]!)).toBeLessThan(1);
    await screenshot(b, 'media-caption-phone-ar-SA');
  });

  it('phone: a voice message shows its bars and the unplayed dot until Bob plays it', async () => {
    await a.getByTestId('composer-voice').click();
    const recorder = a.locator('[data-testid="voice-recorder"][data-phase="recording"]');
    await recorder.waitFor({ timeout: WAIT_MS });
    // past the one-second minimum (the fake microphone beeps)
    await recorder.locator('.recording-bar__time', { hasText: '0:02' }).waitFor({ timeout: WAIT_MS });
    await a.getByTestId('voice-stop').click();
    const [key] = await storedKeys(a, MessageType.AUDIO, true, 1);
    expect(await a.getByTestId(`message-unplayed-${key}`).count()).toBe(0); // my own: no dot
    expect((await storedKeys(b, MessageType.AUDIO, false, 1))[0]).toBe(key);

    const bars = b.getByTestId(`message-voice-${key}-bars`);
    expect(await bars.getAttribute('data-waveform')).toBe('sent');
    expect(await bars.locator('.voice__bar').count()).toBeGreaterThan(10);
    await b.getByTestId(`message-unplayed-${key}`).waitFor();
    await screenshot(b, 'media-voice-unplayed-phone-ar-SA');
    await b.getByTestId(`message-voice-${key}-play`).click();
    await b.getByTestId(`message-unplayed-${key}`).waitFor({ state: 'detached' });
    // the bars colour as it plays
    await bars.locator('.voice__bar--played').first().waitFor({ timeout: WAIT_MS });
    // played is kept on this device: still no dot after a reload
    await b.reload();
    await b.getByTestId(`message-voice-${key}-bars`).waitFor({ timeout: WAIT_MS });
    expect(await b.getByTestId(`message-unplayed-${key}`).count()).toBe(0);
  });

  it('desktop: a file goes through the same preview with its caption', async () => {
    await a.setViewportSize(VIEWPORTS.desktop);
    await b.setViewportSize(VIEWPORTS.desktop);
    await a.getByTestId('composer-plus').click();
    await a.getByTestId('composer-file-input').setInputFiles({
      name: 'agenda.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('1. Ship\n2. Celebrate\n'),
    });
    const item = a.getByTestId('attach-item');
    await item.waitFor();
    expect(await item.getAttribute('data-kind')).toBe('file');
    expect(await item.innerText()).toMatch(/agenda\.txt\s+21 B/);
    await a.getByTestId('attach-caption').fill('Monday agenda');
    await screenshot(a, 'media-preview-desktop-en-US');
    await a.getByTestId('attach-send').click();
    const [key] = await storedKeys(a, MessageType.FILE, true, 1);
    expect((await storedKeys(b, MessageType.FILE, false, 1))[0]).toBe(key);
    expect(await b.getByTestId(`message-caption-${key}`).innerText()).toBe('Monday agenda');
    await screenshot(b, 'media-file-caption-desktop-ar-SA');
  });

  it('desktop: the avatar crop step uploads the square chosen (zh-CN)', async () => {
    await a.evaluate(() => localStorage.setItem('locale', 'zh-CN'));
    await openRoute(a, server, Routes.mineEdit);
    await a.reload();
    await a.getByTestId('mine-edit-avatar-input').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: tinyPng(240, 160, [250, 120, 40]),
    });
    const sheet = a.getByTestId('avatar-crop');
    await sheet.waitFor();
    await a.locator('[data-testid="avatar-crop-done"]:enabled').waitFor();
    // zoom 2: half the shorter side, 80 px of the picture
    await a.getByTestId('avatar-crop-zoom').fill('2');
    await screenshot(a, 'avatar-crop-desktop-zh-CN');
    const uploaded = a.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `${API_BASE}/image/upload`,
    );
    await a.getByTestId('avatar-crop-done').click();
    const reply = (await (await uploaded).json()) as { code: number; data: ImageUploadResult };
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({ width: 80, height: 80 });
    expect(reply.data.originUrl).toMatch(/\.jpg$/);
    await sheet.waitFor({ state: 'detached' });
  });
});
