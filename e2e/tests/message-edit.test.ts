/**
 * Message edit (issue 21 point 1) in the browser: Alice on a desktop edits, Bob on a phone
 * sees it live, and after being away (page closed) sees only the last edit, once; quotes and
 * search follow the new text; a group edit with an added mention marks Bob's message @me; a
 * card's title changes through the card form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MessageStatus, MessageType } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  en,
  launchBrowser,
  openRoute,
  screenshot,
  startServer,
  tinyPng,
  type RunningServer,
} from '../support/index.js';
import { expectAccessible } from '../support/axe.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, apiSendText, befriend, createMember, eventually, type Member } from '../support/chat.js';
import {
  messageMenu,
  messageRow,
  openChatByRoute,
  openChatFromList,
  sendText,
  shownTexts,
  waitForText,
  waitForType,
} from '../support/chat-box.js';
import { apiCreateGroup, apiGroupText, openGroupByRoute } from '../support/group.js';

const SCREENSHOTS = !!process.env.E2E_SCREENSHOTS && process.env.E2E_SCREENSHOTS !== '0';
const input = (page: Page) => page.getByTestId('composer-input');
const bar = (page: Page) => page.getByTestId('edit-bar');
const textOf = (page: Page, key: string) =>
  page
    .getByTestId(`message-text-${key}`)
    .innerText()
    .then((s) => s.trim());

/** The message's menu opens and has no Edit in it (it does have Delete, so the menu is the real one). */
async function expectNoEdit(page: Page, key: string): Promise<void> {
  await page.getByTestId(`message-${key}`).locator('.msg__bubble').click({ button: 'right' });
  await page.getByTestId('message-menu-delete').waitFor();
  expect(await page.getByTestId('message-menu-edit').count()).toBe(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('message-menu').waitFor({ state: 'detached' });
}

/** Menu → Edit → new text → Enter; waits until the bar closes and the own bubble reads the new text. */
async function edit(page: Page, key: string, text: string): Promise<void> {
  await messageMenu(page, key, 'edit');
  await bar(page).waitFor();
  await input(page).fill(text);
  await input(page).press('Enter');
  await bar(page).waitFor({ state: 'detached' });
  await eventually(() => textOf(page, key), text, 'own bubble after the edit');
}

describe('message edit (Alice 1280×800, Bob 390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let bob: Member;
  let groupId = 0;
  let key = '';
  const puts: string[] = [];

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Edit');
    bob = await createMember(server, 'bob', 'Bob Edit');
    const carol = await createMember(server, 'carol', 'Carol Edit');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    groupId = (await apiCreateGroup(server, alice, 'Edit team', [bob, carol])).id;
    [a, b] = await Promise.all([
      signIn(browser, server, alice, { viewport: VIEWPORTS.desktop }),
      signIn(browser, server, bob),
    ]);
    a.page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/edit/')) puts.push(r.url());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edits live: Escape restores the draft, unchanged sends nothing, quotes follow, no Edit for others or recalled', async () => {
    const bobs = await apiSendText(server, bob, a.id, 'Are we still on for tomorrow?');
    await openChatFromList(a.page, b.id);
    const bobsKey = await waitForText(a.page, 'Are we still on for tomorrow?', false);
    expect(bobsKey).toBe(`id:${bobs.id}`);
    key = await sendText(a.page, 'Meet by the fountain at 9');
    await openChatFromList(b.page, a.id);
    await waitForText(b.page, 'Meet by the fountain at 9', false);
    // Bob quotes it before it changes
    await messageMenu(b.page, key, 'quote');
    const reply = await sendText(b.page, 'Great');
    await waitForText(a.page, 'Great', false);

    await expectNoEdit(a.page, bobsKey); // not mine
    await expectNoEdit(b.page, key); // Bob's view of Alice's message

    // A draft waits aside while editing; Escape brings it back.
    await input(a.page).fill('half a thought');
    await messageMenu(a.page, key, 'edit');
    expect((await bar(a.page).innerText()).trim()).toContain(`${en('chatBox.editing')} Meet by the fountain at 9`);
    expect(await input(a.page).inputValue()).toBe('Meet by the fountain at 9');
    expect(await a.page.getByTestId('composer-send').innerText()).toBe(en('common.save'));
    await input(a.page).press('Escape');
    await bar(a.page).waitFor({ state: 'detached' });
    expect(await input(a.page).inputValue()).toBe('half a thought');

    await messageMenu(a.page, key, 'edit');
    await input(a.page).fill('Meet by the lighthouse at 10');
    await screenshot(a.page, 'message-edit-bar-en-US-desktop');
    await expectAccessible(a.page, 'edit bar');
    await input(a.page).press('Enter');
    await bar(a.page).waitFor({ state: 'detached' });
    expect(await input(a.page).inputValue()).toBe('half a thought');
    expect(puts).toHaveLength(1);

    // Bob: the new text with the mark, live; his quote shows the new text on both sides.
    const mark = b.page.getByTestId(`message-edited-${key}`);
    await mark.waitFor({ timeout: WAIT_MS });
    expect(await textOf(b.page, key)).toBe('Meet by the lighthouse at 10');
    expect((await mark.locator('[aria-hidden="true"]').innerText()).trim()).toBe(en('chatBox.edited'));
    const title = (await mark.getAttribute('title')) ?? '';
    expect(title.startsWith(en('chatBox.editedAt', { time: '' }))).toBe(true);
    expect(title.length).toBeGreaterThan(en('chatBox.editedAt', { time: '' }).length);
    expect((await mark.locator('.sr-only').innerText()).trim()).toBe(title);
    for (const p of [a.page, b.page]) {
      await eventually(
        () =>
          p
            .getByTestId(`message-quote-${reply}`)
            .innerText()
            .then((s) => s.trim()),
        `${a.nickName}: Meet by the lighthouse at 10`,
        'quote after the edit',
      );
    }
    await a.page.getByTestId(`message-edited-${key}`).waitFor();
    await screenshot(b.page, 'message-edit-bubble-en-US-phone');
    await expectAccessible(b.page, 'edited bubble');

    // Unchanged: the bar closes without a request.
    await messageMenu(a.page, key, 'edit');
    await input(a.page).press('Enter');
    await bar(a.page).waitFor({ state: 'detached' });
    expect(puts).toHaveLength(1);

    // A recalled message is a notice: no bubble, no menu to edit from.
    const oops = await sendText(a.page, 'Wrong window');
    await messageMenu(a.page, oops, 'recall');
    await a.page.getByTestId('recall-dialog-confirm').click();
    const recalled = a.page.locator(`[data-testid="message-${oops}"][data-status="${MessageStatus.RECALL}"]`);
    await recalled.waitFor();
    expect(await recalled.locator('.msg__bubble, .msg__more').count()).toBe(0);
    await input(a.page).fill('');
  });

  it('Bob away while Alice edits twice: he reopens to the last edit, once; search finds only the new text', async () => {
    const context = b.page.context();
    await b.page.close();
    await edit(a.page, key, 'Meet by the harbour at 10:30');
    await edit(a.page, key, 'Meet by the harbour at 11');
    expect(puts).toHaveLength(3);

    b.page = await context.newPage();
    await openChatByRoute(b.page, server, a.id);
    await eventually(() => textOf(b.page, key), 'Meet by the harbour at 11', 'Bob after the pull');
    await b.page.getByTestId(`message-edited-${key}`).waitFor();
    expect(await messageRow(b.page, 'Meet by the harbour at 11').count()).toBe(1);
    const texts = await shownTexts(b.page);
    expect(texts.filter((t) => t.startsWith('Meet by'))).toEqual(['Meet by the harbour at 11']);

    await b.page.getByTestId('chat-box-search').click();
    const search = b.page.getByTestId('chat-search-input');
    await search.fill('harbour');
    await b.page.locator(`[data-testid="search-hit"][data-message-id="${key.slice(3)}"]`).waitFor();
    await search.fill('fountain');
    const status = b.page.getByTestId('chat-search-hits').getByRole('status');
    await eventually(() => status.innerText().then((s) => s.trim()), en('search.none'), 'old text not found');
    expect(await b.page.getByTestId('search-hit').count()).toBe(0);
  });

  it('a group edit that adds a mention reaches Bob with the mark and @me; a card edits in its prefilled form', async () => {
    await apiGroupText(server, bob, groupId, 'Count me in');
    await Promise.all([openGroupByRoute(a.page, server, groupId), openGroupByRoute(b.page, server, groupId)]);
    const lunch = await sendText(a.page, 'Lunch on Friday?');
    await waitForText(b.page, 'Lunch on Friday?', false);
    expect(await b.page.getByTestId(`message-${lunch}`).getAttribute('class')).not.toContain('msg--at-me');

    await messageMenu(a.page, lunch, 'edit');
    await input(a.page).press('End');
    await input(a.page).pressSequentially(' @Bob');
    await a.page.getByTestId(`at-pick-${b.id}`).click();
    await input(a.page).press('Enter');
    await bar(a.page).waitFor({ state: 'detached' });
    const edited = `Lunch on Friday? @${b.nickName}`;
    await eventually(() => textOf(b.page, lunch), edited, 'Bob sees the group edit');
    await b.page.getByTestId(`message-edited-${lunch}`).waitFor();
    expect(await b.page.getByTestId(`message-${lunch}`).getAttribute('class')).toContain('msg--at-me');

    // A card: the card form opens prefilled, cover and link fixed; the new title reaches Bob.
    await a.page.getByTestId('composer-plus').click();
    await a.page.getByTestId('composer-card').click();
    const form = a.page.getByTestId('card-form');
    await a.page.getByTestId('card-cover-input').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: tinyPng(320, 180, [40, 120, 250]),
    });
    await form.locator('.card-form__busy').waitFor({ state: 'detached', timeout: WAIT_MS });
    await a.page.getByTestId('card-title').fill('Menu for Friday');
    await a.page.getByTestId('card-link').fill('https://example.com/menu');
    await a.page.getByTestId('card-send').click();
    await form.waitFor({ state: 'detached' });
    const card = await waitForType(b.page, MessageType.CARD, false);
    await messageMenu(a.page, card, 'edit');
    await form.waitFor();
    expect(await a.page.getByTestId('card-title').inputValue()).toBe('Menu for Friday');
    expect(await a.page.getByTestId('card-link').getAttribute('readonly')).not.toBeNull();
    expect(await a.page.getByTestId('card-cover-input').isDisabled()).toBe(true);
    await a.page.getByTestId('card-title').fill('Menu for Saturday');
    await screenshot(a.page, 'message-edit-card-en-US-desktop');
    await a.page.getByTestId('card-send').click();
    await form.waitFor({ state: 'detached' });
    await b.page.getByTestId(`message-edited-${card}`).waitFor({ timeout: WAIT_MS });
    const shown = await b.page.getByTestId(`message-card-${card}`).innerText();
    expect(shown).toContain('Menu for Saturday');
    expect(shown).toContain('example.com');
    expect([...a.errors, ...b.errors]).toEqual([]);

    if (!SCREENSHOTS) return;
    const bobsKey = await waitForText(b.page, 'Count me in', true);
    for (const locale of ['en-US', 'zh-CN', 'ar-SA']) {
      for (const p of [a.page, b.page]) {
        await p.evaluate((l) => localStorage.setItem('locale', l), locale);
        await p.reload();
      }
      await messageMenu(a.page, lunch, 'edit');
      await screenshot(a.page, `message-edit-group-${locale}-desktop`);
      await input(a.page).press('Escape');
      await messageMenu(b.page, bobsKey, 'edit');
      await screenshot(b.page, `message-edit-group-${locale}-phone`);
      await input(b.page).press('Escape');
      await openRoute(b.page, server, Routes.chat);
      await openChatByRoute(b.page, server, a.id);
      await b.page.getByTestId(`message-edited-${key}`).waitFor();
      await screenshot(b.page, `message-edit-bubble-${locale}-phone`);
      await openGroupByRoute(b.page, server, groupId);
    }
  });
});
