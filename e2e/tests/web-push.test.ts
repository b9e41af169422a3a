/**
 * Web push in the browser (issue 11 point 5), at 390×844 and 1280×800. Headless
 * Chromium reaches no real push service, so the push is delivered to the service
 * worker through the DevTools protocol (ServiceWorker.deliverPushMessage) with every
 * app page closed; a new page then finds the notification (getNotifications) and its
 * target opens the right chat. Also the permission prompt with the spec's explanation
 * (Mine → Notifications), screenshots in en-US, zh-CN and ar-SA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ChatType, MessageType, Terminal, type PushPayload } from '@parley/protocol';
import {
  Routes,
  VIEWPORTS,
  launchBrowser,
  newUserPage,
  openRoute,
  screenshot,
  startServer,
  text,
  type RunningServer,
} from '../support/index.js';
import { WAIT_MS, apiLogin, befriend, createMember, type Member } from '../support/chat.js';
import { expectChatBox } from '../support/chat-box.js';
import { closeAppKeepWorker, shownNotifications } from '../support/push.js';

let server: RunningServer;
let browser: Browser;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  alice = await createMember(server, 'alice', 'Alice Push');
  bob = await createMember(server, 'bob', 'Bob Push');
  await befriend(server, alice, bob);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(viewport: { width: number; height: number }, locale = 'en-US') {
  const { accessToken, refreshToken } = await apiLogin(server, bob, Terminal.WEB);
  const page = await newUserPage(browser, { viewport, locale, pushOffer: true, serviceWorkers: 'allow' });
  await page.goto(`${server.url}/manifest.webmanifest`);
  await page.evaluate(
    ([info, lang]) => {
      localStorage.setItem('loginInfo', info!);
      localStorage.setItem('locale', lang!);
    },
    [JSON.stringify({ accessToken, refreshToken }), locale],
  );
  return page;
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  describe(`web push at ${size}`, () => {
    it('a push with every app page closed shows a notification; its target opens the chat', async () => {
      const page = await signedInPage(viewport);
      const context = page.context();
      await context.grantPermissions(['notifications'], { origin: server.url });
      await openRoute(page, server, Routes.chat);
      // Every app page closed; the DevTools session lives on a blank page.
      const app = await closeAppKeepWorker(page, server.url);

      const payload: PushPayload = {
        kind: 'message',
        chatType: ChatType.PRIVATE,
        chatId: alice.id,
        title: 'Alice Push',
        body: 'Are you there?',
        type: MessageType.TEXT,
        url: `/#/pages/chat/chat-box?type=PRIVATE&targetId=${alice.id}`,
        time: Date.now(),
      };
      await app.deliver(payload);
      const shown = await shownNotifications(context, server.url, 1, WAIT_MS);
      expect(shown).toEqual([
        {
          title: 'Alice Push',
          body: 'Are you there?',
          tag: `PRIVATE-${alice.id}`,
          url: payload.url,
          requireInteraction: false,
        },
      ]);
      // The tap's target: the app opens at Alice's chat.
      const viewer = await context.newPage();
      await viewer.goto(`${server.url}${shown[0]!.url}`);
      await expectChatBox(viewer, alice.id);
      await context.close();
    });

    for (const locale of ['en-US', 'zh-CN', 'ar-SA']) {
      it(`Mine → Notifications asks with the explanation (${locale})`, async () => {
        const page = await signedInPage(viewport, locale);
        await openRoute(page, server, Routes.mine);
        await page.getByTestId('mine-push-entry').click();
        const dialog = page.getByTestId('push-prompt');
        await dialog.waitFor({ timeout: WAIT_MS });
        await expect(dialog.innerText()).resolves.toContain(text(locale, 'push.promptText'));
        await screenshot(page, `web-push-prompt-${locale}-${size}`);
        await page.context().close();
      });
    }
  });
}
