/** Groups (issue 8): a receipt message's "N read / M unread" updates live, and its read / unread list names who. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Terminal } from '@parley/protocol';
import { en, expectText, launchBrowser, screenshot, startServer, type RunningServer } from '../support/index.js';
import { expectNoReload, markDocument, type Person } from '../support/contacts.js';
import { befriend, createMember, eventually, openTerminal } from '../support/chat.js';
import { leaveChat, waitForText } from '../support/chat-box.js';
import { apiCreateGroup, expectGroupRow, openGroupFromList } from '../support/group.js';

describe('groups: receipt message read by one member, then the other (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;
  let c: Person;
  let groupId = 0;
  let key = '';
  const text = 'Please confirm you got the tickets';

  const receiptLine = (page: Page) => page.getByTestId(`message-receipt-${key}`);
  const lineText = async () => (await receiptLine(a.page).innerText()).trim();
  const readers = async (tab: 'read' | 'unread') => {
    await a.page.getByTestId(`readers-tab-${tab}`).click();
    const list = a.page.getByTestId(`readers-${tab}`);
    // An empty tab shows a sentence instead of the list.
    await list.or(a.page.getByTestId(`readers-${tab}-empty`)).waitFor();
    if (!(await list.count())) return [];
    return list.evaluate((ul) =>
      Array.from(ul.querySelectorAll<HTMLElement>('[data-testid^="reader-"]'))
        .map((li) => li.dataset.testid)
        .sort(),
    );
  };

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Receipt');
    const bob = await createMember(server, 'bob', 'Bob Receipt');
    const carol = await createMember(server, 'carol', 'Carol Receipt');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    groupId = (await apiCreateGroup(server, alice, 'Ticket office', [bob, carol])).id;
    a = await openTerminal(browser, server, alice, Terminal.WEB);
    b = await openTerminal(browser, server, bob, Terminal.WEB);
    c = await openTerminal(browser, server, carol, Terminal.WEB);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets Alice send a receipt message: 0 read / 2 unread under it', async () => {
    await openGroupFromList(a.page, groupId);
    await markDocument(a.page);
    const toggle = a.page.getByTestId('composer-receipt');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await a.page.getByTestId('composer-input').fill(text);
    await a.page.getByTestId('composer-send').click();
    key = await waitForText(a.page, text, true);
    expect(await toggle.getAttribute('aria-pressed'), 'the toggle is for one message').toBe('false');
    await eventually(lineText, en('chatBox.receiptCounts', { read: '0', unread: '2' }));
    // Nobody has read it: the Read tab says so instead of showing nothing (issue 20 point 9).
    await receiptLine(a.page).click();
    await expectText(a.page, 'readers-read-empty', en('chatBox.readersNoneRead'));
    await a.page.keyboard.press('Escape');
    await a.page.getByTestId('readers-sheet').waitFor({ state: 'detached' });
  });

  it('counts Bob as soon as he opens the chat, and lists him as read, Carol as unread', async () => {
    await expectGroupRow(b.page, groupId, { unread: 1, last: `${a.nickName}: ${text}` });
    await openGroupFromList(b.page, groupId);
    await waitForText(b.page, text, false);
    expect(await receiptLine(b.page).count(), 'only the sender sees the counts').toBe(0);
    // Bob sees it marked as a receipt message (issue 22 point 4).
    const mark = b.page.getByTestId(`message-receipt-mark-${key}`);
    expect((await mark.innerText()).trim()).toBe(en('chatBox.receiptRequested'));
    await eventually(lineText, en('chatBox.receiptCounts', { read: '1', unread: '1' }));

    await receiptLine(a.page).click();
    await a.page.getByTestId('readers-sheet').waitFor();
    expect(await readers('read')).toEqual([`reader-${b.id}`]);
    expect(await readers('unread')).toEqual([`reader-${c.id}`]);
    expect((await a.page.getByTestId('readers-tab-read').innerText()).trim()).toBe(
      en('chatBox.readersRead', { count: '1' }),
    );
    expect((await a.page.getByTestId('readers-tab-unread').innerText()).trim()).toBe(
      en('chatBox.readersUnread', { count: '1' }),
    );
    await screenshot(a.page, 'group-receipt-readers');
  });

  it('moves Carol to the read list while it is open, and shows all read once she has read it', async () => {
    await openGroupFromList(c.page, groupId);
    await waitForText(c.page, text, false);
    await eventually(() => readers('unread'), []);
    await expectText(a.page, 'readers-unread-empty', en('chatBox.readersAllRead'));
    expect(await readers('read')).toEqual([`reader-${b.id}`, `reader-${c.id}`].sort());
    await a.page.keyboard.press('Escape');
    await a.page.getByTestId('readers-sheet').waitFor({ state: 'detached' });
    await eventually(lineText, en('chatBox.allRead'));
    await expectNoReload(a.page);
  });

  it('leaves no unread behind for Bob and Carol', async () => {
    for (const p of [b, c]) {
      await leaveChat(p.page);
      await expectGroupRow(p.page, groupId, { unread: 0, last: `${a.nickName}: ${text}` });
    }
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });
});
