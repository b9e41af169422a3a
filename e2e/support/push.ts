/**
 * Web push for the browser tests: the loopback push service, browser-side keys and the
 * RFC 8291 decryption are the server tests' own (packages/server/test/support/push.ts),
 * so a test can hand the very payload the server sent to the service worker
 * (ServiceWorker.deliverPushMessage); the worker-side steps are here.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { PushPayload } from '@parley/protocol';
import type { PushServiceStub } from '../../packages/server/test/support/push.js';

export {
  browserKeys,
  decryptPayload,
  startPushService,
  subscriptionOf,
  type BrowserKeys,
  type PushServiceStub,
} from '../../packages/server/test/support/push.js';

/** The bodies the server posted to `path` of the push service, oldest first. */
export const bodiesTo = (push: PushServiceStub, path: string): Buffer[] =>
  push.requests.filter((r) => r.path === path).map((r) => r.body);

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: string;
  requireInteraction: boolean;
}

/** The app's worker, reachable through DevTools once every app page is closed. */
export interface ClosedApp {
  cdp: CDPSession;
  registrationId: string;
  /** Hands `payload` to the worker as if the push service had delivered it. */
  deliver(payload: PushPayload): Promise<void>;
}

/**
 * Closes the app page `page` (its worker is installed) and keeps a DevTools session on
 * a blank page of the same browser, so no app window stays open.
 */
export async function closeAppKeepWorker(page: Page, serverUrl: string): Promise<ClosedApp> {
  const context = page.context();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const blank = await context.newPage();
  await blank.goto('about:blank');
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const mine = e.registrations.find((r) => r.scopeURL.startsWith(serverUrl));
        if (mine) resolve(mine.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  await page.close();
  const origin = new URL(serverUrl).origin;
  return {
    cdp,
    registrationId,
    deliver: async (payload) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    },
  };
}

/**
 * The worker's notifications, read from a non-app page, once there are `expected` of
 * them (or after `waitMs`: the worker may have to start first on a busy machine).
 */
export async function shownNotifications(
  context: BrowserContext,
  serverUrl: string,
  expected: number,
  waitMs: number,
): Promise<ShownNotification[]> {
  const viewer = await context.newPage();
  await viewer.goto(`${serverUrl}/manifest.webmanifest`);
  const read = () =>
    viewer.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return ((await reg?.getNotifications()) ?? []).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
        requireInteraction: n.requireInteraction,
      }));
    });
  const until = Date.now() + waitMs;
  let shown: ShownNotification[] = await read();
  while (shown.length !== expected && Date.now() < until) {
    await viewer.waitForTimeout(100);
    shown = await read();
  }
  await viewer.close();
  return shown;
}
