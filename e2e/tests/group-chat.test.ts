/**
 * Groups (issue 8), two parts on one server: created through the UI by three users, chat,
 * @one and @everyone with the chat list flags; a receipt message's "N read / M unread"
 * updating live, and its read / unread list naming who.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Terminal, type Group, type GroupMember } from '@parley/protocol';
import {
  apiGetAs,
  en,
  expectText,
  launchBrowser,
  openTab,
  screenshot,
  startServer,
  type RunningServer,
  closeContexts,
} from '../support/index.js';
import { expectNoReload, markDocument, type Person } from '../support/contacts.js';
import { befriend, createMember, eventually, openTerminal } from '../support/chat.js';
import { leaveChat, messageRow, sendText, shownTexts, waitForText } from '../support/chat-box.js';
import {
  apiCreateGroup,
  atFlag,
  expectGroupRow,
  expectTip,
  groupRow,
  openGroupFromList,
  senderOf,
} from '../support/group.js';

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

describe('groups: create with two friends, chat, @mentions (390×844)', () => {
  let a: Person; // Alice, the owner
  let b: Person;
  let c: Person;
  let groupId = 0;
  const name = 'Weekend hikers';
  let created = '';

  /** Types `@` in the composer, picks one entry of the @ picker, then types the rest. */
  async function mention(page: Page, pick: number | 'all', rest: string): Promise<void> {
    const input = page.getByTestId('composer-input');
    await input.click();
    await input.pressSequentially('@');
    await page.getByTestId('at-picker').waitFor();
    await page.getByTestId(pick === 'all' ? 'at-pick-all' : `at-pick-${pick}`).click();
    await page.getByTestId('at-picker').waitFor({ state: 'detached' });
    await input.pressSequentially(rest);
  }

  beforeAll(async () => {
    const alice = await createMember(server, 'alice', 'Alice Group');
    const bob = await createMember(server, 'bob', 'Bob Group');
    const carol = await createMember(server, 'carol', 'Carol Group');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    a = await openTerminal(browser, server, alice, Terminal.WEB);
    b = await openTerminal(browser, server, bob, Terminal.WEB);
    c = await openTerminal(browser, server, carol, Terminal.WEB);
    created = `${a.nickName} created the group and invited ${b.nickName}, ${c.nickName}`;
  });
  afterAll(closePeople);

  it('lets Alice create a group from Contacts with Bob and Carol picked', async () => {
    await openTab(a.page, 'friend');
    await a.page.getByTestId('contacts-groups').click();
    await a.page.getByTestId('group-empty').waitFor();
    await a.page.getByTestId('group-create').click();
    await a.page.getByTestId('group-edit-name').fill(name);
    // the avatar picker is styled here too, not only after a visit to the Mine pages
    const pickerBorder = a.page.locator('.avatar-picker__button').evaluate((el) => getComputedStyle(el).borderStyle);
    expect(await pickerBorder).toBe('none');
    await a.page.getByTestId(`pick-friend-${b.id}`).locator('input').check();
    await a.page.getByTestId(`pick-friend-${c.id}`).locator('input').check();
    await a.page.getByTestId('friend-picker-search').fill('carol');
    await a.page.getByTestId(`pick-friend-${b.id}`).waitFor({ state: 'detached' });
    await a.page.getByTestId('friend-picker-search').fill('');
    expect(await a.page.getByText(en('group.pickFriends', { count: '2' })).count()).toBe(1);
    await screenshot(a.page, 'group-create-form');
    await a.page.getByTestId('group-edit-save').click();

    const box = a.page.locator('[data-testid="chat-box"][data-chat-type="GROUP"]');
    await box.waitFor();
    groupId = Number(await box.getAttribute('data-target-id'));
    expect(groupId).toBeGreaterThan(0);
    await eventually(async () => (await a.page.getByTestId('chat-box-title').innerText()).trim(), `${name} (3)`);
    await expectTip(a.page, created);
    const members = await apiGetAs<GroupMember[]>(a.page, server, `/group/members/${groupId}`);
    expect(members.map((m) => m.userId).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(members.find((m) => m.userId === a.id)?.isOwner).toBe(true);
  });

  it('lists the group in Alice’s group list, and with its creation tip in all three chat lists', async () => {
    // back from the new chat: the group list it was created from
    await a.page.getByTestId('chat-box').getByTestId('nav-back').click();
    const row = a.page.getByTestId(`group-row-${groupId}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(name);
    expect(await row.innerText()).toContain(en('group.memberCount', { count: '3' }));
    const groups = await apiGetAs<Group[]>(c.page, server, '/group/list');
    expect(groups).toMatchObject([{ id: groupId, name, ownerId: a.id }]);

    await a.page.getByTestId('nav-back').click();
    await a.page.getByTestId('tab-page-friend').waitFor();
    await openTab(a.page, 'chat');
    for (const p of [a, b, c]) await expectGroupRow(p.page, groupId, { unread: 0, last: created });
    expect((await groupRow(b.page, groupId).locator('.chat-row__name').innerText()).trim()).toBe(name);
    await openGroupFromList(a.page, groupId);
  });

  it('delivers a text to both members, named by its sender', async () => {
    await sendText(a.page, 'Hello hikers 🙂');
    await expectGroupRow(b.page, groupId, { unread: 1, last: `${a.nickName}: Hello hikers 🙂` });
    await expectGroupRow(c.page, groupId, { unread: 1, last: `${a.nickName}: Hello hikers 🙂` });
    expect(await atFlag(b.page, groupId)).toBeNull();

    await openGroupFromList(c.page, groupId);
    await waitForText(c.page, 'Hello hikers 🙂', false);
    expect(await senderOf(c.page, 'Hello hikers 🙂')).toBe(a.nickName);
    await expectTip(c.page, created);
  });

  it('lets Carol mention Bob (no "everyone" for a member): Bob sees [@me] until he opens the chat', async () => {
    const input = c.page.getByTestId('composer-input');
    await input.click();
    await input.pressSequentially('@');
    await c.page.getByTestId('at-picker').waitFor();
    await c.page.getByTestId(`at-pick-${a.id}`).waitFor();
    expect(await c.page.getByTestId('at-pick-all').count(), 'a member cannot pick everyone').toBe(0);
    expect(await c.page.getByTestId(`at-pick-${c.id}`).count(), 'no self mention').toBe(0);
    await screenshot(c.page, 'group-at-picker-member');
    await c.page.getByTestId(`at-pick-${b.id}`).click();
    await c.page.getByTestId('at-picker').waitFor({ state: 'detached' });
    await input.pressSequentially('can you bring the map?');
    const text = `@${b.nickName} can you bring the map?`;
    expect(await input.inputValue()).toBe(text);
    await c.page.getByTestId('composer-send').click();
    const key = await waitForText(c.page, text, true);

    await expectGroupRow(b.page, groupId, { unread: 2, last: `${en('chat.atMe')} ${c.nickName}: ${text}` });
    expect(await atFlag(b.page, groupId)).toBe(en('chat.atMe'));
    // Alice is not mentioned: no flag, and the mention is highlighted in her box
    await waitForText(a.page, text, false);
    expect(await a.page.locator(`[data-testid="message-${key}"]`).getAttribute('class')).not.toContain('msg--at-me');
    expect((await a.page.getByTestId(`message-text-${key}`).locator('.bubble__at').innerText()).trim()).toBe(
      `@${b.nickName}`,
    );

    await openGroupFromList(b.page, groupId);
    await waitForText(b.page, text, false);
    expect(await messageRow(b.page, text).getAttribute('class')).toContain('msg--at-me');
    await leaveChat(b.page);
    await expectGroupRow(b.page, groupId, { unread: 0, last: `${c.nickName}: ${text}` });
    expect(await atFlag(b.page, groupId)).toBeNull();
  });

  it('lets Alice, the owner, mention everyone: Carol sees [@all] in her list', async () => {
    await leaveChat(c.page);
    await mention(a.page, 'all', 'we leave at 7');
    const text = `@${en('group.atAll')} we leave at 7`;
    expect(await a.page.getByTestId('composer-input').inputValue()).toBe(text);
    await a.page.getByTestId('composer-send').click();
    await waitForText(a.page, text, true);

    const last = `${en('chat.atAll')} ${a.nickName}: ${text}`;
    await expectGroupRow(c.page, groupId, { unread: 1, last });
    await expectGroupRow(b.page, groupId, { unread: 1, last });
    expect(await atFlag(c.page, groupId)).toBe(en('chat.atAll'));
    await screenshot(c.page, 'group-list-at-all');

    await openGroupFromList(c.page, groupId);
    await waitForText(c.page, text, false);
    await eventually(() => shownTexts(c.page), ['Hello hikers 🙂', `@${b.nickName} can you bring the map?`, text]);
    await leaveChat(c.page);
    await expectGroupRow(c.page, groupId, { unread: 0 });
    expect(await atFlag(c.page, groupId)).toBeNull();
  });

  it('raised no page or CSP errors', () => {
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });
});

describe('groups: receipt message read by one member, then the other (390×844)', () => {
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
  afterAll(closePeople);

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
