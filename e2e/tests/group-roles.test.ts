/**
 * Groups (issue 8): mute all, mute one, admin promotion, remove, leave and dissolve,
 * done through group info and the member list, seen live in the members' chat boxes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Terminal } from '@parley/protocol';
import { en, expectToast, launchBrowser, screenshot, startServer, type RunningServer } from '../support/index.js';
import type { Person } from '../support/contacts.js';
import { befriend, createMember, openTerminal, type Member } from '../support/chat.js';
import { sendText } from '../support/chat-box.js';
import {
  apiCreateGroup,
  apiInvite,
  apiModifyGroup,
  expectComposerBlocked,
  expectTip,
  memberAction,
  openGroupFromList,
  openGroupInfo,
  shownTips,
} from '../support/group.js';

describe('groups: roles, mutes, remove, leave, dissolve (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let a: Person;
  let b: Person;
  let c: Person;
  let groupId = 0;

  const backToChat = async (p: Person) => {
    await p.page.getByTestId('nav-back').click();
    await p.page.locator(`[data-testid="chat-box"][data-target-id="${groupId}"]`).waitFor();
  };

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Roles');
    bob = await createMember(server, 'bob', 'Bob Roles');
    carol = await createMember(server, 'carol', 'Carol Roles');
    await befriend(server, alice, bob);
    await befriend(server, alice, carol);
    groupId = (await apiCreateGroup(server, alice, 'Book club', [bob, carol])).id;
    a = await openTerminal(browser, server, alice, Terminal.WEB);
    b = await openTerminal(browser, server, bob, Terminal.WEB);
    c = await openTerminal(browser, server, carol, Terminal.WEB);
    for (const p of [a, b, c]) await openGroupFromList(p.page, groupId);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the Announcement label whole beside a long announcement (issue 20 point 7)', async () => {
    const notice = 'Chapter twelve this week: bring your notes, your questions and something to share';
    await apiModifyGroup(server, alice, { id: groupId, notice });
    await openGroupInfo(a.page, 'owner');
    const cell = a.page.getByTestId('group-info-notice');
    await cell.locator('.cell__value', { hasText: 'Chapter twelve' }).waitFor();
    const label = cell.locator('.cell__label');
    expect((await label.innerText()).trim()).toBe(en('group.notice'));
    // The label's words fit its box (they ran under the value), and the boxes do not meet.
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const l = (await label.boundingBox())!;
    const v = (await cell.locator('.cell__value').boundingBox())!;
    expect(l.x + l.width).toBeLessThanOrEqual(v.x);
    await screenshot(a.page, 'group-info-long-notice-390');
    await backToChat(a);
  });

  it('shows muted members why they cannot type when Alice mutes all; the owner still can', async () => {
    for (const p of [a, b, c]) await expectComposerBlocked(p.page, null);
    await openGroupInfo(a.page, 'owner');
    expect(await a.page.getByTestId('group-info-mute-all').isChecked()).toBe(false);
    await a.page.getByTestId('group-info-mute-all').click();
    await expectComposerBlocked(b.page, 'mutedAll', en('group.blocked.mutedAll'));
    await expectComposerBlocked(c.page, 'mutedAll', en('group.blocked.mutedAll'));
    await expectTip(b.page, 'All members are muted');
    expect(await a.page.getByTestId('group-info-mute-all').isChecked()).toBe(true);
    await screenshot(b.page, 'group-muted-all');

    await backToChat(a);
    await expectComposerBlocked(a.page, null);
    await sendText(a.page, 'Quiet please, reading time');

    await openGroupInfo(a.page, 'owner');
    await a.page.getByTestId('group-info-mute-all').click();
    await expectComposerBlocked(b.page, null);
    await expectComposerBlocked(c.page, null);
  });

  it('lets Alice mute Bob alone from the member list; Carol may still type', async () => {
    await memberAction(a.page, bob.id, 'mute');
    await expectComposerBlocked(b.page, 'memberMuted', en('group.blocked.memberMuted'));
    await expectTip(c.page, `${bob.nickName} has been muted`);
    await expectComposerBlocked(c.page, null);
    await memberAction(a.page, bob.id, 'mute'); // the same action unmutes
    await expectComposerBlocked(b.page, null);
    await expectTip(b.page, `${bob.nickName} may speak again`);
  });

  it('makes Carol an admin through the admin selector; then she can mute Bob', async () => {
    // as a member Carol has no management
    await openGroupInfo(c.page, 'member');
    expect(await c.page.getByTestId('group-grid-remove').count()).toBe(0);
    expect(await c.page.getByTestId('group-info-mute-all').count()).toBe(0);

    await a.page.getByTestId('group-info-admins').click();
    await a.page.getByTestId('admin-selector').waitFor();
    await a.page.getByTestId(`admin-selector-member-${carol.id}`).locator('input').check();
    await a.page.getByTestId('admin-selector-confirm').click();
    await a.page.getByTestId('admin-selector').waitFor({ state: 'detached' });
    expect((await a.page.getByTestId('group-info-admins').innerText()).trim()).toContain('1');

    // Carol's open info page turns into the admin's one
    await c.page.locator('[data-testid="group-info"][data-role="admin"]').waitFor();
    await c.page.getByTestId('group-grid-remove').waitFor();
    expect(await c.page.getByTestId('group-info-mute-all').count(), 'mute all is the owner’s').toBe(0);
    await memberAction(c.page, bob.id, 'mute');
    await expectComposerBlocked(b.page, 'memberMuted', en('group.blocked.memberMuted'));
    await backToChat(c);
    await expectTip(c.page, `${bob.nickName} has been muted`);
    expect((await shownTips(c.page)).slice(-2)).toEqual([
      `${carol.nickName} is now an admin`,
      `${bob.nickName} has been muted`,
    ]);
  });

  it('lets Alice remove Bob: his chat says he is no longer a member', async () => {
    await memberAction(a.page, bob.id, 'remove');
    await expectToast(a.page, en('group.removed'));
    await expectComposerBlocked(b.page, 'quit', en('group.blocked.quit'));
    await expectTip(c.page, `${alice.nickName} removed ${bob.nickName}`);
    await expect
      .poll(async () => (await a.page.getByTestId('group-info').getAttribute('data-role')) ?? '')
      .toBe('owner');
    expect(await a.page.getByTestId(`group-grid-member-${bob.id}`).count()).toBe(0);
    await screenshot(b.page, 'group-removed');
  });

  it('lets Carol leave; Alice sees the tip and Carol’s group list marks it left', async () => {
    await openGroupInfo(c.page, 'admin');
    await c.page.getByTestId('group-info-leave').click();
    await c.page.getByTestId('group-leave-dialog').waitFor();
    await c.page.getByTestId('group-leave-dialog-confirm').click();
    await expectToast(c.page, en('group.leftToast'));
    const row = c.page.getByTestId(`group-row-${groupId}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(en('group.left'));
    await backToChat(a);
    await expectTip(a.page, `${carol.nickName} left the group`);
    await row.click();
    await expectComposerBlocked(c.page, 'quit', en('group.blocked.quit'));
  });

  it('lets Alice dissolve the group: the composer is gone for everyone, with a note', async () => {
    await apiInvite(server, alice, groupId, [bob, carol]); // both back, to see the dissolve
    await expectComposerBlocked(b.page, null);
    await expectComposerBlocked(c.page, null);

    await openGroupInfo(a.page, 'owner');
    await a.page.getByTestId('group-info-dissolve').click();
    await a.page.getByTestId('group-dissolve-dialog').waitFor();
    await a.page.getByTestId('group-dissolve-dialog-confirm').click();
    await expectToast(a.page, en('group.dissolvedToast'));
    const row = a.page.getByTestId(`group-row-${groupId}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(en('group.dissolved'));
    await row.click();
    for (const p of [a, b, c]) await expectComposerBlocked(p.page, 'dissolved', en('group.blocked.dissolved'));
    await expectTip(b.page, `${alice.nickName} dissolved the group`);
    await screenshot(c.page, 'group-dissolved');
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });
});
