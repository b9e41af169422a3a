/**
 * Shared steps of the group browser tests (issue 8): groups and group messages over the
 * API (setup, or a third person not under test), the group's chat row and chat box.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { API_BASE, ChatType, MessageType, type Group, type GroupMessage } from '@parley/protocol';
import { openRoute } from './flows.js';
import type { RunningServer } from './server.js';
import { WAIT_MS, eventually, type Member } from './chat.js';
import { messageRow } from './chat-box.js';

const GROUP = ChatType.GROUP;

async function groupApi<T>(server: RunningServer, who: Member, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${API_BASE}${path}`, {
    method,
    headers: { accessToken: who.token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; message: string; data: T };
  expect(reply.code, `${method} ${path}: ${reply.message}`).toBe(200);
  return reply.data;
}

/** `owner` creates a group with these friends in it at once. */
export function apiCreateGroup(server: RunningServer, owner: Member, name: string, friends: Member[]) {
  return groupApi<Group>(server, owner, 'POST', '/group/create', { name, friendIds: friends.map((f) => f.id) });
}

export function apiGroupText(
  server: RunningServer,
  from: Member,
  groupId: number,
  text: string,
  extra: { atUserIds?: number[]; receipt?: boolean } = {},
) {
  const body = { tmpId: randomUUID(), groupId, type: MessageType.TEXT, content: text, ...extra };
  return groupApi<GroupMessage>(server, from, 'POST', '/message/group/send', body);
}

/** The owner changes the group's name, announcement or the like (PUT /group/modify). */
export function apiModifyGroup(
  server: RunningServer,
  owner: Member,
  change: { id: number; name?: string; notice?: string },
) {
  return groupApi<Group>(server, owner, 'PUT', '/group/modify', change);
}

/** `who` invites these friends into the group (again, after they left). */
export function apiInvite(server: RunningServer, who: Member, groupId: number, friends: Member[]) {
  return groupApi<null>(server, who, 'POST', '/group/invite', { groupId, friendIds: friends.map((f) => f.id) });
}

// ---- chat list -----------------------------------------------------------

export const groupRow = (page: Page, groupId: number) => page.getByTestId(`chat-row-${GROUP}-${groupId}`);
const trimmed = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .innerText()
    .then((s) => s.trim());

/** Waits until the group's chat row shows this unread count and, if given, this last content (flag included). */
export async function expectGroupRow(page: Page, groupId: number, want: { unread: number; last?: string }) {
  const id = `${GROUP}-${groupId}`;
  const row = page.locator(`[data-testid="chat-row-${id}"]`);
  await eventually(() => row.getAttribute('data-unread'), String(want.unread), `unread of ${id}`);
  if (want.last !== undefined) await eventually(() => trimmed(page, `chat-last-${id}`), want.last, `last of ${id}`);
}

/** The @me / @all flag of the group's chat row, or null when there is none. */
export async function atFlag(page: Page, groupId: number): Promise<string | null> {
  const flag = page.getByTestId(`chat-at-${GROUP}-${groupId}`);
  return (await flag.count()) ? (await flag.innerText()).trim() : null;
}

// ---- chat box ------------------------------------------------------------

export async function expectGroupBox(page: Page, groupId: number): Promise<void> {
  await page
    .locator(`[data-testid="chat-box"][data-chat-type="${GROUP}"][data-target-id="${groupId}"]`)
    .waitFor({ timeout: WAIT_MS });
}

export async function openGroupFromList(page: Page, groupId: number): Promise<void> {
  await groupRow(page, groupId).click();
  await expectGroupBox(page, groupId);
}

export async function openGroupByRoute(page: Page, server: RunningServer, groupId: number): Promise<void> {
  await openRoute(page, server, `/pages/chat/chat-box?type=${GROUP}&targetId=${groupId}`);
  await expectGroupBox(page, groupId);
}

/** The tip rows' texts of the open chat (top to bottom). */
export function shownTips(page: Page): Promise<string[]> {
  return page.evaluate((tip) => {
    const rows = document.querySelectorAll<HTMLElement>(`[data-testid^="message-"][data-type="${tip}"]`);
    return Array.from(rows)
      .sort((x, y) => x.getBoundingClientRect().top - y.getBoundingClientRect().top)
      .map((el) => el.innerText.trim());
  }, MessageType.TIP_TEXT);
}

/** Waits until a tip reading exactly `text` is shown in the open chat (the last, when it repeats). */
export async function expectTip(page: Page, text: string): Promise<void> {
  await page
    .locator(`[data-testid^="message-"][data-type="${MessageType.TIP_TEXT}"]`)
    .filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
    .last()
    .waitFor({ timeout: WAIT_MS });
}

/** The sender name shown above a received group message. */
export async function senderOf(page: Page, text: string): Promise<string> {
  const key = (await messageRow(page, text).getAttribute('data-testid'))!.replace(/^message-/, '');
  return (await page.getByTestId(`message-sender-${key}`).innerText()).trim();
}

/** Waits until the composer is replaced by a note for this reason (or is back, for null). */
export async function expectComposerBlocked(page: Page, reason: string | null, note?: string): Promise<void> {
  if (reason === null) {
    await page.getByTestId('composer-input').waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId('composer-blocked').count()).toBe(0);
    return;
  }
  await page.locator(`[data-testid="composer-blocked"][data-reason="${reason}"]`).waitFor({ timeout: WAIT_MS });
  expect(await page.getByTestId('composer-input').count(), 'composer input while blocked').toBe(0);
  if (note !== undefined) expect((await page.getByTestId('composer-blocked').innerText()).trim()).toBe(note);
}

/** Chat box → ⋯ → group info (shown for this role). */
export async function openGroupInfo(page: Page, role?: 'owner' | 'admin' | 'member' | 'none'): Promise<void> {
  await page.getByTestId('chat-box-menu').click();
  await page.locator(role ? `[data-testid="group-info"][data-role="${role}"]` : '[data-testid="group-info"]').waitFor();
}

/** Group info → all members → a member → one of the actions their role allows; back on group info. */
export async function memberAction(page: Page, userId: number, action: 'admin' | 'mute' | 'remove'): Promise<void> {
  await page.getByTestId('group-all-members').click();
  await page.getByTestId(`group-member-${userId}`).click();
  await page.getByTestId('group-member-actions').waitFor();
  await page.getByTestId(`member-action-${action}`).click();
  if (action === 'remove') {
    await page.getByTestId('group-remove-dialog').waitFor();
    await page.getByTestId('group-remove-dialog-confirm').click();
  }
  await page.getByTestId('group-member-actions').waitFor({ state: 'detached' });
  await page.getByTestId('nav-back').click();
  await page.getByTestId('group-info').waitFor();
}
