/**
 * The app's one socket. Later features listen here: `subscribeFrames(Cmd.PRIVATE_MESSAGE, fn)`
 * and `useConnectionState()`. The session module decides what the events mean.
 */
import { WS_PATH, type ServerFrame } from '@parley/protocol';
import { createStore, useStore } from '../app/createStore';
import { postToTabs } from '../app/tabs';
import { ImClient, type ImClientEvents, type SocketFailure, type SocketLike, type SocketState } from './ImClient';

export type { SocketFailure, SocketState } from './ImClient';

function socketUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${WS_PATH}`;
}

let handlers: ImClientEvents | null = null;
/** Registered once by the session module at start. */
export function setSocketHandlers(next: ImClientEvents): void {
  handlers = next;
}

export const im = new ImClient(
  {
    url: socketUrl(),
    createSocket: (url) => {
      // Tabs of this browser share the session: the one whose socket this replaces must not log out.
      postToTabs({ socketOpening: true });
      return new WebSocket(url) as unknown as SocketLike;
    },
  },
  {
    onForceLogout: (reason) => handlers?.onForceLogout(reason),
    onAccountClosed: (type, reason) => handlers?.onAccountClosed(type, reason),
    onConnectionLost: () => handlers?.onConnectionLost(),
    onReconnected: () => handlers?.onReconnected(),
    onAuthFailed: () => handlers?.onAuthFailed() ?? Promise.resolve(null),
  },
);

// The browser's word on the network reaches the socket at once (ImClient.networkChanged).
if (typeof globalThis.addEventListener === 'function') {
  globalThis.addEventListener('online', () => im.networkChanged(true));
  globalThis.addEventListener('offline', () => im.networkChanged(false));
  if (globalThis.navigator?.onLine === false) im.networkChanged(false);
}

const connectionState = createStore<SocketState>(im.getState());
im.onStateChange((s) => connectionState.set(s));

export function useConnectionState(): SocketState {
  return useStore(connectionState);
}

const connectionFailure = createStore<SocketFailure | null>(im.lastFailure());
im.onFailureChange((f) => connectionFailure.set(f));

/** The last connection attempt's failure (600009) until the socket logs in again, or null. */
export function useConnectionFailure(): SocketFailure | null {
  return useStore(connectionFailure);
}

export function subscribeFrames(cmd: number, listener: (frame: ServerFrame) => void): () => void {
  return im.subscribe(cmd, listener);
}

export function onConnectionState(listener: (s: SocketState) => void): () => void {
  return im.onStateChange(listener);
}

/** Each time the socket logs in again after the first login (a reconnect): frames sent meanwhile were missed. */
export function onReconnect(listener: () => void): () => void {
  let wasLoggedIn = false;
  return onConnectionState((state) => {
    if (state !== 'loggedIn') return;
    if (wasLoggedIn) listener();
    wasLoggedIn = true;
  });
}
