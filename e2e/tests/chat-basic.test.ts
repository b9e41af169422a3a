/** Private chat (issue 4): text with emoji, live list, A's second terminal, read ticks, unread badge and order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Terminal, type OnlineTerminals } from '@parley/protocol';
import {
  Routes,
  apiGetAs,
  en,
  launchBrowser,
  openRoute,
  openTab,
  screenshot,
  startServer,
  type RunningServer,
} from '../support/index.js';
import { friendRow, signIn, type Person } from '../support/contacts.js';
import {
  apiSendText,
  befriend,
  chatOrder,
  chatRow,
  createMember,
  eventually,
  expectChatRow,
  openAppTerminal,
  type Member,
} from '../support/chat.js';
import { expectChatBox, expectTick, leaveChat, openChatFromList, sendText, waitForText } from '../support/chat-box.js';

describe('private chat: text, live list, second terminal, read ticks (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let carol: Member;
  let a: Person; // Alice on the web
  let a2: Person; // Alice again, on the APP terminal
  let b: Person;
  const tip = en('tips.friendAdded');
  const hello = 'Hello Bob 🙂';
  let helloKey = '';

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Basic');
    const bob = await createMember(server, 'bob', 'Bob Basic');
    carol = await createMember(server, 'carol', 'Carol Basic');
    await befriend(server, alice, bob);
    await befriend(server, carol, bob);
    a = await signIn(browser, server, alice);
    a2 = await openAppTerminal(browser, server, alice);
    b = await signIn(browser, server, bob);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps Alice online on both terminals', async () => {
    const read = () => apiGetAs<OnlineTerminals[]>(b.page, server, `/user/terminal/online?userIds=${a.id}`);
    await eventually(read, [{ userId: a.id, terminals: [Terminal.WEB, Terminal.APP] }]);
  });

  it('lists each new friendship as a chat with the tip and no unread badge', async () => {
    await expectChatRow(b.page, a.id, { unread: 0, last: tip });
    await expectChatRow(b.page, carol.id, { unread: 0, last: tip });
    await expectChatRow(a.page, b.id, { unread: 0, last: tip });
    await expectChatRow(a2.page, b.id, { unread: 0, last: tip });
  });

  it('lets Alice open the chat from Bob’s profile and send a text with an emoji', async () => {
    await openTab(a.page, 'friend');
    await friendRow(a.page, b.id).click();
    await a.page.getByTestId('user-info-send').click();
    await expectChatBox(a.page, b.id);
    expect((await a.page.getByTestId('chat-box-title').innerText()).trim()).toBe(b.nickName);

    await a.page.getByTestId('composer-input').fill('Hello Bob ');
    await a.page.getByTestId('composer-emoji').click();
    await a.page.getByTestId('emoji-smile').click();
    expect(await a.page.getByTestId('composer-input').inputValue()).toBe(hello);
    await a.page.getByTestId('composer-send').click();
    helloKey = await waitForText(a.page, hello, true);
    expect(await a.page.getByTestId('composer-input').inputValue()).toBe('');
    await expectTick(a.page, helloKey, false);
  });

  it('shows it to Bob at once in his list: unread 1, last content, on top', async () => {
    await expectChatRow(b.page, a.id, { unread: 1, last: hello });
    expect(await chatOrder(b.page)).toEqual([a.id, carol.id]);
    await screenshot(b.page, 'chat-basic-list');
  });

  it('shows it on Alice’s APP terminal as her own message', async () => {
    await expectChatRow(a2.page, b.id, { unread: 0, last: hello });
    await openChatFromList(a2.page, b.id);
    expect(await waitForText(a2.page, hello, true)).toBe(helloKey);
    await expectTick(a2.page, helloKey, false);
  });

  it('renders the emoji in Bob’s chat box, and Alice’s ticks turn read when he opens it', async () => {
    await openChatFromList(b.page, a.id);
    expect(await waitForText(b.page, hello, false)).toBe(helloKey);
    const bubble = b.page.getByTestId(`message-text-${helloKey}`);
    expect((await bubble.locator('[data-emoji="smile"]').innerText()).trim()).toBe('🙂');
    await expectTick(a.page, helloKey, true);
    await expectTick(a2.page, helloKey, true);
    await screenshot(b.page, 'chat-basic-box');
    await leaveChat(b.page);
    await expectChatRow(b.page, a.id, { unread: 0, last: hello });
  });

  it('shows Bob’s reply to Alice read at once while her chat box is open', async () => {
    await openChatFromList(b.page, a.id);
    const key = await sendText(b.page, 'Hi Alice!');
    expect(await waitForText(a.page, 'Hi Alice!', false)).toBe(key);
    expect(await waitForText(a2.page, 'Hi Alice!', false)).toBe(key);
    await expectTick(b.page, key, true);
    await leaveChat(b.page);
    await openRoute(a.page, server, Routes.chat); // Alice came through the contacts tab
    await expectChatRow(a.page, b.id, { unread: 0, last: 'Hi Alice!' });
  });

  it('moves the chat with the newest message to the top, with its unread badge', async () => {
    await apiSendText(server, carol, b.id, 'Lunch today?');
    await expectChatRow(b.page, carol.id, { unread: 1, last: 'Lunch today?' });
    await eventually(() => chatOrder(b.page), [carol.id, a.id]);

    await sendText(a2.page, 'Sure, see you at noon');
    await expectChatRow(b.page, a.id, { unread: 1, last: 'Sure, see you at noon' });
    await eventually(() => chatOrder(b.page), [a.id, carol.id]);
    await expectChatRow(b.page, carol.id, { unread: 1, last: 'Lunch today?' });
    // the web terminal heard its own APP send: listed as read, newest
    await expectChatRow(a.page, b.id, { unread: 0, last: 'Sure, see you at noon' });
    // The row is named by its visible text; the count is spelled out for screen readers.
    expect(await chatRow(b.page, a.id).locator('.sr-only').innerText()).toBe(
      en('chat.unreadCount_one', { count: '1' }),
    );
    expect(await chatRow(b.page, a.id).innerText()).toContain(a.nickName);
  });

  it('clears Alice’s web badge as soon as she reads on her APP terminal', async () => {
    await leaveChat(a2.page);
    await openChatFromList(b.page, a.id);
    const key = await sendText(b.page, 'Are you there?');
    await expectChatRow(a.page, b.id, { unread: 1, last: 'Are you there?' });
    await expectChatRow(a2.page, b.id, { unread: 1, last: 'Are you there?' });
    await openChatFromList(a2.page, b.id);
    await expectChatRow(a.page, b.id, { unread: 0, last: 'Are you there?' });
    await expectTick(b.page, key, true);
    expect([...a.errors, ...a2.errors, ...b.errors]).toEqual([]);
  });
});
