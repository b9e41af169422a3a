/**
 * Logging out removes the user's chats, friends and groups from the browser (IndexedDB
 * records, Cache Storage, memory): the next person to log in on the same browser sees none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  MESSAGES_RE,
  launchBrowser,
  logout,
  screenshot,
  startServer,
  submitLogin,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import {
  apiSendText,
  befriend,
  chatRow,
  createMember,
  eventually,
  expectChatRow,
  expectListReady,
  type Member,
} from '../support/chat.js';
import { leaveChat, openChatFromList, sendText } from '../support/chat-box.js';

/** Keys of the chat store (persistence.ts: database `parley`, store `chats`) that belong to `userId`. */
function storedKeys(page: Page, userId: number): Promise<string[]> {
  return page.evaluate(async (id) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('parley')) return [];
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
      const own = `chats-app-${id}`;
      return keys.map(String).filter((k) => k === own || k.startsWith(`${own}-`));
    } finally {
      db.close();
    }
  }, userId);
}

describe('logout removes the chats from this browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let carol: Member;
  let bob: Person;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Wipe');
    const bobMember = await createMember(server, 'bob', 'Bob Wipe');
    carol = await createMember(server, 'carol', 'Carol Wipe');
    await befriend(server, alice, bobMember);
    await apiSendText(server, alice, bobMember.id, 'Secret one');
    await apiSendText(server, alice, bobMember.id, 'Secret two');
    bob = await signIn(browser, server, bobMember, { serviceWorkers: 'allow' }); // the app shell's caches
    await expectListReady(bob.page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('stores the received and sent messages on the device', async () => {
    await expectChatRow(bob.page, alice.id, { unread: 2, last: 'Secret two' });
    await openChatFromList(bob.page, alice.id);
    await sendText(bob.page, 'Secret reply');
    await leaveChat(bob.page);
    // The index, the chat, and the friend and group lists (shown at an offline start).
    const own = `chats-app-${bob.id}`;
    const kept = [own, `${own}-PRIVATE-${alice.id}`, `${own}-FRIENDS`, `${own}-GROUPS`];
    const missing = async () => {
      const stored = await storedKeys(bob.page, bob.id);
      return kept.filter((k) => !stored.includes(k));
    };
    await eventually(missing, [], 'chat store saved');
  });

  it('leaves no record of the user in IndexedDB and no Cache Storage but the app shell after logging out', async () => {
    await bob.page.evaluate(async () => void (await caches.open('parley-test')).put('/x', new Response('x')));
    await logout(bob.page);
    await eventually(() => storedKeys(bob.page, bob.id), []);
    // Only the service worker's app shell (the app's own files) may stay.
    const left = await bob.page.evaluate(() => caches.keys());
    expect(left.filter((name) => !name.startsWith('workbox-precache'))).toEqual([]);
    // A save that raced with the logout (page hidden, timers) must not write them back.
    await bob.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await storedKeys(bob.page, bob.id)).toEqual([]);
  });

  it('shows the next user on this browser none of it', async () => {
    await submitLogin(bob.page, carol.userName, carol.password);
    await bob.page.waitForURL(MESSAGES_RE);
    await expectListReady(bob.page);
    await bob.page.getByTestId('chat-empty').waitFor();
    expect(await chatRow(bob.page, alice.id).count()).toBe(0);
    expect(await bob.page.getByText('Secret').count()).toBe(0);
    expect(await storedKeys(bob.page, bob.id)).toEqual([]);
    await screenshot(bob.page, 'logout-wipe-next-user');
    expect(bob.errors).toEqual([]);
  });
});
