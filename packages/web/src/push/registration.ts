/**
 * Web push registration (issue 11 point 5, spec §9): with notification permission,
 * subscribe this browser with the server's VAPID key and report the subscription
 * (POST /user/reportCid); a failure is tried again after 1 s (PUSH_CID_RETRY_MS),
 * a bounded number of times. Dependencies are injected so the logic is unit-tested.
 */
import { Timing, type PushSubscriptionRequest } from '@parley/protocol';
import { retryEvery, type RetryTimers } from '../app/retry';

/** Attempts before giving up until the next start or login (a browser without a push service). */
export const PUSH_REGISTER_ATTEMPTS = 10;

export interface RegistrarDeps {
  permission(): NotificationPermission | 'unsupported';
  /** The service worker registration's PushManager, or null (no service worker, no push). */
  pushManager(): Promise<PushManager | null>;
  vapidKey(): Promise<string>;
  report(cid: string, subscription: PushSubscriptionRequest): Promise<void>;
  remove(): Promise<void>;
  /** This browser's registration id (kept in local storage). */
  cid(): string;
  /** Whether the registration is still wanted (the same user is signed in). */
  wanted(): boolean;
  timers?: RetryTimers;
}

export function base64UrlToBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
};

/** PushSubscription.toJSON() in the shape the server checks. */
export function subscriptionBody(sub: PushSubscription): PushSubscriptionRequest {
  const json = sub.toJSON();
  return {
    endpoint: json.endpoint ?? sub.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

export function createRegistrar(deps: RegistrarDeps) {
  let pending: { cancel(): void } | null = null;

  /** One attempt: subscribe (or reuse the subscription made with this key) and report it. */
  async function attempt(): Promise<void> {
    const manager = await deps.pushManager();
    if (!manager) return;
    const key = base64UrlToBytes(await deps.vapidKey());
    let sub = await manager.getSubscription();
    if (sub && !sameKey(sub.options.applicationServerKey, key)) {
      // Made with another server key (a new DATA_DIR): that one no longer delivers.
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await deps.report(deps.cid(), subscriptionBody(sub));
  }

  return {
    /** Resolves with the first attempt's outcome; retries run behind it. */
    register(): Promise<boolean> {
      pending?.cancel();
      if (deps.permission() !== 'granted') return Promise.resolve(false);
      let tries = 0;
      const run = retryEvery(
        () => {
          tries++;
          return attempt();
        },
        Timing.PUSH_CID_RETRY_MS,
        () => tries < PUSH_REGISTER_ATTEMPTS && deps.wanted(),
        deps.timers,
      );
      pending = run;
      return run.first;
    },
    /** Logout: the server forgets this device (removeCid) and the browser drops the subscription. */
    async unregister(): Promise<void> {
      pending?.cancel();
      pending = null;
      await deps.remove().catch(() => undefined);
      const manager = await deps.pushManager().catch(() => null);
      const sub = await manager?.getSubscription().catch(() => null);
      await sub?.unsubscribe().catch(() => undefined);
    },
  };
}
