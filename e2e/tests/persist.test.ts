/**
 * What a phone (390×844) keeps across reloads, two parts on one server.
 *
 * Private chat (issue 4): pinned and deleted chats survive a reload; a new message brings
 * a deleted chat back.
 *
 * Groups (issue 8): a group chat survives a reload (IndexedDB), and what was sent while Bob
 * was away arrives once, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_BASE, Terminal } from '@parley/protocol';
import {
  Routes,
  en,
  launchBrowser,
  openRoute,
  screenshot,
  startServer,
  type RunningServer,
  closeContexts,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import {
  apiSendText,
  befriend,
  chatOrder,
  chatRow,
  createMember,
  eventually,
  expectChatRow,
  expectListReady,
  openTerminal,
  watchPage,
  type Member,
} from '../support/chat.js';
import { leaveChat, sendText, shownTexts, waitForText } from '../support/chat-box.js';
import { apiCreateGroup, apiGroupText, expectGroupRow, openGroupFromList, senderOf } from '../support/group.js';

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

/** Right-click on a chat row, or a finger held on it, → one item of its menu. */
async function chatMenu(page: Page, peerId: number, item: 'pin' | 'delete', how: 'mouse' | 'touch' = 'mouse') {
  const row = chatRow(page, peerId);
  if (how === 'mouse') await row.click({ button: 'right' });
  else {
    const box = (await row.boundingBox())!;
    const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + 40, clientY: box.y + 20 };
    await row.dispatchEvent('pointerdown', at);
    await page.getByTestId('chat-menu').waitFor(); // opens after 500 ms held
    await row.dispatchEvent('pointerup', at);
  }
  await page.getByTestId('chat-menu').waitFor();
  await page.getByTestId(`chat-menu-${item}`).click();
}

const pinned = (page: Page, peerId: number) => chatRow(page, peerId).getAttribute('data-pinned');

