/**
 * Messages between this app's tabs in one browser: they share the stored tokens
 * (localStorage) and so one session. A tab says when it forgets a user (logout)
 * and when it opens its socket: the server keeps one socket per user and terminal,
 * so the tab it replaces must not take that for a login elsewhere.
 */
export type TabMessage =
  | { forget: number }
  | { socketOpening: true }
  /** A tab shows this call (null: no longer); the socket's tab forwards its signals (calls/tabs.ts). */
  | { call: string | null }
  /** A tab asks whether another one shows this call. */
  | { callAsk: string }
  /** A call signal frame forwarded by the tab that holds the socket. */
  | { callFrame: unknown };

const CHANNEL = 'parley-tabs';
/** How long after a sibling opened its socket a force-logout frame is put down to it. */
export const SIBLING_REPLACE_MS = 15_000;

let channel: BroadcastChannel | null | undefined;
const listeners = new Set<(message: TabMessage) => void>();
let siblingOpenedAt = -Infinity;

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel =
    typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  if (channel)
    channel.onmessage = (e: MessageEvent<TabMessage>) => {
      if ('socketOpening' in e.data) siblingOpenedAt = Date.now();
      for (const listener of listeners) listener(e.data);
    };
  return channel;
}

export function postToTabs(message: TabMessage): void {
  open()?.postMessage(message);
}

export function onTabMessage(listener: (message: TabMessage) => void): void {
  open();
  listeners.add(listener);
}

/** Start listening early: the socket-opening notes must be heard before a force-logout frame arrives. */
export const listenToTabs = (): void => void open();

/** Another tab of this browser opened its socket just now: a force-logout frame means it replaced ours. */
export const replacedBySibling = (): boolean => Date.now() - siblingOpenedAt < SIBLING_REPLACE_MS;
