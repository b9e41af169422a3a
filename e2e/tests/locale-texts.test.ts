/**
 * Texts in the reader's language, on a phone (390×844), two parts on one server.
 *
 * Issue 11 point 12 (and point 22's download failure): at ar-SA, user text inside the
 * app's own sentences is isolated, so "Bob 42" and a Hebrew/Latin name keep their order:
 * the chat list preview (sender and text, a group tip), the group tip in the chat box
 * (<bdi> per name), and a toast (a plain string: FSI … PDI around the file name). The
 * toast is a file download that fails on the network (602001) and says which file.
 *
 * Counts and relative times in each locale's plural forms (issue 20 point 13): Bob sends
 * two messages to Alice (ar-SA), Carol (zh-CN) and Dave (en-US); in Alice's chat list the
 * unread count reads with the Arabic dual ("رسالتان غير مقروءتين", not "2 رسالة") and, two
 * and a half minutes later, the time "قبل دقيقتين" (not "قبل 2 دقيقة"). The page's clock is
 * moved with Playwright's setFixedTime: Date.now() only, timers run on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { API_BASE, ChatType, MessageType, Terminal } from '@parley/protocol';
import {
  VIEWPORTS,
  launchBrowser,
  screenshot,
  startServer,
  text,
  type RunningServer,
  closeContexts,
} from '../support/index.js';
import type { Person } from '../support/contacts.js';
import { WAIT_MS, apiSendText, befriend, chatRow, createMember, openTerminal, type Member } from '../support/chat.js';
import { openChatByRoute, waitForType } from '../support/chat-box.js';
import { apiCreateGroup, apiGroupText, openGroupByRoute } from '../support/group.js';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ snapshotWeb: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A part's people (their browser contexts) go when the part ends. */
const closePeople = () => closeContexts(browser);

const BOB = 'Bob 42';
const DANA = 'דנה Dana 7';
const FILE = 'تقرير report 2.pdf';
const ar = (key: string, params?: Record<string, string>) => text('ar-SA', key, params);

/** The texts of the <bdi> elements inside `el`, in document order. */
const bdiTexts = (el: Locator) => el.evaluate((e) => Array.from(e.querySelectorAll('bdi'), (b) => b.textContent));

async function apiSendFile(server: RunningServer, from: Member, recvId: number, name: string, bytes: Buffer) {
  const headers = { accessToken: from.token };
  const upload = () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
    return fetch(`${server.url}${API_BASE}/file/upload`, { method: 'POST', headers, body: form });
  };
  // A loaded machine may shed the upload (503 + Retry-After): sent again after the wait, as the web app does.
  let reply = await upload();
  for (let i = 0; i < 5 && reply.status === 503; i++) {
    await new Promise((r) => setTimeout(r, 1000 * Math.min(2, Number(reply.headers.get('retry-after') ?? 1))));
    reply = await upload();
  }
  const up = (await reply.json()) as { code: number; data: string };
  expect(up.code).toBe(200);
  const content = JSON.stringify({ name, size: bytes.length, url: up.data });
  const res = await fetch(`${server.url}${API_BASE}/message/private/send`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tmpId: crypto.randomUUID(), recvId, type: MessageType.FILE, content }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(200);
}

