/**
 * Contacts with no network (issue 20 point 8), at 390×844: the installed app opens with
 * the network cut and the Contacts tab lists the friends and groups it has seen (kept in
 * IndexedDB like the chats) instead of "Could not load your contacts"; when the network
 * returns, the lists are refreshed from the server without a reload or a tap.
 * Screenshots in en-US, zh-CN and ar-SA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Terminal } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  launchBrowser,
  newUserPage,
  openRoute,
  openTab,
  screenshot,
  startServer,
  type RunningServer,
} from '../support/index.js';
import { SocketLink } from '../support/socket-link.js';
import { friendRow } from '../support/contacts.js';
import { WAIT_MS, apiLogin, befriend, createMember, watchPage, type Member } from '../support/chat.js';
import { apiCreateGroup } from '../support/group.js';

/** Keys of this user's records in the chat store (IndexedDB `parley`, store `chats`). */
function storedKeys(page: Page, userId: number): Promise<string[]> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('parley');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      if (!db.objectStoreNames.contains('chats')) return [];
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const req = db.transaction('chats').objectStore('chats').getAllKeys();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      return keys.map(String).filter((k) => k.startsWith(`chats-app-${id}-`));
    } finally {
      db.close();
    }
  }, userId);
}

describe('contacts with no network (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let groupId: number;
  let page: Page;
  let context: BrowserContext;
  const errors: string[] = [];
  const link = new SocketLink();

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Contacts');
    bob = await createMember(server, 'bob', 'Bob Seen');
    carol = await createMember(server, 'carol', 'Carol Later');
    await befriend(server, alice, bob);
    groupId = (await apiCreateGroup(server, alice, 'Hiking club', [bob])).id;
    const { accessToken, refreshToken } = await apiLogin(server, alice, Terminal.WEB);
    page = await newUserPage(browser, { viewport: VIEWPORTS.phone, serviceWorkers: 'allow' });
    context = page.context();
    await link.install(context);
    await page.goto(`${server.url}/manifest.webmanifest`);
    await page.evaluate(
      (info) => localStorage.setItem('loginInfo', info),
      JSON.stringify({ accessToken, refreshToken }),
    );
    await openRoute(page, server, Routes.chat);
    await page.getByTestId('tab-page-chat').waitFor({ timeout: WAIT_MS });
    // Installed: the service worker controls the page and holds the shell.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WAIT_MS });
    await openTab(page, 'friend');
    await friendRow(page, bob.id).waitFor({ timeout: WAIT_MS });
    watchPage(page, 'alice', errors);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the friends and groups it has seen when it starts with the network cut', async () => {
    const kept = [`chats-app-${alice.id}-FRIENDS`, `chats-app-${alice.id}-GROUPS`];
    await expect.poll(() => storedKeys(page, alice.id), { timeout: WAIT_MS }).toEqual(expect.arrayContaining(kept));
    await link.cut();
    await context.setOffline(true);
    for (const locale of ['en-US', 'zh-CN', 'ar-SA']) {
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
      await page.locator('[data-testid="tab-page-friend"]').waitFor({ timeout: WAIT_MS });
      await friendRow(page, bob.id).waitFor({ timeout: WAIT_MS });
      // Not "Could not load your contacts, tap to retry".
      expect(await page.locator('.page-state--error').count()).toBe(0);
      await screenshot(page, `contacts-offline-${locale}-390`);
      await page.getByTestId('contacts-groups').click();
      await page.getByTestId(`group-row-${groupId}`).waitFor({ timeout: WAIT_MS });
      await screenshot(page, `groups-offline-${locale}-390`);
      await page.getByTestId('nav-back').click();
    }
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  });

  it('refreshes the lists from the server once the network is back, without a reload or a tap', async () => {
    // Made while Alice was offline: only the server knows.
    await befriend(server, alice, carol);
    await context.setOffline(false);
    link.down = false;
    await friendRow(page, carol.id).waitFor({ timeout: 3 * WAIT_MS });
    await friendRow(page, bob.id).waitFor();
    expect(errors).toEqual([]);
  });
});
