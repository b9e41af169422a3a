/**
 * Web push in the service worker (issue 11 point 5): a push shows a notification
 * (one per chat: the tag makes a newer one replace it, so a missed call replaces its
 * ring; one per requester for friend requests), and a tap focuses an open app window
 * at the chat, call or New friends route, or opens the app there. The page stores
 * the notification words of the user's language (push/strings.ts); English otherwise.
 */
import {
  PUSH_STRINGS_CACHE,
  PUSH_STRINGS_EN as ENGLISH,
  PUSH_STRINGS_URL,
  type PushPayload,
  type PushStrings,
} from '@parley/protocol';
import { notificationTag, notificationText } from './notificationText';

declare const self: ServiceWorkerGlobalScope;

async function strings(): Promise<PushStrings> {
  try {
    const cache = await caches.open(PUSH_STRINGS_CACHE);
    const res = await cache.match(PUSH_STRINGS_URL);
    if (res) return { ...ENGLISH, ...((await res.json()) as Partial<PushStrings>) };
  } catch {
    // no cache: English
  }
  return ENGLISH;
}

type Payload = PushPayload;

function parse(data: PushMessageData | null): Payload | null {
  try {
    const p = data?.json() as Payload | undefined;
    return p && typeof p.url === 'string' && p.url.startsWith('/#/') ? p : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = parse(event.data);
  event.waitUntil(
    (async () => {
      const s = await strings();
      // A push must show something (userVisibleOnly); an unreadable one shows the app name.
      const p =
        payload ??
        ({
          kind: 'message',
          chatType: 'SYSTEM',
          chatId: 0,
          title: '',
          body: '',
          type: 0,
          url: '/#/',
          time: Date.now(),
        } as Payload);
      const { title, body } = notificationText(p, s);
      await self.registration.showNotification(title, {
        body,
        tag: notificationTag(p),
        icon: '/icon.svg',
        badge: '/icon.svg',
        timestamp: p.time,
        data: { url: p.url, kind: p.kind },
        // A ring stays until answered or replaced (missed call), and alerts even when it replaces a message.
        requireInteraction: p.kind === 'call',
        renotify: p.kind === 'call',
      } as NotificationOptions);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/#/';
  event.waitUntil(
    (async () => {
      const target = new URL(url, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // The app follows hash changes: navigating the hash keeps the running app.
        await open.navigate(target).catch(() => open.postMessage({ type: 'OPEN_URL', url }));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
