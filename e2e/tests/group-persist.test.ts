/** Groups (issue 8): a group chat survives a reload (IndexedDB), and what was sent while Bob was away arrives once, in order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { API_BASE, Terminal } from '@parley/protocol';
import { Routes, launchBrowser, openRoute, startServer, type RunningServer } from '../support/index.js';
import type { Person } from '../support/contacts.js';
import {
  befriend,
  createMember,
  eventually,
  expectListReady,
  openTerminal,
  watchPage,
  type Member,
} from '../support/chat.js';
import { leaveChat, sendText, shownTexts, waitForText } from '../support/chat-box.js';
import { apiCreateGroup, apiGroupText, expectGroupRow, openGroupFromList, senderOf } from '../support/group.js';

describe('groups: reload and offline pull (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let carol: Member;
  let a: Person;
  let b: Person;
  let bContext: BrowserContext;
  let groupId = 0;
  const before = ['Morning all', 'Agenda is in the doc', 'Bob here'];
  const missed = ['Missed 1 from Alice', 'Missed 2 from Carol', 'Missed 3 from Alice', 'Missed 4 from Carol'];

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
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
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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
