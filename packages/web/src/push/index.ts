/**
 * Web push on the page (issue 11 point 5): registers this browser for the signed-in
 * user once notification permission is granted, asks for that permission with the
 * spec's explanation at a moment that makes sense (after the user's first send, or
 * from Mine → Notifications; never at load), and unregisters at logout (removeCid).
 */
import { createStore, useStore } from '../app/createStore';
import { sessionStore } from '../app/session';
import { call } from '../api/call';
import { t } from '../i18n';
import { alertDialog, confirmDialog } from '../ui/dialog';
import { createRegistrar } from './registration';
import { followLanguage, savePushStrings } from './strings';

export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

const CID_KEY = 'parley.pushCid';
const ASKED_KEY = 'parley.pushAsked';

const supported = (): boolean =>
  typeof Notification === 'function' && 'serviceWorker' in navigator && typeof PushManager === 'function';

const permission = (): NotificationPermission | 'unsupported' =>
  supported() ? Notification.permission : 'unsupported';

function stateNow(): PushState {
  const p = permission();
  return p === 'unsupported' ? 'unsupported' : p === 'granted' ? 'on' : p === 'denied' ? 'blocked' : 'off';
}

export const pushState = createStore<PushState>(stateNow());
export const usePushState = () => useStore(pushState);

function cid(): string {
  try {
    let id = localStorage.getItem(CID_KEY);
    if (!id) {
      id = crypto.randomUUID().replace(/-/g, '');
      localStorage.setItem(CID_KEY, id);
    }
    return id;
  } catch {
    return 'web';
  }
}

/** The service worker's PushManager; null without one (dev server, unsupported browser). */
async function pushManager(): Promise<PushManager | null> {
  if (!supported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg?.pushManager ?? null;
}

let registeredFor: number | null = null;
const registrar = createRegistrar({
  permission,
  pushManager,
  vapidKey: async () => (await call('userPushKey', { silent: true })).publicKey,
  report: async (id, subscription) => {
    await call('userReportCid', { query: { cid: id }, body: subscription, silent: true });
  },
  remove: async () => {
    await call('userRemoveCid', { silent: true });
  },
  cid,
  wanted: () => sessionStore.get().status === 'ready' && sessionStore.get().user?.id === registeredFor,
});

function register(): void {
  registeredFor = sessionStore.get().user?.id ?? null;
  if (registeredFor === null) return;
  void savePushStrings();
  followLanguage();
  void registrar.register();
}

/** Logout: before the tokens go, so removeCid still authenticates. */
export async function stopPush(): Promise<void> {
  registeredFor = null;
  if (supported()) await registrar.unregister();
}

/** Ask with the explanation; a "yes" then asks the browser (still inside the tap's activation). */
async function ask(): Promise<void> {
  const ok = await confirmDialog({
    title: t('push.promptTitle'),
    content: t('push.promptText'),
    confirmText: t('push.allow'),
    cancelText: t('push.notNow'),
    testId: 'push-prompt',
  });
  if (!ok) return;
  const result = await Notification.requestPermission().catch(() => 'default' as const);
  pushState.set(stateNow());
  if (result === 'granted') register();
}

/** After the user's first send: offered once per browser, and only while undecided. */
export function offerPushPermission(): void {
  if (permission() !== 'default') return;
  try {
    if (localStorage.getItem(ASKED_KEY)) return;
    localStorage.setItem(ASKED_KEY, '1');
  } catch {
    return;
  }
  // Let the sent message appear first.
  setTimeout(() => void ask(), 600);
}

/** Mine → Notifications. */
export async function openPushSettings(): Promise<void> {
  const state = stateNow();
  pushState.set(state);
  if (state === 'off') return ask();
  const key = { on: 'push.onText', blocked: 'push.blockedText', unsupported: 'push.unsupportedText' }[state];
  await alertDialog({ title: t('push.title'), content: t(key), testId: 'push-info' });
}

// Signed in (start, login) with permission already granted: register; the retry rule is in registration.ts.
let lastUser: number | null = null;
sessionStore.subscribe(() => {
  const { status, user } = sessionStore.get();
  const id = status === 'ready' ? (user?.id ?? null) : null;
  if (id === lastUser) return;
  lastUser = id;
  if (id !== null && permission() === 'granted') register();
});
if (sessionStore.get().status === 'ready' && permission() === 'granted') {
  lastUser = sessionStore.get().user?.id ?? null;
  register();
}
