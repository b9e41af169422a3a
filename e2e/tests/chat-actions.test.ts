/** Private chat (issue 4): quote, forward to another friend, recall (both sides, list preview, re-edit). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MessageStatus } from '@parley/protocol';
import { en, expectToast, launchBrowser, screenshot, startServer, type RunningServer } from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, apiBlock, befriend, createMember, expectChatRow, type Member } from '../support/chat.js';
import {
  keyOf,
  leaveChat,
  messageMenu,
  messageRow,
  openChatFromList,
  sendText,
  waitForText,
} from '../support/chat-box.js';

describe('private chat: quote, forward, recall (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let c: Person;
  let bob: Member;
  const question = 'Which train do you take tomorrow?';
  let questionKey = '';

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
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
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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
