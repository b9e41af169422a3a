/**
 * Shared steps of the moderation console and Discover browser tests (issue 10): a server
 * whose operator is named by OPERATOR_USERNAMES, and the way into the console from Mine.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { API_BASE } from '@parley/protocol';
import { signIn, type Account, type Person } from './contacts.js';
import { openTab, routeRe, uniqueUserName } from './flows.js';
import { startServer, type RunningServer } from './server.js';

export const ConsoleRoutes = {
  console: '/pages/console/console',
  complaints: '/pages/console/complaints',
  complaint: '/pages/console/complaint',
  users: '/pages/console/users',
  user: '/pages/console/user',
  discover: '/pages/console/discover',
} as const;

/** A server with one operator account (named at start, registered here). */
export async function startWithOperator(
  env: Record<string, string> = {},
): Promise<{ server: RunningServer; operator: Account }> {
  const operator = { userName: uniqueUserName('op'), password: 'op-pass1', nickName: 'Olivia Operator' };
  const server = await startServer({ env: { OPERATOR_USERNAMES: operator.userName, ...env }, snapshotWeb: true });
  const res = await fetch(`${server.url}${API_BASE}/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(operator),
  });
  expect(await res.json(), 'register the operator').toMatchObject({ code: 200 });
  return { server, operator };
}

/** Mine → the console entry (shown to operators only) → the console's section list. */
export async function openConsole(page: Page): Promise<void> {
  await openTab(page, 'mine');
  await page.getByTestId('mine-console-entry').click();
  await page.waitForURL(routeRe(ConsoleRoutes.console));
  await page.getByTestId('console').waitFor();
}

/** The operator signed in through the login page. */
export const signInOperator = (browser: Browser, server: RunningServer, operator: Account): Promise<Person> =>
  signIn(browser, server, operator);