describe('ar-SA: user text isolated in previews, group tips and toasts (390×844)', () => {
  let bob: Member;
  let dana: Member;
  let sara: Member;
  let page: Page;
  let groupId: number;

  beforeAll(async () => {
    bob = await createMember(server, 'bob', BOB);
    dana = await createMember(server, 'dana', DANA);
    sara = await createMember(server, 'sara', 'سارة');
    await befriend(server, bob, sara);
    await befriend(server, bob, dana);
    page = (
      await openTerminal(browser, server, sara, Terminal.WEB, async (p) => {
        await p.addInitScript(() => localStorage.setItem('locale', 'ar-SA'));
      })
    ).page;
    await page.setViewportSize(VIEWPORTS.phone);
  });
  afterAll(closePeople);

  it('the group tip in the chat list names each person in its own <bdi>', async () => {
    groupId = (await apiCreateGroup(server, bob, 'فريق Team 3', [sara, dana])).id;
    const last = page.getByTestId(`chat-last-${ChatType.GROUP}-${groupId}`);
    await expect.poll(() => bdiTexts(last), { timeout: WAIT_MS }).toContain(DANA);
    const names = await bdiTexts(last);
    expect(names).toContain(BOB);
    expect(names).toContain(DANA);
    // Translated into Arabic around them, not the server's English.
    expect(await last.innerText()).not.toContain('created the group');
  });

  it('a group message preview isolates the sender and the text; the name reads first (right) in RTL', async () => {
    await apiGroupText(server, bob, groupId, 'مرحبا 123');
    const last = page.getByTestId(`chat-last-${ChatType.GROUP}-${groupId}`);
    await expect.poll(() => bdiTexts(last), { timeout: WAIT_MS }).toEqual([BOB, 'مرحبا 123']);
    const [name, body] = await last.evaluate((e) =>
      Array.from(e.querySelectorAll('bdi'), (b) => {
        const r = b.getBoundingClientRect();
        return { left: r.left, right: r.right, dir: getComputedStyle(b).unicodeBidi };
      }),
    );
    expect(name!.dir).toBe('isolate');
    expect(name!.left).toBeGreaterThanOrEqual(body!.right - 1);
    // Inside its isolate "Bob 42" stays left to right: "42" to the right of "Bob".
    const order = await last.evaluate((e) => {
      const node = e.querySelector('bdi')!.firstChild!;
      const at = (from: number, to: number) => {
        const r = document.createRange();
        r.setStart(node, from);
        r.setEnd(node, to);
        return r.getBoundingClientRect().left;
      };
      return { bob: at(0, 3), digits: at(4, 6) };
    });
    expect(order.digits).toBeGreaterThan(order.bob);
    await screenshot(page, 'bidi-isolation-chat-list-ar-SA-phone');
  });

  it('the group tip in the chat box has each name in a <bdi>', async () => {
    await openGroupByRoute(page, server, groupId);
    const tip = page.locator(`[data-testid^="message-"][data-type="${MessageType.TIP_TEXT}"]`).first();
    await tip.waitFor({ timeout: WAIT_MS });
    const names = await bdiTexts(tip);
    expect(names).toContain(BOB);
    expect(names).toContain(DANA);
    await screenshot(page, 'bidi-isolation-group-tip-ar-SA-phone');
  });

  it('a download that fails on the network says so in a toast with the file name isolated', async () => {
    await apiSendFile(server, bob, sara.id, FILE, Buffer.from('%PDF-1.4\n%%EOF\n'));
    await openChatByRoute(page, server, bob.id);
    const key = await waitForType(page, MessageType.FILE, false);
    await page.route('**/uploads/files/**', (route) => route.abort('internetdisconnected'));
    await page.getByTestId(`message-file-${key}`).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor({ timeout: WAIT_MS });
    const shown = await toast.textContent();
    expect(shown).toBe(ar('chatBox.downloadFailed', { name: `\u2068${FILE}\u2069`, reason: ar('errors.networkWeak') }));
    await screenshot(page, 'bidi-isolation-download-toast-ar-SA-phone');
    await page.unroute('**/uploads/files/**');
  });
});

describe('plural texts (390×844)', () => {
  let bob: Member;
  const people: Record<string, Person> = {};

  beforeAll(async () => {
    bob = await createMember(server, 'pbob', 'Bob Plural');
    for (const [locale, prefix, name] of [
      ['ar-SA', 'palice', 'Alice Plural'],
      ['zh-CN', 'pcarol', 'Carol Plural'],
      ['en-US', 'pdave', 'Dave Plural'],
    ] as const) {
      const member = await createMember(server, prefix, name);
      await befriend(server, member, bob);
      // Signed in from an API login, in its language from the first load.
      people[locale] = await openTerminal(browser, server, member, Terminal.WEB, async (page) => {
        await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
      });
    }
  });
  afterAll(closePeople);

  it('reads two unread messages and two minutes ago in each locale’s forms', async () => {
    await apiSendText(server, bob, people['ar-SA']!.id, 'one');
    await apiSendText(server, bob, people['ar-SA']!.id, 'two');
    for (const locale of ['zh-CN', 'en-US']) {
      await apiSendText(server, bob, people[locale]!.id, 'one');
      await apiSendText(server, bob, people[locale]!.id, 'two');
    }
    const want = {
      'ar-SA': { unread: 'رسالتان غير مقروءتين', time: 'قبل دقيقتين' },
      'zh-CN': { unread: '2 条未读消息', time: '2分钟前' },
      'en-US': { unread: '2 unread messages', time: '2 minutes ago' },
    } as const;
    for (const [locale, text] of Object.entries(want)) {
      const page = people[locale]!.page;
      const row = chatRow(page, bob.id);
      await expect.poll(() => row.locator('.sr-only').innerText(), { timeout: WAIT_MS }).toBe(text.unread);
      // Two and a half minutes on; the list reads the clock when it opens.
      await page.clock.setFixedTime(Date.now() + 150_000);
      await page.reload();
      await page.getByTestId('tab-page-chat').waitFor();
      await expect.poll(() => row.locator('.chat-row__time').innerText(), { timeout: WAIT_MS }).toBe(text.time);
      await screenshot(page, `plural-chat-list-${locale}`);
    }
  });
});
