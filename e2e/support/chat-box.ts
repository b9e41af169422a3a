/** Shared steps of the private chat browser tests (issue 4) inside the chat box. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ChatType } from '@parley/protocol';
import { openRoute } from './flows.js';
import type { RunningServer } from './server.js';
import { WAIT_MS, chatRow } from './chat.js';

export async function expectChatBox(page: Page, peerId: number): Promise<void> {
  await page.locator(`[data-testid="chat-box"][data-target-id="${peerId}"]`).waitFor({ timeout: WAIT_MS });
}

/** Messages tab → the chat's row → its chat box. */
export async function openChatFromList(page: Page, peerId: number): Promise<void> {
  await chatRow(page, peerId).click();
  await expectChatBox(page, peerId);
}

export async function openChatByRoute(page: Page, server: RunningServer, peerId: number): Promise<void> {
  await openRoute(page, server, `/pages/chat/chat-box?type=${ChatType.PRIVATE}&targetId=${peerId}`);
  await expectChatBox(page, peerId);
}

/** Chat box → back to the messages tab. */
export async function leaveChat(page: Page): Promise<void> {
  await page.getByTestId('chat-box').getByTestId('nav-back').click();
  await page.getByTestId('tab-page-chat').waitFor();
}

/** Message rows (bubbles and notices) of the open chat; `text` picks the text message that reads exactly so. */
export function messageRow(page: Page, text?: string): Locator {
  const rows = page.locator('[data-testid^="message-"][data-type]');
  if (text === undefined) return rows;
  const exact = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return rows.filter({ has: page.locator('[data-testid^="message-text-"]', { hasText: exact }) });
}

/** The message key (`id:<n>` or `tmp:<uuid>`) of a row. */
export async function keyOf(row: Locator): Promise<string> {
  const testId = await row.getAttribute('data-testid');
  return testId!.replace(/^message-/, '');
}

/** Waits until the only row of this text is stored (own: sent; else: received) and returns its key. */
export async function waitForText(page: Page, text: string, self: boolean): Promise<string> {
  const row = messageRow(page, text);
  await row.and(page.locator(`[data-self="${self}"][data-load-status="ok"][data-testid^="message-id:"]`)).waitFor({
    timeout: WAIT_MS,
  });
  expect(await row.count(), `rows reading "${text}"`).toBe(1);
  return keyOf(row);
}

/** Waits until the only message of this type from this side is stored and returns its key. */
export async function waitForType(page: Page, type: number, self: boolean): Promise<string> {
  const row = page.locator(`[data-testid^="message-id:"][data-type="${type}"][data-self="${self}"]`);
  await row.and(page.locator('[data-load-status="ok"]')).waitFor({ timeout: WAIT_MS });
  expect(await row.count(), `messages of type ${type}`).toBe(1);
  return keyOf(row);
}

/** Types and sends a text in the open chat box; returns its key once the server stored it. */
export async function sendText(page: Page, text: string): Promise<string> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-send').click();
  return waitForText(page, text, true);
}

/** The texts of the open chat's text messages, top to bottom. */
export function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="message-text-"]'))
      .sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top)
      .map((el) => el.innerText.trim()),
  );
}

/** Right-click on a message (long press on touch) → one item of its menu. */
export async function messageMenu(page: Page, key: string, action: string): Promise<void> {
  await page.getByTestId(`message-${key}`).locator('.msg__bubble').click({ button: 'right' });
  await page.getByTestId('message-menu').waitFor();
  await page.getByTestId(`message-menu-${action}`).click();
  await page.getByTestId('message-menu').waitFor({ state: 'detached' });
}

/** Waits until the own message's tick shows read (or not). */
export async function expectTick(page: Page, key: string, read: boolean): Promise<void> {
  await page.locator(`[data-testid="message-tick-${key}"][data-read="${read}"]`).waitFor({ timeout: WAIT_MS });
}
