/**
 * Shared steps of the private chat browser tests (issue 4): users and friendships over
 * the API, a second terminal (APP), the chat list. The chat box steps are in chat-box.ts.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  API_BASE,
  ChatType,
  MessageType,
  Terminal,
  type PrivateMessage,
  type TokenPair,
  type User,
} from '@parley/protocol';
import { newUserPage } from './browser.js';
import { registerAccount, type Account, type Person } from './contacts.js';
import { Routes, apiGetAs, openRoute } from './flows.js';
import type { RunningServer } from './server.js';

/** Waits on conditions, never on the clock: the machine may be busy. */
export const WAIT_MS = 20_000;
const PRIVATE = ChatType.PRIVATE;

/** A registered user with an API token for setup calls (stale once the same terminal logs in elsewhere). */
export interface Member extends Account {
  id: number;
  token: string;
}

/** One API call over HTTP as `token` (a device not under test); fails the test unless it answers 200. */
export async function api<T>(
  server: RunningServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}${API_BASE}${path}`, {
    method,
    headers: {
      ...(token ? { accessToken: token } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; message: string; data: T };
  expect(reply.code, `${method} ${path}: ${reply.message}`).toBe(200);
  return reply.data;
}

export function apiLogin(server: RunningServer, account: Account, terminal: Terminal): Promise<TokenPair> {
  const { userName, password } = account;
  return api<TokenPair>(server, null, 'POST', '/login', { terminal, userName, password });
}

/** Registers and logs in over HTTP on the APP terminal (so a later browser login on WEB keeps the token). */
export async function createMember(server: RunningServer, prefix: string, nickName: string): Promise<Member> {
  const account = await registerAccount(server, prefix, nickName);
  const { accessToken } = await apiLogin(server, account, Terminal.APP);
  const self = await api<User>(server, accessToken, 'GET', '/user/self');
  return { ...account, id: self.id, token: accessToken };
}

/** `a` adds `b`: friends both ways at once, with a "you are now friends" tip in their chat. */
export async function befriend(server: RunningServer, a: Member, b: Member): Promise<void> {
  await api(server, a.token, 'POST', `/friend/add?friendId=${b.id}`);
}

/** `who` puts `userId` on their blocklist, or takes them off it. */
export async function apiBlock(server: RunningServer, who: Member, userId: number, on: boolean): Promise<void> {
  if (on) await api(server, who.token, 'POST', `/blacklist/add?userId=${userId}`);
  else await api(server, who.token, 'DELETE', `/blacklist/remove?userId=${userId}`);
}

/** A text sent over HTTP: a third person's device that is not under test. */
export function apiSendText(server: RunningServer, from: Member, toId: number, text: string) {
  const body = { tmpId: randomUUID(), recvId: toId, type: MessageType.TEXT, content: text };
  return api<PrivateMessage>(server, from.token, 'POST', '/message/private/send', body);
}

/**
 * Collects page errors and Content-Security-Policy refusals (the app must work under
 * the server's policy), and logs other console errors (4xx replies are expected in places).
 */
export function watchPage(page: Page, name: string, errors: string[]): void {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(`CSP: ${m.text()}`);
    else if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) console.warn(`[${name}] ${m.text()}`);
  });
}

/**
 * `account` signed in on `terminal` in a fresh context, from a login made over the API and
 * stored where the app keeps it. The app itself picks APP only in standalone display mode (an
 * installed PWA), which a browser test cannot enter, and a second WEB tab would force the first
 * offline (one socket per user and terminal). `prepare` runs before the app loads (routes).
 */
export async function openTerminal(
  browser: Browser,
  server: RunningServer,
  account: Account,
  terminal: Terminal,
  prepare?: (page: Page) => Promise<void>,
): Promise<Person> {
  const { accessToken, refreshToken } = await apiLogin(server, account, terminal);
  const page = await newUserPage(browser);
  const errors: string[] = [];
  watchPage(page, `${account.nickName} ${terminal === Terminal.APP ? 'APP' : 'WEB'}`, errors);
  await prepare?.(page);
  await page.goto(`${server.url}/manifest.webmanifest`); // same origin, not the app
  await page.evaluate((info) => localStorage.setItem('loginInfo', info), JSON.stringify({ accessToken, refreshToken }));
  await openRoute(page, server, Routes.chat);
  await page.getByTestId('tab-page-chat').waitFor();
  const self = await apiGetAs<User>(page, server, '/user/self');
  return { ...account, id: self.id, page, errors };
}

/** The same user again on the APP terminal, both online at once (like a phone next to the laptop). */
export const openAppTerminal = (browser: Browser, server: RunningServer, account: Account) =>
  openTerminal(browser, server, account, Terminal.APP);

/** Polls `read` until it equals `expected` (deeply); also usable in hooks, unlike expect.poll. */
export async function eventually<T>(read: () => Promise<T>, expected: T, message?: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let last = await read();
  while (!isDeepStrictEqual(last, expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  expect(last, message).toEqual(expected);
}

// ---- chat list -----------------------------------------------------------

export const chatRow = (page: Page, peerId: number) => page.getByTestId(`chat-row-${PRIVATE}-${peerId}`);
const trimmed = (l: Locator) => l.innerText().then((s) => s.trim());

/** Waits until the row of `peerId` shows this unread count (badge too) and, if given, this last content. */
export async function expectChatRow(page: Page, peerId: number, want: { unread: number; last?: string }) {
  const id = `${PRIVATE}-${peerId}`;
  await page.locator(`[data-testid="chat-row-${id}"][data-unread="${want.unread}"]`).waitFor({ timeout: WAIT_MS });
  const badge = page.getByTestId(`chat-unread-${id}`);
  if (want.unread > 0) await eventually(() => trimmed(badge), String(want.unread), `unread badge of ${id}`);
  else await badge.waitFor({ state: 'detached' });
  if (want.last !== undefined) {
    await eventually(() => trimmed(page.getByTestId(`chat-last-${id}`)), want.last, `last content of ${id}`);
  }
}

/** The chat rows' peer ids from the top of the screen down (rows are positioned, not in DOM order). */
export function chatOrder(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="chat-row-"]'))
      .map((el) => ({ top: el.getBoundingClientRect().top, id: Number(el.dataset.testid!.split('-').pop()) }))
      .sort((x, y) => x.top - y.top)
      .map((x) => x.id),
  );
}

/** Loaded messages tab with every pending message received. */
export async function expectListReady(page: Page): Promise<void> {
  await page.getByTestId('tab-page-chat').waitFor();
  await page.locator('[data-testid="chat-phase"][data-phase="ready"]').waitFor({ state: 'attached', timeout: WAIT_MS });
}
