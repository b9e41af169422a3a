import { describe, expect, it, vi } from 'vitest';
import { Timing } from '@parley/protocol';
import { PUSH_REGISTER_ATTEMPTS, base64UrlToBytes, createRegistrar, type RegistrarDeps } from './registration';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function fakeManager() {
  const sub = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/x',
    options: { applicationServerKey: base64UrlToBytes(KEY).buffer },
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  return {
    sub,
    manager: { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => sub) } as unknown as PushManager,
  };
}

function deps(
  over: Partial<RegistrarDeps> = {},
): RegistrarDeps & { timers: { set: ReturnType<typeof vi.fn>; clear: () => void } } {
  const { manager } = fakeManager();
  return {
    permission: () => 'granted',
    pushManager: async () => manager,
    vapidKey: async () => KEY,
    report: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    cid: () => 'cid1',
    wanted: () => true,
    timers: { set: vi.fn(), clear: () => undefined },
    ...over,
  } as never;
}

describe('push registration', () => {
  it('subscribes with the VAPID key and reports the subscription with the cid', async () => {
    const d = deps();
    await expect(createRegistrar(d).register()).resolves.toBe(true);
    expect(d.report).toHaveBeenCalledWith('cid1', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    });
  });

  it('does nothing without permission', async () => {
    const d = deps({ permission: () => 'default' });
    await expect(createRegistrar(d).register()).resolves.toBe(false);
    expect(d.report).not.toHaveBeenCalled();
  });

  it('a failure is tried again after 1 s, a bounded number of times', async () => {
    const report = vi.fn(async () => {
      throw new Error('offline');
    });
    const pending: (() => void)[] = [];
    const d = deps({
      report,
      timers: {
        set: (fn: () => void, ms: number) => (expect(ms).toBe(Timing.PUSH_CID_RETRY_MS), pending.push(fn)),
        clear: () => undefined,
      },
    });
    await expect(createRegistrar(d).register()).resolves.toBe(false);
    for (let i = 0; i < 20 && pending.length; i++) {
      pending.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(Timing.PUSH_CID_RETRY_MS).toBe(1000);
    expect(report).toHaveBeenCalledTimes(PUSH_REGISTER_ATTEMPTS);
  });

  it('logout: removeCid and the browser subscription goes', async () => {
    const { manager, sub } = fakeManager();
    (manager.getSubscription as ReturnType<typeof vi.fn>).mockResolvedValue(sub);
    const d = deps({ pushManager: async () => manager });
    await createRegistrar(d).unregister();
    expect(d.remove).toHaveBeenCalled();
    expect(sub.unsubscribe).toHaveBeenCalled();
  });
});
