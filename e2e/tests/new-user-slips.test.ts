/**
 * Issue 20 point 9, the slips a demanding new user finds on a phone (390×844): the blank
 * account error says the field's word, the contacts search shows the count or "no match"
 * (not both), the gender label lines up and can go back to "not set", and the Add friend
 * page names the forbidding group rightly. Screenshots in en-US, zh-CN and ar-SA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, type User } from '@parley/protocol';
import {
  Routes,
  acceptPolicyDialog,
  apiGetAs,
  en,
  expectText,
  expectToast,
  launchBrowser,
  newUserPage,
  openRoute,
  openTab,
  screenshot,
  startServer,
  text,
  type RunningServer,
} from '../support/index.js';
import { addFromSearch, searchUser, signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, type Member } from '../support/chat.js';
import { apiCreateGroup } from '../support/group.js';

/** Where a label's text starts and ends on screen (its box may carry padding). */
const textEdges = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { start: r.left, end: r.right };
  });

describe('slips a new user finds (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let carol: Member;
  let bob: Person;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Slips');
    const bobMember = await createMember(server, 'bob', 'Bob Slips');
    carol = await createMember(server, 'carol', 'Carol Slips');
    await befriend(server, alice, bobMember);
    await befriend(server, alice, carol);
    await befriend(server, bobMember, await createMember(server, 'dave', 'Dave Slips'));
    await befriend(server, bobMember, await createMember(server, 'erin', 'Erin Slips'));
    // Bob and Carol know each other only from Alice's group, which forbids adding each other.
    const group = await apiCreateGroup(server, alice, 'No contacts here', [bobMember, carol]);
    const res = await fetch(`${server.url}${API_BASE}/group/forbidAddFriend`, {
      method: 'PUT',
      headers: { accessToken: alice.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ groupId: group.id, enabled: true }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    bob = await signIn(browser, server, bobMember);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('names a blank account with the field’s own word', async () => {
    const page = await newUserPage(browser);
    await openRoute(page, server, Routes.login);
    await acceptPolicyDialog(page);
    await page.getByTestId('login-submit').click();
    await expectText(page, 'login-username-error', en('errors.userNameBlank'));
    expect(en('errors.userNameBlank')).toContain(en('fields.userName'));
    await page.close();
  });

  it('shows the contacts count, or that the search matched nobody, never both', async () => {
    const page = bob.page;
    await openTab(page, 'friend');
    await expectText(page, 'contacts-count', en('friend.count_other', { count: '3' }));
    await page.getByTestId('contacts-search').fill('nobody by this name');
    await page.getByTestId('contacts-no-match').waitFor();
    expect(await page.getByTestId('contacts-count').count()).toBe(0);
    await page.getByTestId('contacts-search').fill('');
    await page.getByTestId('contacts-count').waitFor();
    expect(await page.getByTestId('contacts-no-match').count()).toBe(0);
  });

  it('lines the gender label up with the others and lets it go back to "not set"', async () => {
    const page = bob.page;
    await openRoute(page, server, Routes.mineEdit);
    await page.getByTestId('mine-edit-nickname').waitFor();
    const nick = await textEdges(page, 'label[for]:has(+ [data-testid="mine-edit-nickname"])');
    const gender = await textEdges(page, '[data-testid="mine-edit-sex-label"]');
    expect(Math.abs(gender.start - nick.start)).toBeLessThan(0.5);
    expect(await page.getByTestId('mine-edit-sex-unset').isChecked()).toBe(true);

    const saveWith = async (choice: 'female' | 'unset') => {
      // The previous save's "Saved" must not stand for this one.
      await page.getByTestId('toast').waitFor({ state: 'detached', timeout: WAIT_MS });
      await openRoute(page, server, Routes.mineEdit);
      await page.getByTestId(`mine-edit-sex-${choice}`).check();
      await page.getByTestId('mine-edit-save').click();
      await expectToast(page, en('common.saved'));
    };
    await saveWith('female');
    expect(await apiGetAs<User>(page, server, '/user/self')).toMatchObject({ sex: 1, sexSet: true });
    await saveWith('unset');
    expect(await apiGetAs<User>(page, server, '/user/self')).toMatchObject({ sexSet: false });
    await openRoute(page, server, Routes.mineEdit);
    await page.getByTestId('mine-edit-nickname').waitFor();
    expect(await page.getByTestId('mine-edit-sex-unset').isChecked()).toBe(true);
  });

  it('on the Add friend page, names the shared group that forbids adding, not "this group"', async () => {
    const page = bob.page;
    await openRoute(page, server, '/pages/friend/friend');
    await searchUser(page, carol.userName, carol.id);
    await addFromSearch(page, carol.id);
    await expectToast(page, en('errors.addFriendForbiddenInGroup'));
    expect(en('errors.addFriendForbiddenInGroup')).not.toMatch(/this group/i);
    expect(bob.errors).toEqual([]);
  });

  it('looks right in en-US, zh-CN and ar-SA (screenshots)', async () => {
    const page = bob.page;
    for (const locale of ['en-US', 'zh-CN', 'ar-SA']) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await openRoute(page, server, Routes.mineEdit);
      await page.reload();
      await page.getByTestId('mine-edit-sex-label').waitFor();
      await screenshot(page, `slips-${locale}-gender-390`);
      await openRoute(page, server, '/pages/friend/friend');
      await page.getByTestId('contacts-search').fill('nobody by this name');
      await page.getByTestId('contacts-no-match').waitFor();
      await screenshot(page, `slips-${locale}-contacts-no-match-390`);
      await page.getByTestId('contacts-search').fill('');
      await searchUser(page, carol.userName, carol.id);
      await addFromSearch(page, carol.id);
      await expectToast(page, text(locale, 'errors.addFriendForbiddenInGroup'));
      await screenshot(page, `slips-${locale}-add-friend-390`);
    }
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  });
});
