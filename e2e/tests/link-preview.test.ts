/**
 * Link previews (issue 21 point 4): Alice (phone, 390×844) types a link, the preview
 * appears above the text box after a pause, × leaves it out of that message; sent with
 * it, both sides show the card under the text; Bob (desktop, 1280×800) taps it and gets
 * the leave warning. The linked site is a local HTTP server that the Parley server may
 * reach (OUTBOUND_ALLOW_CIDRS); every request it gets must be the server's: the browsers
 * never contact it, and it is read once (page and image) however many see the card.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, MessageType, api } from '@parley/protocol';
import {
  VIEWPORTS,
  launchBrowser,
  openTab,
  screenshot,
  startServer,
  switchLanguage,
  type RunningServer,
} from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { WAIT_MS, befriend, createMember, type Member } from '../support/chat.js';
import { openChatFromList, waitForText } from '../support/chat-box.js';
import { tinyPng } from '../support/png.js';

const SCREENSHOTS = !!process.env.E2E_SCREENSHOTS && process.env.E2E_SCREENSHOTS !== '0';

describe('link previews (phone and desktop)', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: http.Server;
  let base: string;
  /** Every request the linked site got: path and user agent. */
  const requests: { path: string; agent: string }[] = [];
  let alice: Member;
  let bobMember: Member;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    const cover = tinyPng(600, 315, [40, 110, 200]);
    site = http.createServer((req, res) => {
      requests.push({ path: req.url ?? '', agent: req.headers['user-agent'] ?? '' });
      if (req.url === '/cover.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(cover);
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Trains</title>
        <meta property="og:title" content="Night trains across Europe">
        <meta property="og:description" content="Where the sleeper trains go this winter, with the timetables and what a berth costs on each line.">
        <meta property="og:site_name" content="Rail Journal">
        <meta property="og:image" content="/cover.png"></head><body>Article</body></html>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    server = await startServer({ snapshotWeb: true, env: { OUTBOUND_ALLOW_CIDRS: '127.0.0.1/32' } });
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Links');
    bobMember = await createMember(server, 'bob', 'Bob Links');
    await befriend(server, alice, bobMember);
    a = await signIn(browser, server, alice);
    b = await signIn(browser, server, bobMember, { viewport: VIEWPORTS.desktop });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    site?.closeAllConnections();
    await new Promise((r) => site?.close(r));
  });

  const bar = (page: Page) => page.getByTestId('link-preview-bar');
  const type = (page: Page, value: string) => page.getByTestId('composer-input').fill(value);
  const send = (page: Page) => page.getByTestId('composer-send').click();

  it('preview while typing, removed for one message, sent with the next; the card on both sides opens the leave warning', async () => {
    const article = `${base}/article`;
    await openChatFromList(a.page, b.id);

    // The preview appears after a pause; × leaves it out of this message.
    const first = `Have a look: ${article}`;
    await type(a.page, first);
    await bar(a.page).waitFor({ timeout: WAIT_MS });
    expect(await a.page.getByTestId('link-preview-bar-title').innerText()).toBe('Night trains across Europe');
    expect(await bar(a.page).locator('img').getAttribute('src')).toMatch(/^\/uploads\//);
    await screenshot(a.page, 'link-preview-composer-phone-en-US');
    await a.page.getByTestId('link-preview-remove').click();
    await bar(a.page).waitFor({ state: 'detached' });
    await send(a.page);
    const plainKey = await waitForText(a.page, first, true);
    expect(await a.page.getByTestId(`message-link-${plainKey}`).count()).toBe(0);

    // The next message with the link goes with its preview (the answer is remembered: no new fetch).
    const second = `The sleeper to Vienna ${article}`;
    await type(a.page, second);
    await bar(a.page).waitFor({ timeout: WAIT_MS });
    await send(a.page);
    await bar(a.page).waitFor({ state: 'detached' });
    const key = await waitForText(a.page, second, true);
    await a.page.getByTestId(`message-link-${key}`).waitFor();

    await openChatFromList(b.page, a.id);
    expect(await waitForText(b.page, second, false)).toBe(key);
    const card = b.page.getByTestId(`message-link-${key}`);
    await card.waitFor();
    const shown = await card.innerText();
    expect(shown).toContain('Rail Journal');
    expect(shown).toContain('Night trains across Europe');
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/uploads\//);
    expect(await b.page.getByTestId(`message-link-${plainKey}`).count()).toBe(0);
    await screenshot(a.page, 'link-preview-sent-phone-en-US');
    await screenshot(b.page, 'link-preview-received-desktop-en-US');

    await card.click();
    await b.page.getByTestId('external-link-warning').waitFor();
    expect(await b.page.getByTestId('external-link-url').innerText()).toBe(article);

    // The site was read once, page and image, by the server only: no browser asked it anything.
    expect(requests.map((r) => r.path).sort()).toEqual(['/article', '/cover.png']);
    for (const r of requests) expect(r.agent).toContain('ParleyLinkPreview');
  });

  it.skipIf(!SCREENSHOTS)('screenshots in zh-CN (phone) and ar-SA (desktop)', async () => {
    for (const [locale, viewport] of [
      ['zh-CN', VIEWPORTS.phone],
      ['ar-SA', VIEWPORTS.desktop],
    ] as const) {
      const friend = await createMember(server, `l${locale.slice(0, 2)}`, `Link ${locale}`);
      await befriend(server, alice, friend);
      // The language is picked on the phone's Mine tab, then the page takes its size.
      const p = await signIn(browser, server, friend);
      await switchLanguage(p.page, locale);
      await openTab(p.page, 'chat');
      await p.page.setViewportSize(viewport);
      const content = `${locale} ${base}/article`;
      const sent = await fetch(`${server.url}${API_BASE}${api.privateSend.path}`, {
        method: 'POST',
        headers: { accessToken: alice.token, 'content-type': 'application/json' },
        body: JSON.stringify({
          tmpId: `lp-${locale}`,
          recvId: friend.id,
          type: MessageType.TEXT,
          content,
          linkPreview: { url: `${base}/article` },
        }),
      });
      expect(sent.status).toBe(200);
      await openChatFromList(p.page, alice.id);
      const key = await waitForText(p.page, content, false);
      await p.page.getByTestId(`message-link-${key}`).waitFor();
      await type(p.page, `${base}/article`);
      await bar(p.page).waitFor({ timeout: WAIT_MS });
      await screenshot(p.page, `link-preview-${locale}`);
    }
  });
});
