/**
 * System notifications (issue 10): an operator's broadcast reaches a signed-in user as the
 * SYSTEM chat (unread count), the chat page lists it, and its content renders the Markdown
 * safely: formatting shows, a `<script>`, an `onerror` and a `javascript:` link do nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_BASE, Terminal } from '@parley/protocol';
import {
  apiGetAs,
  en,
  launchBrowser,
  openRoute,
  screenshot,
  startServer,
  uniqueUserName,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Account, type Person } from '../support/contacts.js';
import { WAIT_MS, apiLogin, createMember, eventually, openAppTerminal } from '../support/chat.js';

const SYSTEM_ROW = 'chat-row-SYSTEM-0';
const TITLE = 'Welcome to Parley';
const MARKDOWN = [
  '# Big news',
  '',
  'This is **bold** and *italic* text.',
  '',
  '- first point',
  '- second point',
  '',
  '> a quoted line',
  '',
  'Read [the docs](https://example.com/docs) or [this](javascript:window.__pwned=2) link.',
  '',
  '<script>window.__pwned=1</script>',
  '',
  '<img src="x" onerror="window.__pwned=3">',
].join('\n');

async function post<T>(server: RunningServer, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}${API_BASE}${path}`, {
    method: 'POST',
    headers: { accessToken: token, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; message: string; data: T };
  expect(reply.code, `POST ${path}: ${reply.message}`).toBe(200);
  return reply.data;
}

describe('system notifications: broadcast, unread, content rendered safely (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let operatorToken = '';
  let bob: Person;
  let bobApp: Person; // Bob's second terminal: learns of the read through a READED frame
  let carol: Account;
  let carolPage: Person | undefined;
  const operator: Account = { userName: uniqueUserName('op'), password: 'op-pass1', nickName: 'Operator' };

  beforeAll(async () => {
    // The operator is named by configuration (never a hard-coded account).
    server = await startServer({ snapshotWeb: true, env: { OPERATOR_USERNAMES: operator.userName } });
    browser = await launchBrowser();
    const res = await fetch(`${server.url}${API_BASE}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(operator),
    });
    expect(await res.json()).toMatchObject({ code: 200 });
    operatorToken = (await apiLogin(server, operator, Terminal.APP)).accessToken;
    const member = await createMember(server, 'bob', 'Bob System');
    carol = await createMember(server, 'carol', 'Carol System'); // signs in only after the broadcast
    bob = await signIn(browser, server, member);
    bobApp = await openAppTerminal(browser, server, member);
    await bob.page.evaluate(() => {
      (window as unknown as { __pwned: number }).__pwned = 0;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a broadcast as the SYSTEM chat with an unread count', async () => {
    const sent = await post<{ id: number; recipients: number }>(server, operatorToken, '/console/system/send', {
      title: TITLE,
      coverUrl: '',
      intro: 'What is new this week',
      content: MARKDOWN,
      all: true,
      userIds: [],
    });
    expect(sent.recipients).toBeGreaterThanOrEqual(3); // operator, Bob, Carol (and any seeded account)
    const row = bob.page.locator(`[data-testid="${SYSTEM_ROW}"][data-unread="1"]`);
    await row.waitFor({ timeout: WAIT_MS });
    expect((await bob.page.getByTestId('chat-last-SYSTEM-0').innerText()).trim()).toBe(TITLE);
    expect((await bob.page.getByTestId('chat-unread-SYSTEM-0').innerText()).trim()).toBe('1');
    expect(await row.innerText()).toContain(en('system.chatName'));
    await bobApp.page.locator(`[data-testid="${SYSTEM_ROW}"][data-unread="1"]`).waitFor({ timeout: WAIT_MS });
    await screenshot(bob.page, 'system-chat-list');
  });

  it('opens the system chat: the card shows and everything is read', async () => {
    await bob.page.getByTestId(SYSTEM_ROW).click();
    const card = bob.page.getByTestId('system-card-1');
    await card.waitFor();
    expect(await card.innerText()).toContain(TITLE);
    expect(await card.innerText()).toContain('What is new this week');
    await eventually(() => apiGetAs<number>(bob.page, server, '/message/system/maxReadedSeqNo'), 1);
    await bobApp.page.locator(`[data-testid="${SYSTEM_ROW}"][data-unread="0"]`).waitFor({ timeout: WAIT_MS });
    await screenshot(bob.page, 'system-chat');
  });

  it('opens the content: formatting renders, scripts and javascript: links do nothing', async () => {
    await bob.page.getByTestId('system-card-1').click();
    const content = bob.page.getByTestId('system-content');
    await content.waitFor();
    expect((await bob.page.getByTestId('system-article-title').innerText()).trim()).toBe(TITLE);
    expect(await content.locator('h1').innerText()).toBe('Big news');
    expect(await content.locator('strong').innerText()).toBe('bold');
    expect(await content.locator('em').innerText()).toBe('italic');
    expect(await content.locator('li').count()).toBe(2);
    expect(await content.locator('blockquote').innerText()).toContain('a quoted line');
    // raw HTML stays text: no script or img element, and nothing ran
    expect(await content.locator('script, img, iframe').count()).toBe(0);
    expect(await content.innerText()).toContain('<script>');
    expect(await content.locator('a').count()).toBe(1);
    const bad = content.getByText('this', { exact: true });
    expect(await bad.evaluate((el) => el.tagName)).toBe('SPAN');
    await bad.click();
    expect(await bob.page.evaluate(() => (window as unknown as { __pwned: number }).__pwned)).toBe(0);
    await screenshot(bob.page, 'system-content');
    // an http link goes through the leave warning
    await content.getByRole('link', { name: 'the docs' }).click();
    await bob.page.getByTestId('external-link-warning').waitFor();
    expect(await bob.page.getByTestId('external-link-url').innerText()).toBe('https://example.com/docs');
    expect(bob.errors).toEqual([]);
  });

  it('brings the broadcast to a user who was offline through the pull after login', async () => {
    const c = (carolPage = await signIn(browser, server, carol));
    await c.page.locator(`[data-testid="${SYSTEM_ROW}"][data-unread="1"]`).waitFor({ timeout: WAIT_MS });
    expect((await c.page.getByTestId('chat-last-SYSTEM-0').innerText()).trim()).toBe(TITLE);
  });

  it('delivers a notification to the chosen user only; nobody else can open its content', async () => {
    const self = await apiGetAs<{ id: number }>(bob.page, server, '/user/self');
    const sent = await post<{ id: number; recipients: number }>(server, operatorToken, '/console/system/send', {
      title: 'Only for Bob',
      coverUrl: '',
      intro: '',
      content: 'Hello *Bob*',
      all: false,
      userIds: [self.id],
    });
    expect(sent.recipients).toBe(1);
    await openRoute(bob.page, server, '/pages/chat/chat');
    await bob.page.locator(`[data-testid="${SYSTEM_ROW}"][data-unread="1"]`).waitFor({ timeout: WAIT_MS });
    expect((await bob.page.getByTestId('chat-last-SYSTEM-0').innerText()).trim()).toBe('Only for Bob');
    const c = carolPage!;
    expect((await c.page.getByTestId('chat-last-SYSTEM-0').innerText()).trim()).toBe(TITLE);
    await openRoute(c.page, server, `/pages/chat/chat-system-content?id=${sent.id}`);
    await c.page.getByTestId('system-content-missing').waitFor();
    await c.page.close();
  });

  it('keeps the notifications and the unread count after a reload', async () => {
    await bob.page.reload();
    await bob.page.locator(`[data-testid="${SYSTEM_ROW}"][data-unread="1"]`).waitFor({ timeout: WAIT_MS });
    await bob.page.getByTestId(SYSTEM_ROW).click();
    const cards = bob.page.locator('[data-testid^="system-card-"]');
    await cards.nth(1).waitFor({ timeout: WAIT_MS });
    expect(await cards.count()).toBe(2);
    await openRoute(bob.page, server, '/pages/chat/chat');
    await bob.page.locator(`[data-testid="${SYSTEM_ROW}"][data-unread="0"]`).waitFor({ timeout: WAIT_MS });
  });
});
