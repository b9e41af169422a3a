/** Contacts (issue 3) with two users in two browser contexts: add, live list, online, remark, block, complaint. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ComplaintStatus, ComplaintType, type BlacklistEntry, type Complaint, type Friend } from '@parley/protocol';
import {
  VIEWPORTS,
  apiGetAs,
  en,
  expectText,
  expectToast,
  launchBrowser,
  openTab,
  screenshot,
  startServer,
  type RunningServer,
} from '../support/index.js';
import {
  addFromSearch,
  confirmAction,
  expectFriendOnline,
  expectNoReload,
  expectProfileName,
  fileComplaint,
  friendRow,
  markDocument,
  registerAccount,
  searchUser,
  setRemark,
  signIn,
  type Account,
  type Person,
} from '../support/contacts.js';

describe('contacts with two users (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let accountB: Account;
  let a: Person;
  let b: Person;
  const remark = 'Bobby from work';
  const complaintText = 'Keeps sending me threatening messages.';

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    const accountA = await registerAccount(server, 'alice', 'Alice Contacts');
    accountB = await registerAccount(server, 'bob', 'Bob Contacts');
    a = await signIn(browser, server, accountA);
    b = await signIn(browser, server, accountB);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets A find B by user name and add him; B sees A without a reload', async () => {
    await openTab(b.page, 'friend');
    await b.page.getByTestId('friend-empty').waitFor();
    await markDocument(b.page);

    await searchUser(a.page, b.userName, b.id);
    const result = a.page.getByTestId(`friend-add-result-${b.id}`);
    expect(await result.innerText()).toContain(b.nickName);
    await addFromSearch(a.page, b.id);
    await expectToast(a.page, en('friendAdd.success'));
    await expectText(a.page, `friend-add-state-${b.id}`, en('friendAdd.added'));

    await friendRow(b.page, a.id).waitFor();
    await expectText(b.page, `friend-name-${a.id}`, a.nickName);
    await expectNoReload(b.page);
  });

  it('shows both as online on the web terminal', async () => {
    await a.page.getByTestId('nav-back').click();
    await a.page.getByTestId('tab-page-friend').waitFor();
    await expectText(a.page, `friend-name-${b.id}`, b.nickName);
    await expectFriendOnline(a.page, b.id, true);
    await expectFriendOnline(b.page, a.id, true);

    await a.page.getByTestId('toast').waitFor({ state: 'detached' });
    await screenshot(a.page, 'contacts-online-phone');
    await a.page.setViewportSize(VIEWPORTS.desktop);
    await expectFriendOnline(a.page, b.id, true);
    await screenshot(a.page, 'contacts-online-desktop');
    await a.page.setViewportSize(VIEWPORTS.phone);
  });

  it('shows B offline to A (no reload) once B closes, and online again after his new login', async () => {
    await markDocument(a.page);
    expect(b.errors).toEqual([]);
    await b.page.context().close();
    // Presence changes are pushed (type 82), well before the 30 s online refresh.
    await expectFriendOnline(a.page, b.id, false);
    await expectNoReload(a.page);
    await screenshot(a.page, 'contacts-offline-phone');

    b = await signIn(browser, server, accountB);
    await openTab(b.page, 'friend');
    await expectFriendOnline(b.page, a.id, true);
    await expectFriendOnline(a.page, b.id, true);
    await expectNoReload(a.page);
  });

  it('lets A set a remark that becomes B’s name in A’s list only', async () => {
    await friendRow(a.page, b.id).click();
    await expectProfileName(a.page, b.nickName);
    await setRemark(a.page, remark);
    await a.page.getByTestId('nav-back').click();
    await expectText(a.page, `friend-name-${b.id}`, remark);
    const friends = await apiGetAs<Friend[]>(a.page, server, '/friend/list');
    expect(friends).toMatchObject([{ id: b.id, remark, showNickName: remark, nickName: b.nickName }]);
    // The remark is private: B still sees A under A's nickname.
    await expectText(b.page, `friend-name-${a.id}`, a.nickName);
  });

  it('filters the list as A types in the search box', async () => {
    const search = a.page.getByTestId('contacts-search');
    await search.fill('bobby');
    await friendRow(a.page, b.id).waitFor();
    await search.fill('zzz-nobody');
    await a.page.getByTestId('contacts-no-match').waitFor();
    await friendRow(a.page, b.id).waitFor({ state: 'detached' });
    await search.fill('');
    await friendRow(a.page, b.id).waitFor();
  });

  it('lets A block B; once they are no longer friends B cannot add A back', async () => {
    await friendRow(a.page, b.id).click();
    await confirmAction(a.page, 'user-info-block', 'block-dialog');
    await expectToast(a.page, en('userInfo.blocked'));
    await a.page.getByTestId('user-info-unblock').waitFor();
    await a.page.getByTestId('user-info-blocked-badge').waitFor();
    const blocked = await apiGetAs<BlacklistEntry[]>(a.page, server, '/blacklist/list');
    expect(blocked).toMatchObject([{ toUserId: b.id, userName: b.userName, nickName: b.nickName }]);

    // Blocking keeps the friendship (wire contract §4); A then deletes B, and B's list drops A live.
    await markDocument(b.page);
    await confirmAction(a.page, 'user-info-delete', 'delete-friend-dialog');
    await expectToast(a.page, en('userInfo.deleted'));
    await a.page.getByTestId('user-info-add').waitFor();
    await friendRow(b.page, a.id).waitFor({ state: 'detached' });
    await b.page.getByTestId('friend-empty').waitFor();
    await expectNoReload(b.page);

    await searchUser(b.page, a.userName, a.id);
    await addFromSearch(b.page, a.id);
    await expectToast(b.page, en('errors.blockedByOther'));
    await b.page.getByTestId(`friend-add-button-${a.id}`).waitFor();
    expect(await apiGetAs<Friend[]>(b.page, server, '/friend/list')).toEqual([]);
    expect(await apiGetAs<Friend[]>(a.page, server, '/friend/list')).toEqual([]);
  });

  it('lists B in A’s blocklist under mine', async () => {
    await a.page.getByTestId('nav-back').click();
    await openTab(a.page, 'mine');
    await a.page.getByTestId('mine-blacklist-entry').click();
    const row = a.page.getByTestId(`blacklist-row-${b.id}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(b.nickName);
    expect(await a.page.locator('[data-testid^="blacklist-row-"]').count()).toBe(1);
  });

  it('lets B report A for harassment with an image and see it pending in his complaints', async () => {
    await b.page.getByTestId(`friend-add-result-${a.id}`).locator('.person-row__open').click();
    await expectProfileName(b.page, a.nickName);
    await fileComplaint(b.page, a.nickName, ComplaintType.HARASSMENT, complaintText);
    await expectProfileName(b.page, a.nickName); // back where the report started

    const [complaint, ...rest] = await apiGetAs<Complaint[]>(b.page, server, '/complaint/page');
    expect(rest).toEqual([]);
    expect(complaint).toMatchObject({
      targetId: a.id,
      targetName: a.nickName,
      type: ComplaintType.HARASSMENT,
      content: complaintText,
      status: ComplaintStatus.PENDING,
    });
    expect(complaint?.images).toHaveLength(1);

    await b.page.getByTestId('nav-back').click();
    await b.page.getByTestId('friend-add-search').waitFor();
    await b.page.getByTestId('nav-back').click();
    await openTab(b.page, 'mine');
    await b.page.getByTestId('mine-complaints-entry').click();
    const row = b.page.getByTestId(`complaint-row-${complaint?.id}`);
    await row.waitFor();
    const shown = await row.innerText();
    for (const part of [a.nickName, en('complaint.status.pending'), en('complaint.types.harassment'), complaintText]) {
      expect(shown).toContain(part);
    }
    await screenshot(b.page, 'contacts-complaint-list');
    await row.click();
    await expectText(b.page, 'complaint-info-status', en('complaint.status.pending'));
    const thumb = b.page.getByTestId('complaint-info').locator('.complaint-thumbs img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
