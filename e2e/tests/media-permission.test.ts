/**
 * Issue 20 point 10 (spec §6): the microphone and camera are asked for with an explanation
 * first. Not yet allowed (a context without the grant), a voice message or a call opens a
 * sheet that says why before the browser asks; a refused microphone says how to allow it
 * in the browser's site settings. Phone size (390×844); screenshots in en-US, zh-CN, ar-SA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en, launchBrowser, openRoute, screenshot, startServer, text, type RunningServer } from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, type Member } from '../support/chat.js';
import { expectChatBox, openChatByRoute } from '../support/chat-box.js';

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

describe('camera and microphone asked for with an explanation (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let bob: Member;
  let a: Person;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Mic');
    bob = await createMember(server, 'bob', 'Bob Mic');
    await befriend(server, alice, bob);
    a = await signIn(browser, server, alice, { permissions: [] });
    await reportMedia(a.page, 'prompt');
    await a.page.reload();
    await openChatByRoute(a.page, server, bob.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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
