/**
 * Friend requests with consent (issue 22 point 1) on a server that requires approval by
 * default: Alice (phone 390×844) asks Bob (desktop 1280×800) with a greeting; Bob's
 * "New friends" badge appears live on Contacts and its tab; he accepts and they chat.
 * Carol (another device) asks and is declined; with "Require my approval" off, she is
 * added at once, and her declined request shows accepted (gone once she deletes Bob). Screenshots of the pages in en-US, zh-CN and ar-SA when taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  FriendRequestStatus,
  shortUserId,
  type FriendRequest,
  type FriendRequestReply,
  type SelfUser,
} from '@parley/protocol';
import {
  VIEWPORTS,
  apiGetAs,
  en,
  expectText,
  expectToast,
  launchBrowser,
  openRoute,
  openTab,
  screenshot,
  startServer,
  text,
  type RunningServer,
} from '../support/index.js';
import {
  expectNoReload,
  friendRow,
  markDocument,
  registerAccount,
  searchUser,
  signIn,
  type Person,
} from '../support/contacts.js';
import { api, createMember, type Member } from '../support/chat.js';
import { openChatByRoute, sendText, waitForText } from '../support/chat-box.js';

const NEW_FRIENDS = '/pages/friend/friend-requests';
const SHOTS = !!process.env.E2E_SCREENSHOTS && process.env.E2E_SCREENSHOTS !== '0';

describe('friend requests (phone and desktop)', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Person;
  let bob: Person;
  let carol: Member;

  const ask = (from: Member, to: number, greeting: string) =>
    api<FriendRequestReply>(server, from.token, 'POST', '/friend/request', { friendId: to, greeting });
  const requestsOf = (page: Page) => apiGetAs<FriendRequest[]>(page, server, '/friend/requests');

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true, env: { FRIEND_REQUESTS: 'on' } });
    browser = await launchBrowser();
    const [accountA, accountB] = [
      await registerAccount(server, 'alice', 'Alice Asks'),
      await registerAccount(server, 'bob', 'Bob Answers'),
    ];
    carol = await createMember(server, 'carol', 'Carol Later');
    [alice, bob] = await Promise.all([
      signIn(browser, server, accountA),
      signIn(browser, server, accountB, { viewport: VIEWPORTS.desktop }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('Alice asks with a greeting, Bob sees the badge live and accepts, then they chat', async () => {
    await openTab(bob.page, 'friend');
    await bob.page.getByTestId('contacts-requests').waitFor();
    expect(await bob.page.getByTestId('contacts-requests-badge').count()).toBe(0);
    await markDocument(bob.page);

    // The result tells two people of one nickname apart without the e-mail: the short id.
    await searchUser(alice.page, bob.userName, bob.id);
    await expectText(alice.page, `friend-add-id-${bob.id}`, shortUserId(bob.id));
    await alice.page.getByTestId(`friend-add-button-${bob.id}`).click();
    const greeting = alice.page.getByTestId('friend-request-greeting');
    expect(await greeting.inputValue()).toBe(en('friendRequest.defaultGreeting', { nickName: alice.nickName }));
    await greeting.fill('Hi Bob, Alice from the climbing club');
    await screenshot(alice.page, 'friend-request-sheet-en-US-phone');
    await alice.page.getByTestId('friend-request-send').click();
    await expectToast(alice.page, en('friendRequest.sent'));
    await expectText(alice.page, `friend-add-state-${bob.id}`, en('friendRequest.sentState'));

    // Bob's badge, on the Contacts entry and on its tab, without a reload.
    await expectText(bob.page, 'contacts-requests-badge', '1');
    await expectText(bob.page, 'tab-friend-requests', '1');
    await expectNoReload(bob.page);
    await screenshot(bob.page, 'friend-requests-badge-en-US-desktop');
    await bob.page.getByTestId('contacts-requests').click();
    const [request] = await requestsOf(bob.page);
    await expectText(bob.page, `friend-request-greeting-${request!.id}`, 'Hi Bob, Alice from the climbing club');
    expect(await bob.page.getByTestId(`friend-request-${request!.id}`).innerText()).not.toContain(alice.userName);
    await screenshot(bob.page, 'friend-requests-en-US-desktop');
    await bob.page.getByTestId(`friend-request-accept-${request!.id}`).click();
    await expectText(bob.page, `friend-request-state-${request!.id}`, en('friendRequest.accepted'));
    await bob.page.getByTestId('tab-friend-requests').waitFor({ state: 'detached' });

    // Friends on both sides, live; they chat.
    await alice.page.getByTestId('nav-back').click();
    await friendRow(alice.page, bob.id).waitFor();
    await openChatByRoute(bob.page, server, alice.id);
    await sendText(bob.page, 'Welcome, Alice!');
    await openChatByRoute(alice.page, server, bob.id);
    await waitForText(alice.page, 'Welcome, Alice!', false);
    expect([...alice.errors, ...bob.errors]).toEqual([]);
  });

  it('Bob declines Carol; with approval off, Carol is added at once', async () => {
    const asked = await ask(carol, bob.id, 'Carol here');
    expect(asked.state).toBe('requested');
    const id = asked.request!.id;
    await expectText(bob.page, 'tab-friend-requests', '1');
    await openRoute(bob.page, server, NEW_FRIENDS);
    await bob.page.getByTestId(`friend-request-decline-${id}`).click();
    await expectText(bob.page, `friend-request-state-${id}`, en('friendRequest.declined'));
    const mine = await api<FriendRequest[]>(server, carol.token, 'GET', '/friend/requests');
    expect(mine.map((r) => [r.id, r.status])).toEqual([[id, FriendRequestStatus.DECLINED]]);

    // Mine → Privacy: "Require my approval to add me" off.
    await openRoute(bob.page, server, '/pages/mine/mine-privacy');
    const toggle = bob.page.getByTestId('privacy-friend-consent');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    expect((await apiGetAs<SelfUser>(bob.page, server, '/user/self')).friendConsent).toBe(false);
    await screenshot(bob.page, 'friend-consent-en-US-desktop');
    await openTab(bob.page, 'friend');
    expect((await ask(carol, bob.id, 'Carol again')).state).toBe('friends');
    await friendRow(bob.page, carol.id).waitFor();
    // Friends now: the declined request shows accepted; once the friendship ends, it leaves the page.
    await openRoute(bob.page, server, NEW_FRIENDS);
    await expectText(bob.page, `friend-request-state-${id}`, en('friendRequest.accepted'));
    await api(server, carol.token, 'DELETE', `/friend/delete/${bob.id}`);
    await bob.page.getByTestId(`friend-request-${id}`).waitFor({ state: 'detached' });
    expect(bob.errors).toEqual([]);
  });

  it.runIf(SHOTS)('looks right in en-US, zh-CN and ar-SA (screenshots)', async () => {
    const dave = await createMember(server, 'dave', 'Dave Stranger');
    await ask(dave, alice.id, 'Dave from the gym');
    for (const locale of ['en-US', 'zh-CN', 'ar-SA']) {
      for (const p of [alice.page, bob.page]) await p.evaluate((l) => localStorage.setItem('locale', l), locale);
      await openRoute(alice.page, server, '/pages/friend/friend');
      await alice.page.reload();
      await expectText(alice.page, 'contacts-requests-badge', '1');
      await screenshot(alice.page, `friend-requests-badge-${locale}-phone`);
      await alice.page.getByTestId('contacts-requests').click();
      await alice.page.getByTestId('friend-requests').waitFor();
      expect(await alice.page.getByTestId('friend-requests-page').innerText()).toContain(
        text(locale, 'friendRequest.accept'),
      );
      await screenshot(alice.page, `friend-requests-${locale}-phone`);
      await openRoute(bob.page, server, NEW_FRIENDS);
      await bob.page.reload();
      await bob.page.getByTestId('friend-requests').waitFor();
      await screenshot(bob.page, `friend-requests-${locale}-desktop`);
      await searchUser(bob.page, dave.userName, dave.id);
      await bob.page.getByTestId(`friend-add-button-${dave.id}`).click();
      await bob.page.getByTestId('friend-request-sheet').waitFor();
      await screenshot(bob.page, `friend-request-sheet-${locale}-desktop`);
      await bob.page.getByTestId('friend-request-cancel').click();
    }
    for (const p of [alice.page, bob.page]) await p.evaluate(() => localStorage.setItem('locale', 'en-US'));
  });
});