describe('private chat: pinned and deleted chats across reloads (390×844)', () => {
  let alice: Member;
  let carol: Member;
  let dave: Member;
  let b: Person;

  async function reload(): Promise<void> {
    await b.page.reload();
    await expectListReady(b.page);
  }

  beforeAll(async () => {
    const bob = await createMember(server, 'bob', 'Bob Persist');
    alice = await createMember(server, 'alice', 'Alice Persist');
    carol = await createMember(server, 'carol', 'Carol Persist');
    dave = await createMember(server, 'dave', 'Dave Persist');
    for (const friend of [alice, carol, dave]) await befriend(server, friend, bob);
    // Oldest first: Alice, Carol, Dave; Bob was offline for all of it.
    for (const [from, text] of [
      [alice, 'From Alice'],
      [carol, 'From Carol'],
      [dave, 'From Dave'],
    ] as const) {
      await apiSendText(server, from, bob.id, text);
    }
    b = await signIn(browser, server, bob);
    await expectListReady(b.page);
  });
  afterAll(closePeople);

  it('lists what arrived while Bob was away, newest first, one unread each', async () => {
    await expectChatRow(b.page, alice.id, { unread: 1, last: 'From Alice' });
    await expectChatRow(b.page, carol.id, { unread: 1, last: 'From Carol' });
    await expectChatRow(b.page, dave.id, { unread: 1, last: 'From Dave' });
    expect(await chatOrder(b.page)).toEqual([dave.id, carol.id, alice.id]);
  });

  it('pins the chat with Alice to the top', async () => {
    await chatMenu(b.page, alice.id, 'pin');
    await b.page.getByTestId('chat-menu').waitFor({ state: 'detached' });
    await eventually(() => pinned(b.page, alice.id), 'true');
    await eventually(() => chatOrder(b.page), [alice.id, dave.id, carol.id]);
    expect(await pinned(b.page, dave.id)).toBe('false');
  });

  it('deletes the chat with Carol after a long press and confirming', async () => {
    await chatMenu(b.page, carol.id, 'delete', 'touch');
    const dialog = b.page.getByTestId('chat-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(en('chat.deleteConfirm', { name: carol.nickName }));
    await b.page.getByTestId('chat-delete-dialog-confirm').click();
    await chatRow(b.page, carol.id).waitFor({ state: 'detached' });
    expect(await chatOrder(b.page)).toEqual([alice.id, dave.id]);
    await screenshot(b.page, 'chat-persist-pinned');
  });

  it('keeps the pin, the deletion and the unread counts after a reload', async () => {
    await reload();
    await eventually(() => chatOrder(b.page), [alice.id, dave.id]);
    expect(await pinned(b.page, alice.id)).toBe('true');
    await expectChatRow(b.page, alice.id, { unread: 1, last: 'From Alice' });
    await expectChatRow(b.page, dave.id, { unread: 1, last: 'From Dave' });
    expect(await chatRow(b.page, carol.id).count()).toBe(0);
  });

  it('keeps the pinned chat first when another chat gets a newer message', async () => {
    await apiSendText(server, dave, b.id, 'Still there?');
    await expectChatRow(b.page, dave.id, { unread: 2, last: 'Still there?' });
    expect(await chatOrder(b.page)).toEqual([alice.id, dave.id]);
  });

  it('brings the deleted chat back, counting only the new message, when Carol writes again', async () => {
    await apiSendText(server, carol, b.id, 'Hello again');
    await expectChatRow(b.page, carol.id, { unread: 1, last: 'Hello again' });
    await eventually(() => chatOrder(b.page), [alice.id, carol.id, dave.id]);
    await reload();
    await eventually(() => chatOrder(b.page), [alice.id, carol.id, dave.id]);
    await expectChatRow(b.page, carol.id, { unread: 1, last: 'Hello again' });
    expect(b.errors).toEqual([]);
  });

  it('unpins Alice: her chat falls back to its place by time', async () => {
    await chatMenu(b.page, alice.id, 'pin'); // the same item now reads "unpin"
    await eventually(() => pinned(b.page, alice.id), 'false');
    await eventually(() => chatOrder(b.page), [carol.id, dave.id, alice.id]);
    await reload();
    await eventually(() => chatOrder(b.page), [carol.id, dave.id, alice.id]);
    expect(await pinned(b.page, alice.id)).toBe('false');
  });
});

describe('groups: reload and offline pull (390×844)', () => {
  let carol: Member;
  let a: Person;
  let b: Person;
  let bContext: BrowserContext;
  let groupId = 0;
  const before = ['Morning all', 'Agenda is in the doc', 'Bob here'];
  const missed = ['Missed 1 from Alice', 'Missed 2 from Carol', 'Missed 3 from Alice', 'Missed 4 from Carol'];

  beforeAll(async () => {
    const alice = await createMember(server, 'alice', 'Alice Persist');
    const bob = await createMember(server, 'bob', 'Bob Persist');
    carol = await createMember(server, 'carol', 'Carol Persist');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    groupId = (await apiCreateGroup(server, alice, 'Standup', [bob, carol])).id;
    a = await openTerminal(browser, server, alice, Terminal.WEB);
    b = await openTerminal(browser, server, bob, Terminal.WEB);
    bContext = b.page.context();
  });
  afterAll(closePeople);

  it('chats live in the group', async () => {
    await openGroupFromList(a.page, groupId);
    await sendText(a.page, before[0]!);
    await apiGroupText(server, carol, groupId, before[1]!);
    await expectGroupRow(b.page, groupId, { unread: 2, last: `${carol.nickName}: ${before[1]}` });
    await openGroupFromList(b.page, groupId);
    await sendText(b.page, before[2]!);
    await waitForText(a.page, before[2]!, false);
    await eventually(() => shownTexts(b.page), before);
  });

  it('keeps the chat, its senders and the read state across a reload (from the device, not the server)', async () => {
    const history = `**${API_BASE}/message/group/history**`;
    await b.page.route(history, (route) => route.abort()); // the server's history is out of reach
    await b.page.reload();
    await b.page.locator(`[data-testid="chat-box"][data-target-id="${groupId}"]`).waitFor();
    await eventually(() => shownTexts(b.page), before);
    expect(await senderOf(b.page, before[0]!)).toBe(a.nickName);
    expect(await senderOf(b.page, before[1]!)).toBe(carol.nickName);
    await b.page.unroute(history);
    await leaveChat(b.page);
    await expectGroupRow(b.page, groupId, { unread: 0, last: before[2] });
  });

  it('keeps four messages for Bob while his app is closed', async () => {
    // Closed at once: the device may not have saved the read of the previous step (it
    // saves 500 ms after a change); the group list's read position makes up for it.
    await b.page.close();
    for (const [i, text] of missed.entries()) {
      if (i % 2 === 0) await sendText(a.page, text);
      else await apiGroupText(server, carol, groupId, text);
    }
    await eventually(() => shownTexts(a.page), [...before, ...missed]);
  });

  it('gives them to Bob once each and in order when he opens the app again', async () => {
    b.page = await bContext.newPage();
    watchPage(b.page, 'Bob again', b.errors);
    await openRoute(b.page, server, Routes.chat);
    await expectListReady(b.page);
    await expectGroupRow(b.page, groupId, { unread: 4, last: `${carol.nickName}: ${missed[3]}` });
    await openGroupFromList(b.page, groupId);
    await eventually(() => shownTexts(b.page), [...before, ...missed]);
    for (const text of missed) await waitForText(b.page, text, false); // one row each
    expect(await senderOf(b.page, missed[1]!)).toBe(carol.nickName);

    // and once more after a reload: nothing doubled from the device store
    await b.page.reload();
    await b.page.locator(`[data-testid="chat-box"][data-target-id="${groupId}"]`).waitFor();
    await eventually(() => shownTexts(b.page), [...before, ...missed]);
    await leaveChat(b.page);
    await expectGroupRow(b.page, groupId, { unread: 0, last: `${carol.nickName}: ${missed[3]}` });
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
