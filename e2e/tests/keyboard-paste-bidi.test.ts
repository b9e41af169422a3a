/**
 * Issue 11, points 10, 11, 12, 17 in the browser: keyboard (Escape, focus trap,
 * arrows, focus after "Quote"), paste and drop of a file into a chat, user text
 * isolated in its own direction in ar-SA, and the 58 emoji drawn as the app's
 * own images with alt text. At 390×844 and 1280×800.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MessageType, Terminal } from '@parley/protocol';
import { VIEWPORTS, launchBrowser, screenshot, startServer, tinyPng, type RunningServer } from '../support/index.js';
import { WAIT_MS, apiSendText, befriend, createMember, openTerminal, type Member } from '../support/chat.js';
import { messageRow, openChatByRoute, waitForText, waitForType } from '../support/chat-box.js';

const activeTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);
const activeInside = (page: Page, testId: string) =>
  page.evaluate((id) => !!document.activeElement?.closest(`[data-testid="${id}"]`), testId);

/** A file put on the page the way a paste or a drop hands it over (a DataTransfer with a File). */
async function fireFileEvent(page: Page, kind: 'paste' | 'drop', selector: string, png: number[]) {
  await page.evaluate(
    ({ kind, selector, png }) => {
      const file = new File([new Uint8Array(png)], 'pasted.png', { type: 'image/png' });
      const data = new DataTransfer();
      data.items.add(file);
      const target = document.querySelector(selector)!;
      if (kind === 'paste') {
        target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      } else {
        for (const type of ['dragenter', 'dragover', 'drop'])
          target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      }
    },
    { kind, selector, png },
  );
}

// One server for both sizes; each size has its own people.
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

