/** Shared steps of the contacts browser tests: users with nicknames, friend rows, add, remark, complaint. */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { API_BASE, Timing, type User } from '@parley/protocol';
import { VIEWPORTS, newUserPage, type UserPageOptions } from './browser.js';
import {
  MESSAGES_RE,
  Routes,
  apiGetAs,
  en,
  expectText,
  expectToast,
  openRoute,
  openTab,
  submitLogin,
  uniqueUserName,
} from './flows.js';
import { tinyPng } from './png.js';
import type { RunningServer } from './server.js';

export interface Account {
  userName: string;
  password: string;
  nickName: string;
}

/** A signed-in user in an own browser context (like another person's phone). */
export interface Person extends Account {
  id: number;
  page: Page;
  errors: string[];
}

/** Registers over HTTP with a nickname. */
export async function registerAccount(server: RunningServer, prefix: string, nickName: string): Promise<Account> {
  const account = { userName: uniqueUserName(prefix), password: `${prefix}-pass1`, nickName };
  const res = await fetch(`${server.url}${API_BASE}/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(await res.json(), `register ${account.userName}`).toMatchObject({ code: 200 });
  return account;
}

/** A fresh phone-sized context, logged in through the login page (ends on the messages tab). */
export async function signIn(
  browser: Browser,
  server: RunningServer,
  account: Account,
  options: UserPageOptions = {},
): Promise<Person> {
  const page = await newUserPage(browser, { viewport: VIEWPORTS.phone, ...options });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // For the record on a failure (e.g. a missing chunk); refused API calls (4xx) are expected here.
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) console.warn(`[${account.nickName}] ${m.text()}`);
  });
  // Not flows.login(): that expects an empty messages tab, and a new friendship stores a tip message.
  await openRoute(page, server, Routes.login);
  await submitLogin(page, account.userName, account.password);
  await page.waitForURL(MESSAGES_RE);
  await page.getByTestId('tab-page-chat').waitFor();
  const self = await apiGetAs<User>(page, server, '/user/self');
  expect(self.nickName).toBe(account.nickName);
  return { ...account, id: self.id, page, errors };
}

export const friendRow = (page: Page, id: number) => page.getByTestId(`friend-row-${id}`);

/** Waits (without reloading) until the contacts list shows `id` online or offline. */
export async function expectFriendOnline(page: Page, id: number, online: boolean, timeout = 15_000): Promise<void> {
  await page.locator(`[data-testid="friend-row-${id}"][data-online="${online}"]`).waitFor({ timeout });
  const dot = page.getByTestId(`friend-online-dot-${id}`);
  const web = page.getByTestId(`friend-terminal-web-${id}`);
  if (online) {
    await dot.waitFor();
    await web.waitFor();
  } else {
    await dot.waitFor({ state: 'detached' });
    await web.waitFor({ state: 'detached' });
  }
}

/** Marks the document; `expectNoReload` fails if the page was loaded again since. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __e2eMark?: boolean }).__e2eMark = true));
}
export async function expectNoReload(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark)).toBe(true);
}

/** Contacts → add → search `name` → waits for the result row of `id`. */
export async function searchUser(page: Page, name: string, id: number): Promise<void> {
  await openTab(page, 'friend');
  await page.getByTestId('contacts-add').click();
  await page.getByTestId('friend-add-search').fill(name);
  await page.getByTestId('friend-add-submit-search').click();
  await page.getByTestId(`friend-add-result-${id}`).waitFor();
}

/** A search result's Add → the greeting sheet (issue 22 point 1) → Send with the prefilled greeting. */
export async function addFromSearch(page: Page, id: number): Promise<void> {
  await page.getByTestId(`friend-add-button-${id}`).click();
  await page.getByTestId('friend-request-send').click();
}

/** On a user-info page of a friend: remark → type → save; back on user-info with the new name. */
export async function setRemark(page: Page, remark: string): Promise<void> {
  await page.getByTestId('user-info-remark').click();
  await page.getByTestId('friend-remark-input').fill(remark);
  await page.getByTestId('friend-remark-save').click();
  await expectToast(page, en('common.saved'));
  await expectProfileName(page, remark);
}

/** The user-info heading shows `name` (followed by the sex sign). */
export async function expectProfileName(page: Page, name: string): Promise<void> {
  const heading = page.getByTestId('user-info-name');
  await heading.filter({ hasText: name }).waitFor();
  expect((await heading.innerText()).replace(/\s*[♂♀]\s*$/, '').trim()).toBe(name);
}

/** On a user-info page: confirm a dialog opened by `testId`'s cell or button. */
export async function confirmAction(page: Page, testId: string, dialog: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(dialog).waitFor();
  await page.getByTestId(`${dialog}-confirm`).click();
  await page.getByTestId(dialog).waitFor({ state: 'detached' });
}

/** On a user-info page: report → reason → text → one image (uploaded) → submit → confirm the dialog. */
export async function fileComplaint(page: Page, targetName: string, type: number, content: string): Promise<void> {
  await page.getByTestId('user-info-complain').click();
  await expectText(page, 'complaint-target', en('complaint.target', { name: targetName }));
  await page.getByTestId(`complaint-type-${type}`).check();
  await page.getByTestId('complaint-content').fill(content);
  await page.getByTestId('complaint-image-input').setInputFiles({
    name: 'evidence.png',
    mimeType: 'image/png',
    buffer: tinyPng(120, 90, [230, 80, 60]),
  });
  await page.getByTestId('complaint-image-0').waitFor();
  await page.locator('.complaint-images__busy').waitFor({ state: 'detached' });
  // The thumbnail is the uploaded one (not the local blob preview) once the upload answered.
  expect(await page.getByTestId('complaint-image-0').locator('img').getAttribute('src')).not.toMatch(/^blob:/);
  await expectText(page, 'complaint-submit', en('complaint.submit'));
  await page.getByTestId('complaint-submit').click();
  const dialog = page.getByTestId('complaint-submitted-dialog');
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain(
    en('success.complaintSubmitted_other', { count: String(Timing.COMPLAINT_VERIFY_HOURS) }),
  );
  await page.getByTestId('complaint-submitted-dialog-confirm').click();
  await dialog.waitFor({ state: 'detached' });
}
