/** Private chat (issue 4): pinned and deleted chats survive a reload; a new message brings a deleted chat back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { en, launchBrowser, screenshot, startServer, type RunningServer } from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import {
  apiSendText,
  befriend,
  chatOrder,
  chatRow,
  createMember,
  eventually,
  expectChatRow,
  expectListReady,
  type Member,
} from '../support/chat.js';

/** Right-click on a chat row, or a finger held on it, → one item of its menu. */
async function chatMenu(page: Page, peerId: number, item: 'pin' | 'delete', how: 'mouse' | 'touch' = 'mouse') {
  const row = chatRow(page, peerId);
  if (how === 'mouse') await row.click({ button: 'right' });
  else {
    const box = (await row.boundingBox())!;
    const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + 40, clientY: box.y + 20 };
    await row.dispatchEvent('pointerdown', at);
    await page.getByTestId('chat-menu').waitFor(); // opens after 500 ms held
    await row.dispatchEvent('pointerup', at);
  }
  await page.getByTestId('chat-menu').waitFor();
  await page.getByTestId(`chat-menu-${item}`).click();
}

const pinned = (page: Page, peerId: number) => chatRow(page, peerId).getAttribute('data-pinned');

describe('private chat: pinned and deleted chats across reloads (390×844)', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let carol: Member;
  let dave: Member;
  let b: Person;

  async function reload(): Promise<void> {
    await b.page.reload();
    await expectListReady(b.page);
  }

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true }); // others may rebuild the shared dist mid-run
    browser = await launchBrowser();
    const bob = await createMember(server, 'bob', 'Bob Persist');
    alice = await createMember(server, 'alice', 'Alice Persist');
    carol = await createMember(server, 'carol', 'Carol Persist');
    dave = await createMember(server, 'dave', 'Dave Persist');
    for (const friend of [alice, carol, dave]) await befriend(server, friend, bob);
    // Oldest first: Alice, Carol, Dave; Bob was offline for all of it.
    for (const [from, text] of [
      [alice, 'From Alice'],
      [carol, 'From Carol'],
      [dave, 'From Dave'],
    ] as const) {
      await apiSendText(server, from, bob.id, text);
    }
    b = await signIn(browser, server, bob);
    await expectListReady(b.page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists what arrived while Bob was away, newest first, one unread each', async () => {
    await expectChatRow(b.page, alice.id, { unread: 1, last: 'From Alice' });
    await expectChatRow(b.page, carol.id, { unread: 1, last: 'From Carol' });
    await expectChatRow(b.page, dave.id, { unread: 1, last: 'From Dave' });
    expect(await chatOrder(b.page)).toEqual([dave.id, carol.id, alice.id]);
  });

  it('pins the chat with Alice to the top', async () => {
    await chatMenu(b.page, alice.id, 'pin');
    await b.page.getByTestId('chat-menu').waitFor({ state: 'detached' });
    await eventually(() => pinned(b.page, alice.id), 'true');
    await eventually(() => chatOrder(b.page), [alice.id, dave.id, carol.id]);
    expect(await pinned(b.page, dave.id)).toBe('false');
  });

  it('deletes the chat with Carol after a long press and confirming', async () => {
    await chatMenu(b.page, carol.id, 'delete', 'touch');
    const dialog = b.page.getByTestId('chat-delete-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(en('chat.deleteConfirm', { name: carol.nickName }));
    await b.page.getByTestId('chat-delete-dialog-confirm').click();
    await chatRow(b.page, carol.id).waitFor({ state: 'detached' });
    expect(await chatOrder(b.page)).toEqual([alice.id, dave.id]);
    await screenshot(b.page, 'chat-persist-pinned');
  });

  it('keeps the pin, the deletion and the unread counts after a reload', async () => {
    await reload();
    await eventually(() => chatOrder(b.page), [alice.id, dave.id]);
    expect(await pinned(b.page, alice.id)).toBe('true');
    await expectChatRow(b.page, alice.id, { unread: 1, last: 'From Alice' });
    await expectChatRow(b.page, dave.id, { unread: 1, last: 'From Dave' });
    expect(await chatRow(b.page, carol.id).count()).toBe(0);
  });

  it('keeps the pinned chat first when another chat gets a newer message', async () => {
    await apiSendText(server, dave, b.id, 'Still there?');
    await expectChatRow(b.page, dave.id, { unread: 2, last: 'Still there?' });
    expect(await chatOrder(b.page)).toEqual([alice.id, dave.id]);
  });

  it('brings the deleted chat back, counting only the new message, when Carol writes again', async () => {
    await apiSendText(server, carol, b.id, 'Hello again');
    await expectChatRow(b.page, carol.id, { unread: 1, last: 'Hello again' });
    await eventually(() => chatOrder(b.page), [alice.id, carol.id, dave.id]);
    await reload();
    await eventually(() => chatOrder(b.page), [alice.id, carol.id, dave.id]);
    await expectChatRow(b.page, carol.id, { unread: 1, last: 'Hello again' });
    expect(b.errors).toEqual([]);
  });

  it('unpins Alice: her chat falls back to its place by time', async () => {
    await chatMenu(b.page, alice.id, 'pin'); // the same item now reads "unpin"
    await eventually(() => pinned(b.page, alice.id), 'false');
    await eventually(() => chatOrder(b.page), [carol.id, dave.id, alice.id]);
    await reload();
    await eventually(() => chatOrder(b.page), [carol.id, dave.id, alice.id]);
    expect(await pinned(b.page, alice.id)).toBe('false');
  });
});
