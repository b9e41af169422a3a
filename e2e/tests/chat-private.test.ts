/**
 * Private chat (issue 4), two parts on one server: text with emoji, live list, A's second
 * terminal, read ticks, unread badge and order; then quote, forward to another friend,
 * recall (both sides, list preview, re-edit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MessageStatus, Terminal, type OnlineTerminals } from '@parley/protocol';
import {
  Routes,
  apiGetAs,
  en,
  expectToast,
  launchBrowser,
  openRoute,
  openTab,
  screenshot,
  startServer,
  type RunningServer,
  closeContexts,
} from '../support/index.js';
import { friendRow, signIn, type Person } from '../support/contacts.js';
import {
  WAIT_MS,
  apiBlock,
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
import {
  expectChatBox,
  expectTick,
  keyOf,
  leaveChat,
  messageMenu,
  messageRow,
  openChatFromList,
  sendText,
  waitForText,
} from '../support/chat-box.js';

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

describe('private chat: text, live list, second terminal, read ticks (390×844)', () => {
  let carol: Member;
  let a: Person; // Alice on the web
  let a2: Person; // Alice again, on the APP terminal
  let b: Person;
  const tip = en('tips.friendAdded');
  const hello = 'Hello Bob 🙂';
  let helloKey = '';

  beforeAll(async () => {
    const alice = await createMember(server, 'alice', 'Alice Basic');
    const bob = await createMember(server, 'bob', 'Bob Basic');
    carol = await createMember(server, 'carol', 'Carol Basic');
    await befriend(server, alice, bob);
    await befriend(server, carol, bob);
    a = await signIn(browser, server, alice);
    a2 = await openAppTerminal(browser, server, alice);
    b = await signIn(browser, server, bob);
  });
  afterAll(closePeople);

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

describe('private chat: quote, forward, recall (390×844)', () => {
  let a: Person;
  let b: Person;
  let c: Person;
  let bob: Member;
  const question = 'Which train do you take tomorrow?';
  let questionKey = '';

  beforeAll(async () => {
    const alice = await createMember(server, 'alice', 'Alice Actions');
    bob = await createMember(server, 'bob', 'Bob Actions');
    const carol = await createMember(server, 'carol', 'Carol Actions');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    a = await signIn(browser, server, alice);
    b = await signIn(browser, server, bob);
    c = await signIn(browser, server, carol);
    await openChatFromList(b.page, a.id);
    questionKey = await sendText(b.page, question);
    await expectChatRow(a.page, b.id, { unread: 1, last: question });
    await openChatFromList(a.page, b.id);
    expect(await waitForText(a.page, question, false)).toBe(questionKey);
  });
  afterAll(closePeople);

  it('quotes Bob’s message in Alice’s reply, on both sides', async () => {
    await messageMenu(a.page, questionKey, 'quote');
    const bar = a.page.getByTestId('quote-bar');
    await bar.waitFor();
    expect((await bar.innerText()).trim()).toContain(`${en('chatBox.quoting', { name: b.nickName })}: ${question}`);

    const reply = 'The 8:15 from the central station';
    const key = await sendText(a.page, reply);
    await bar.waitFor({ state: 'detached' });
    const quoted = `${b.nickName}: ${question}`;
    expect((await a.page.getByTestId(`message-quote-${key}`).innerText()).trim()).toBe(quoted);

    expect(await waitForText(b.page, reply, false)).toBe(key);
    expect((await b.page.getByTestId(`message-quote-${key}`).innerText()).trim()).toBe(quoted);
    await screenshot(b.page, 'chat-actions-quote');
  });

  it('drops the quote when it is cancelled', async () => {
    await messageMenu(a.page, questionKey, 'quote');
    await a.page.getByTestId('quote-cancel').click();
    await a.page.getByTestId('quote-bar').waitFor({ state: 'detached' });
    const key = await sendText(a.page, 'No quote here');
    expect(await a.page.getByTestId(`message-quote-${key}`).count()).toBe(0);
  });

  it('forwards Bob’s message to Carol, who receives it from Alice', async () => {
    await messageMenu(a.page, questionKey, 'forward');
    const selector = a.page.getByTestId('forward-selector');
    await selector.waitFor();
    expect(await a.page.getByTestId('forward-confirm').isDisabled()).toBe(true);
    await a.page.getByTestId(`forward-target-PRIVATE-${c.id}`).click();
    await a.page.getByTestId('forward-confirm').click();
    await expectToast(a.page, en('chatBox.forwarded'));
    await selector.waitFor({ state: 'detached' });

    await expectChatRow(c.page, a.id, { unread: 1, last: question });
    await openChatFromList(c.page, a.id);
    await waitForText(c.page, question, false);
    // Alice's box still shows the chat with Bob; her chat with Carol has the copy as her own
    expect(await messageRow(a.page, question).count()).toBe(1);
    await leaveChat(a.page);
    await expectChatRow(a.page, c.id, { unread: 0, last: question });
    await openChatFromList(a.page, b.id);
  });

  // A send cut off by the network waits in the queue instead (connection-state.test.ts).
  it('marks a send the server refuses, says why, and delivers it once when Alice retries', async () => {
    await apiBlock(server, bob, a.id, true);
    await a.page.getByTestId('composer-input').fill('Through a tunnel');
    await a.page.getByTestId('composer-send').click();
    const failed = messageRow(a.page, 'Through a tunnel').and(a.page.locator('[data-load-status="fail"]'));
    await failed.waitFor({ timeout: WAIT_MS });
    await expectToast(a.page, en('errors.blockedCannotSend'));
    const tmpKey = await keyOf(failed);
    expect(tmpKey).toMatch(/^tmp:/);

    await apiBlock(server, bob, a.id, false);
    await a.page.getByTestId(`message-retry-${tmpKey}`).click();
    const key = await waitForText(a.page, 'Through a tunnel', true);
    expect(await waitForText(b.page, 'Through a tunnel', false)).toBe(key);
  });

  it('lets Alice recall her message: both sides show the notice, Bob’s list too', async () => {
    await leaveChat(b.page);
    const oops = 'Wrong chat, sorry';
    const key = await sendText(a.page, oops);
    await expectChatRow(b.page, a.id, { unread: 1, last: oops });

    await messageMenu(a.page, key, 'recall');
    await a.page.getByTestId('recall-dialog').waitFor();
    await a.page.getByTestId('recall-dialog-confirm').click();
    const mine = a.page.locator(`[data-testid="message-${key}"][data-status="${MessageStatus.RECALL}"]`);
    await mine.waitFor();
    expect((await mine.innerText()).trim()).toContain(en('chat.recall.self'));

    const peerNotice = en('chat.recall.peer', { name: a.nickName });
    await expectChatRow(b.page, a.id, { unread: 0, last: peerNotice });
    await openChatFromList(b.page, a.id);
    const theirs = b.page.locator(`[data-testid="message-${key}"][data-status="${MessageStatus.RECALL}"]`);
    await theirs.waitFor();
    expect((await theirs.innerText()).trim()).toBe(peerNotice);
    expect(await messageRow(b.page, oops).count()).toBe(0);
    await screenshot(b.page, 'chat-actions-recall');

    // the sender may take the text back into the composer
    await a.page.getByTestId(`reedit-${key}`).click();
    expect(await a.page.getByTestId('composer-input').inputValue()).toBe(oops);
    await a.page.getByTestId('composer-input').fill('');
    await leaveChat(a.page);
    await expectChatRow(a.page, b.id, { unread: 0, last: en('chat.recall.self') });
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });
});
