/**
 * Issue 11, point 18: axe-core on every screen. Every route of
 * packages/web/src/routes/paths.ts that a signed-in user who is also an operator
 * can reach (and the signed-out ones), at 390×844 and 1280×800; no serious or
 * critical violation anywhere.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ChatType, Terminal } from '@parley/protocol';
import { REPO_ROOT, VIEWPORTS, launchBrowser, newUserPage, type RunningServer } from '../support/index.js';
import { apiLogin, apiSendText, befriend, createMember, openTerminal, type Member } from '../support/chat.js';
import { startWithOperator } from '../support/console.js';
import { apiCreateGroup } from '../support/group.js';
import { axeViolations, formatViolations, waitForQuietDom } from '../support/axe.js';

/** Route keys and paths, read from the app's own table so a new route is checked without a change here. */
function appRoutes(): [string, string][] {
  const src = readFileSync(join(REPO_ROOT, 'packages/web/src/routes/paths.ts'), 'utf8');
  const table = src.slice(src.indexOf('export const Paths'), src.indexOf('} as const'));
  return [...table.matchAll(/^\s+(\w+): '([^']+)',/gm)].map((m) => [m[1]!, m[2]!]);
}

const SIGNED_OUT = new Set(['login', 'register', 'forgotPassword', 'resetPassword', 'lang', 'agreement', 'privacy']);
const SIGN_IN_ONLY = new Set(['login', 'register', 'forgotPassword', 'resetPassword']);

describe('axe-core on every screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let op: Member;
  let bob: Member;
  let groupId: number;
  let page: Page;
  let outPage: Page;

  beforeAll(async () => {
    const started = await startWithOperator();
    server = started.server;
    browser = await launchBrowser();
    const tokens = await apiLogin(server, started.operator, Terminal.APP);
    const self = (await (
      await fetch(`${server.url}/api/user/self`, { headers: { accessToken: tokens.accessToken } })
    ).json()) as { data: { id: number } };
    op = { ...started.operator, id: self.data.id, token: tokens.accessToken };
    bob = await createMember(server, 'bob', 'Bob بوب');
    await befriend(server, op, bob);
    groupId = (await apiCreateGroup(server, op, 'فريق Team', [bob])).id;
    await apiSendText(server, bob, op.id, 'hello #smile; مرحبا #heart;');
    page = (await openTerminal(browser, server, started.operator, Terminal.WEB)).page;
    outPage = await newUserPage(browser);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Query parameters the pages read, so each shows real content rather than "not found". */
  const query = (key: string): string => {
    const q: Record<string, string | number> = {
      chatBox: `type=${ChatType.PRIVATE}&targetId=${bob.id}`,
      chatDetails: `type=${ChatType.PRIVATE}&targetId=${bob.id}`,
      chatShared: `type=${ChatType.PRIVATE}&targetId=${bob.id}`,
      userInfo: `id=${bob.id}`,
      friendRemark: `friendId=${bob.id}`,
      complaint: `targetType=1&targetId=${bob.id}&targetName=Bob`,
      complaintInfo: 'id=1',
      groupInfo: `groupId=${groupId}`,
      groupEdit: `groupId=${groupId}`,
      groupInvite: `groupId=${groupId}`,
      groupMember: `groupId=${groupId}`,
      externalLink: 'url=https%3A%2F%2Fexample.com',
      discoverExternalLink: 'url=https%3A%2F%2Fexample.com&chatIdx=-1',
      chatSystemContent: 'id=1',
      consoleUser: `id=${bob.id}`,
      consoleGroup: `id=${groupId}`,
      consoleComplaint: 'id=1',
      chatPrivateVideo: `mode=voice&isHost=false&friend=${encodeURIComponent(JSON.stringify({ id: bob.id }))}`,
      chatGroupVideo: `groupId=${groupId}&isHost=false&inviterId=${bob.id}&userInfos=%5B%5D`,
    };
    return q[key] ? `?${q[key]}` : '';
  };

  async function check(p: Page, viewport: keyof typeof VIEWPORTS, routes: [string, string][]): Promise<string> {
    await p.setViewportSize(VIEWPORTS[viewport]);
    const report: string[] = [];
    for (const [key, path] of routes) {
      await p.goto(`${server.url}/#${path}${query(key)}`);
      await p.waitForLoadState('load');
      // lazy page chunks and their first data: wait until the DOM stops changing
      await waitForQuietDom(p);
      const found = await axeViolations(p);
      if (found.length) report.push(formatViolations(`${viewport} ${key}`, found));
    }
    return report.join('\n');
  }

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`signed out and signed in (operator) at ${VIEWPORTS[viewport].width}×${VIEWPORTS[viewport].height}`, async () => {
      const routes = appRoutes();
      expect(routes.length).toBeGreaterThan(30);
      const out = await check(
        outPage,
        viewport,
        routes.filter(([k]) => SIGNED_OUT.has(k)),
      );
      // A signed-in user never stays on the sign-in screens (they lead to the Messages tab, checked here anyway).
      const signedIn = await check(
        page,
        viewport,
        routes.filter(([k]) => !SIGN_IN_ONLY.has(k)),
      );
      expect(`${out}\n${signedIn}`.trim()).toBe('');
    }, 240_000);
  }
});
