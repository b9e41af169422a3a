/** An operator bans a signed-in user from the console: the user's app shows the reason and returns to login. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  en,
  expectText,
  expectToast,
  launchBrowser,
  openRoute,
  routeRe,
  Routes,
  screenshot,
  type RunningServer,
} from '../support/index.js';
import { registerAccount, signIn, type Account, type Person } from '../support/contacts.js';
import { ConsoleRoutes, openConsole, startWithOperator } from '../support/console.js';

describe('ban from the moderation console', () => {
  let server: RunningServer;
  let browser: Browser;
  let operatorAccount: Account;
  let operator: Person;
  let user: Person;
  const reason = 'Repeated scam links to other users';

  beforeAll(async () => {
    ({ server, operator: operatorAccount } = await startWithOperator());
    browser = await launchBrowser();
    user = await signIn(browser, server, await registerAccount(server, 'banned', 'Spammy Sam'));
    operator = await signIn(browser, server, operatorAccount);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds the user by user name and opens them', async () => {
    const page = operator.page;
    await openConsole(page);
    await page.getByTestId('console-nav-users').click();
    await page.waitForURL(routeRe(ConsoleRoutes.users));
    await page.getByTestId('console-users-search').fill(user.userName);
    await page.getByTestId('console-users-search-submit').click();
    await page.getByTestId(`console-user-${user.id}`).click();
    await page.waitForURL(routeRe(ConsoleRoutes.user));
    await expectText(page, 'console-user-name', 'Spammy Sam');
  });

  it('requires a reason, bans, and the user’s app shows it and returns to login', async () => {
    const page = operator.page;
    await page.getByTestId('console-ban').click();
    await page.getByTestId('console-reason-sheet').waitFor();
    expect(await page.getByTestId('console-reason-submit').isDisabled()).toBe(true);
    await page.getByTestId('console-reason-input').fill(reason);
    await page.getByTestId('console-reason-submit').click();
    await expectToast(page, en('console.users.banned'));
    await expectText(page, 'console-user-reason', reason);
    await page.getByTestId('console-unban').waitFor();

    const dialog = user.page.getByTestId('account-blocked-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(reason);
    await user.page.waitForURL(routeRe(Routes.login));
    await screenshot(user.page, 'console-ban-user-dialog');
    expect(await user.page.evaluate(() => localStorage.getItem('loginInfo'))).toBeNull();
  });

  it('offers no ban on an operator’s own page', async () => {
    const page = operator.page;
    await openRoute(page, server, `${ConsoleRoutes.user}?id=${operator.id}`);
    await expectText(page, 'console-user-name', 'Olivia Operator');
    expect(await page.getByTestId('console-ban').isDisabled()).toBe(true);
    await page.goBack();
  });

  it('lifts the ban again', async () => {
    const page = operator.page;
    await page.getByTestId('console-unban').click();
    await page.getByTestId('console-unban-dialog-confirm').click();
    await expectToast(page, en('console.users.unbanned'));
    await page.getByTestId('console-ban').waitFor();
    expect(operator.errors).toEqual([]);
  });
});
