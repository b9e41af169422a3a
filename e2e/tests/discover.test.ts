/**
 * Discover with managed links: an operator adds links in the console (pointing at loopback
 * pages, exempted from the outbound guard by OUTBOUND_ALLOW_CIDRS), and the Discover tab
 * shows them in its banner and list; a page that allows framing opens inside the app,
 * one that forbids it behind the leave warning.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AuditAction, type AuditEntry, type DiscoverLink } from '@parley/protocol';
import {
  apiGetAs,
  en,
  expectText,
  expectToast,
  freePort,
  launchBrowser,
  openTab,
  routeRe,
  screenshot,
  type RunningServer,
} from '../support/index.js';
import { registerAccount, signIn, type Account, type Person } from '../support/contacts.js';
import { ConsoleRoutes, openConsole, startWithOperator } from '../support/console.js';

/** Two pages on 127.0.0.1: /open may be framed, /closed says X-Frame-Options: DENY. */
async function startPages(): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const closed = req.url === '/closed';
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ...(closed ? { 'X-Frame-Options': 'DENY' } : {}),
    });
    res.end(`<!doctype html><title>t</title><h1 id="hello">${closed ? 'Closed page' : 'Hello from loopback'}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, server };
}

async function addLink(page: Page, title: string, url: string, featured: boolean): Promise<void> {
  await page.getByTestId('console-link-add').click();
  await page.getByTestId('console-link-editor').waitFor();
  await page.getByTestId('console-link-title').fill(title);
  await page.getByTestId('console-link-url').fill(url);
  if (featured) await page.getByTestId('console-link-featured').check();
  await page.getByTestId('console-link-save').click();
  await page.getByTestId('console-link-editor').waitFor({ state: 'detached' });
}

describe('Discover links managed in the console', () => {
  let server: RunningServer;
  let pages: { url: string; server: Server };
  let browser: Browser;
  let operatorAccount: Account;
  let operator: Person;
  let user: Person;
  let links: DiscoverLink[];

  beforeAll(async () => {
    // The pages are on loopback, which the server's outbound guard refuses unless exempted.
    ({ server, operator: operatorAccount } = await startWithOperator({ OUTBOUND_ALLOW_CIDRS: '127.0.0.1/32' }));
    pages = await startPages();
    browser = await launchBrowser();
    operator = await signIn(browser, server, operatorAccount);
    user = await signIn(browser, server, await registerAccount(server, 'reader', 'Reader'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    pages?.server.close();
  });

  it('shows the seeded links on a fresh install', async () => {
    await openTab(user.page, 'discover');
    await user.page.getByTestId('discover-list').waitFor();
    expect(await user.page.getByTestId('discover-list').locator('li').count()).toBe(4);
    expect(await user.page.getByTestId('discover-banner').count()).toBe(0); // none featured yet
  });

  it('adds a framable and a non-framable featured link in the console, the server probing each', async () => {
    const page = operator.page;
    await openConsole(page);
    await page.getByTestId('console-nav-discover').click();
    await page.waitForURL(routeRe(ConsoleRoutes.discover));
    await addLink(page, 'Loopback open', `${pages.url}/open`, true);
    await expectToast(page, en('console.discover.savedInside'));
    await addLink(page, 'Loopback closed', `${pages.url}/closed`, true);
    await expectToast(page, en('console.discover.savedOutside'));
    links = await apiGetAs<DiscoverLink[]>(page, server, '/discover/links');
    const open = links.find((l) => l.title === 'Loopback open')!;
    const closed = links.find((l) => l.title === 'Loopback closed')!;
    expect(open).toMatchObject({ featured: true, frameable: true });
    expect(closed).toMatchObject({ featured: true, frameable: false });
    // new links go last; move the open one up above the seeded React link
    await page.getByTestId(`console-link-up-${open.id}`).click();
    await expect
      .poll(async () =>
        (await apiGetAs<DiscoverLink[]>(page, server, '/discover/links')).map((l) => l.id).indexOf(open.id),
      )
      .toBe(3);
    // One move, one audit row (issue 20 point 9): the reorder, then the second link's save.
    const audit = await apiGetAs<{ items: AuditEntry[] }>(page, server, '/console/audit');
    expect(audit.items.slice(0, 2).map((e) => e.action)).toEqual([
      AuditAction.DISCOVER_REORDER,
      AuditAction.DISCOVER_SAVE,
    ]);
    await screenshot(page, 'discover-console-links');
  });

  it('shows the featured links in the banner with dots, above the list', async () => {
    const page = user.page;
    await openTab(page, 'chat');
    await openTab(page, 'discover'); // shown again: the list reloads
    const banner = page.getByTestId('discover-banner');
    await banner.waitFor();
    links = await apiGetAs<DiscoverLink[]>(page, server, '/discover/links');
    const featured = links.filter((l) => l.featured);
    expect(featured).toHaveLength(2);
    await page.getByTestId('discover-dot-1').click();
    await expect
      .poll(() => page.getByTestId(`discover-slide-${featured[1]!.id}`).getAttribute('aria-hidden'))
      .toBe('false');
    expect(await page.getByTestId('discover-list').locator('li').count()).toBe(6);
    await screenshot(page, 'discover-tab');
  });

  it('opens a framable link inside the app, and "open outside" passes the leave warning', async () => {
    const page = user.page;
    const open = links.find((l) => l.title === 'Loopback open')!;
    await page.getByTestId(`discover-link-${open.id}`).click();
    await page.waitForURL(routeRe('/pages/common/discover-external-link'));
    await page.getByTestId('discover-frame').waitFor();
    await page
      .frameLocator('[data-testid="discover-frame"]')
      .locator('#hello')
      .filter({ hasText: 'Hello from loopback' })
      .waitFor();
    await screenshot(page, 'discover-framed');

    await page.getByTestId('discover-open-outside').click();
    await page.getByTestId('external-link-warning').waitFor();
    await expectText(page, 'external-link-url', `${pages.url}/open`);
    await page.getByTestId('external-link-cancel').click();
    await page.getByTestId('discover-frame').waitFor();
    await page.getByTestId('nav-back').click();
    await page.getByTestId('tab-page-discover').waitFor();
  });

  it('opens a link that forbids framing only through the leave warning', async () => {
    const page = user.page;
    const closed = links.find((l) => l.title === 'Loopback closed')!;
    await page.getByTestId(`discover-link-${closed.id}`).click();
    await page.getByTestId('external-link-warning').waitFor();
    await expectText(page, 'external-link-url', `${pages.url}/closed`);
    expect(await page.getByTestId('discover-frame').count()).toBe(0);
    await page.getByTestId('external-link-cancel').click();
    await page.getByTestId('tab-page-discover').waitFor();
    expect(user.errors).toEqual([]);
    expect(operator.errors).toEqual([]);
  });
});