describe.each(['phone', 'desktop'] as const)('keyboard, paste and drop, bidi, emoji (%s)', (size) => {
  let alice: Member;
  let bob: Member;
  let a: Page;
  let b: Page;

  beforeAll(async () => {
    alice = await createMember(server, 'alice', 'Alice Keys');
    // a mixed-direction nickname: Arabic first, then Latin and digits
    bob = await createMember(server, 'bob', 'أحمد Ahmed 22');
    await befriend(server, alice, bob);
    a = (await openTerminal(browser, server, alice, Terminal.WEB)).page;
    b = (
      await openTerminal(browser, server, bob, Terminal.WEB, async (p) => {
        await p.addInitScript(() => localStorage.setItem('locale', 'ar-SA'));
      })
    ).page;
    await a.setViewportSize(VIEWPORTS[size]);
    await b.setViewportSize(VIEWPORTS[size]);
  }, 90_000);

  afterAll(async () => {
    await a?.context().close();
    await b?.context().close();
  });

  it('message menu: takes focus, arrows move, Escape closes; Quote focuses the composer', async () => {
    await apiSendText(server, bob, alice.id, 'menu me #smile;');
    await openChatByRoute(a, server, bob.id);
    const key = await waitForText(a, 'menu me 🙂', false);
    const bubble = a.getByTestId(`message-${key}`).locator('.msg__bubble');
    await bubble.click({ button: 'right' });
    await a.getByTestId('message-menu').waitFor();
    const first = await activeTestId(a);
    expect(first).toMatch(/^message-menu-/);
    await a.keyboard.press('ArrowDown');
    const second = await activeTestId(a);
    expect(second).toMatch(/^message-menu-/);
    expect(second).not.toBe(first);
    await a.keyboard.press('ArrowUp');
    expect(await activeTestId(a)).toBe(first);
    await a.keyboard.press('Escape');
    await a.getByTestId('message-menu').waitFor({ state: 'detached' });

    await bubble.click({ button: 'right' });
    await a.getByTestId('message-menu').waitFor();
    for (let i = 0; i < 6 && (await activeTestId(a)) !== 'message-menu-quote'; i++) await a.keyboard.press('ArrowDown');
    expect(await activeTestId(a)).toBe('message-menu-quote');
    await a.keyboard.press('Enter');
    await a.getByTestId('quote-bar').waitFor();
    await expect.poll(() => activeTestId(a)).toBe('composer-input');
    await a.getByTestId('quote-cancel').click();
  });

  it('forward sheet: focus inside, arrows reach the targets, Tab stays inside, Escape closes', async () => {
    const key = await waitForText(a, 'menu me 🙂', false);
    await a.getByTestId(`message-${key}`).locator('.msg__bubble').click({ button: 'right' });
    await a.getByTestId('message-menu-forward').click();
    await a.getByTestId('forward-selector').waitFor();
    expect(await activeInside(a, 'forward-selector')).toBe(true);
    await a.keyboard.press('ArrowDown');
    expect(await a.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('checkbox');
    for (let i = 0; i < 8; i++) {
      await a.keyboard.press('Tab');
      expect(await activeInside(a, 'forward-selector')).toBe(true);
    }
    await a.keyboard.press('Escape');
    await a.getByTestId('forward-selector').waitFor({ state: 'detached' });
  });

  it('dialog: confirm focused, Tab trapped, Escape cancels and focus comes back', async () => {
    const key = await waitForText(a, 'menu me 🙂', false);
    await a.getByTestId(`message-${key}`).locator('.msg__bubble').click({ button: 'right' });
    await a.getByTestId('message-menu-delete').click();
    await a.getByTestId('delete-dialog').waitFor();
    expect(await activeTestId(a)).toBe('delete-dialog-confirm');
    for (let i = 0; i < 5; i++) {
      await a.keyboard.press('Tab');
      expect(await activeInside(a, 'delete-dialog')).toBe(true);
    }
    await a.keyboard.press('Escape');
    await a.getByTestId('delete-dialog').waitFor({ state: 'detached' });
    expect(await a.getByTestId(`message-${key}`).count()).toBe(1);
    expect(await a.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  it('emoji panel: images with alt text, Escape folds it', async () => {
    await a.getByTestId('composer-emoji').click();
    const img = a.getByTestId('emoji-smile').locator('img');
    // Named in the user's language (CLDR), not by the character or a code name.
    await expect.poll(() => img.getAttribute('alt')).toBe('slightly smiling face');
    expect(await img.getAttribute('src')).toMatch(/^\/assets\/1f642-[\w-]+\.svg$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(await a.locator('.emoji-panel img[alt]').count()).toBe(58);
    await a.getByTestId('composer-input').focus();
    await a.keyboard.press('Escape');
    await a.locator('.emoji-panel').waitFor({ state: 'detached' });
    // the received message draws its emoji as an image too
    const key = await waitForText(a, 'menu me 🙂', false);
    const inBubble = a.getByTestId(`message-text-${key}`).locator('img[data-emoji], [data-emoji] img');
    expect(await inBubble.getAttribute('alt')).toBe('slightly smiling face');
  });

  it('a pasted image is previewed with a caption and reaches the friend', async () => {
    const png = [...tinyPng()];
    await fireFileEvent(a, 'paste', '[data-testid="composer-input"]', png);
    await a.getByTestId('attach-preview').waitFor();
    expect(await a.getByTestId('attach-item').count()).toBe(1);
    await a.getByTestId('attach-caption').fill('the caption');
    await screenshot(a, `paste-preview-${size}`);
    await a.getByTestId('attach-send').click();
    await a.getByTestId('attach-preview').waitFor({ state: 'detached' });
    // The caption travels inside the image (issue 22 point 8), not as a text before it.
    const mine = await waitForType(a, MessageType.IMAGE, true);
    expect(await a.getByTestId(`message-caption-${mine}`).innerText()).toBe('the caption');
    await openChatByRoute(b, server, alice.id);
    const theirs = await waitForType(b, MessageType.IMAGE, false);
    expect(await b.getByTestId(`message-caption-${theirs}`).innerText()).toBe('the caption');
    expect(await messageRow(b, 'the caption').count()).toBe(0); // no text message of its own
  });

  it('a dropped file is previewed and sent; a drop elsewhere never opens the file', async () => {
    const png = [...tinyPng()];
    await fireFileEvent(a, 'drop', '[data-testid="message-list"], [data-testid="chat-box"]', png);
    await a.getByTestId('attach-preview').waitFor();
    await a.getByTestId('attach-send').click();
    await expect
      .poll(
        () => a.locator(`[data-testid^="message-id:"][data-type="${MessageType.IMAGE}"][data-self="true"]`).count(),
        {
          timeout: WAIT_MS,
        },
      )
      .toBe(2);
    // outside the chat box the app refuses the drop (default prevented), so the tab stays on the app
    await a.getByTestId('nav-back').first().click();
    const url = a.url();
    const prevented = await a.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'x.txt', { type: 'text/plain' }));
      const ev = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      document.body.dispatchEvent(ev);
      return ev.defaultPrevented;
    });
    expect(prevented).toBe(true);
    expect(a.url()).toBe(url);
  });

  it('ar-SA: a mixed nickname keeps its own direction in the list, the chat box and the profile', async () => {
    // Alice (Latin) as Bob sees her in an RTL interface; Bob (Arabic first) as Alice sees him in LTR.
    await b.getByTestId('nav-back').first().click();
    expect(await b.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const aliceName = b.locator(`[data-testid="chat-row-PRIVATE-${alice.id}"] .chat-row__name`);
    expect(await aliceName.evaluate((el) => el.matches(':dir(ltr)'))).toBe(true);
    await a.goto(`${server.url}/#/pages/chat/chat`);
    const bobName = a.locator(`[data-testid="chat-row-PRIVATE-${bob.id}"] .chat-row__name`);
    await bobName.waitFor({ timeout: WAIT_MS });
    expect(await bobName.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    await a.goto(`${server.url}/#/pages/common/user-info?id=${bob.id}`);
    const card = a.getByTestId('user-info-name');
    await card.waitFor();
    expect(await card.evaluate((el) => el.matches(':dir(rtl)'))).toBe(true);
    await screenshot(b, `bidi-ar-SA-list-${size}`);
  });
});
