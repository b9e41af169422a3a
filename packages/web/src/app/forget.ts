/**
 * Forgetting a user on this device (logout, deleted account): the next person
 * using the browser must find none of their chats. Each part holding the user's
 * data registers how to drop it; the session calls them, and other open tabs of
 * the same user are told, so none of them writes the data back.
 */
import { onTabMessage, postToTabs } from './tabs';

type Forgetter = (userId: number) => Promise<void> | void;

const forgetters: Forgetter[] = [];

export function onForgetUser(forgetter: Forgetter): void {
  forgetters.push(forgetter);
}

/** Run every forgetter (at once: the chat layer must stop saving before the session ends), then tell other tabs. */
export function forgetUser(userId: number, tellOtherTabs = true): Promise<void> {
  const done = Promise.all([...forgetters.map((f) => run(f, userId)), clearCacheStorage()]).then(() => undefined);
  if (tellOtherTabs) postToTabs({ forget: userId });
  return done;
}

async function run(forgetter: Forgetter, userId: number): Promise<void> {
  try {
    await forgetter(userId);
  } catch (err) {
    console.error('forget user: a part failed', err);
  }
}

/**
 * Every cache but the service worker's app shell (Workbox precache: the app's own files,
 * nobody's data), which the installed app needs to open offline for the next user.
 */
export const isAppShellCache = (name: string): boolean => name.startsWith('workbox-precache');

async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    for (const name of await caches.keys()) if (!isAppShellCache(name)) await caches.delete(name);
  } catch {
    // insecure origin or storage blocked: nothing was cached either
  }
}

/** Another tab forgot a user: `handler` ends this tab's session when it is that user's. Called once at start. */
export function listenToOtherTabs(handler: (userId: number) => void): void {
  onTabMessage((message) => {
    if ('forget' in message) handler(message.forget);
  });
}
