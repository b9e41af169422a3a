/**
 * The system stream wired to the browser: REST calls, the socket's cmd 5 frames,
 * IndexedDB, the page's visibility and desktop notifications. main.tsx calls
 * `installSystem()` once; screens read system/store.ts and act through `systemActions`.
 */
import { Cmd } from '@parley/protocol';
import { call } from '../api/call';
import { followSession } from '../app/followSession';
import { navigateTo } from '../app/navigation';
import { pageVisible, showNotification } from '../chat/notify';
import { t as translate } from '../i18n';
import { Links } from '../routes/paths';
import { onConnectionState, subscribeFrames } from '../socket';
import { createSystemEngine } from './engine';
import { createIdbSystemPersistence, createMemorySystemPersistence } from './persistence';
import { systemStore } from './store';
import { systemIntro, systemTitle } from './text';

export { systemStore, useSystemEntry, useSystemState, useSystemUnread } from './store';

const engine = createSystemEngine(systemStore, {
  api: {
    pullOffline: (minSeqNo) => call('systemPullOffline', { query: { minSeqNo }, silent: true }),
    readed: (maxSeqNo) => call('systemReaded', { query: { maxSeqNo }, silent: true }),
    maxReadedSeqNo: () => call('systemMaxReadedSeqNo', { silent: true }),
  },
  persistence: typeof indexedDB === 'undefined' ? createMemorySystemPersistence() : createIdbSystemPersistence(),
  isVisible: pageVisible,
  notify: (item) =>
    showNotification({
      title: systemTitle(item, translate),
      body: systemIntro(item, translate),
      icon: item.coverUrl,
      tag: 'SYSTEM-0',
      onClick: () => navigateTo(Links.systemContent(item.id)),
    }),
  timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
});

export const systemActions = {
  open: engine.open,
  close: engine.close,
  pin: engine.pin,
  remove: engine.remove,
  readUpTo: engine.readUpTo,
};

let installed = false;
/** Follow the session, the socket and the page. Called once at start. */
export function installSystem(): void {
  if (installed) return;
  installed = true;
  subscribeFrames(Cmd.SYSTEM_MESSAGE, (frame) => engine.onFrame(frame.data));
  onConnectionState((state) => engine.onConnection(state));
  document.addEventListener('visibilitychange', () => engine.onVisibilityChange());
  globalThis.addEventListener('pagehide', () => void engine.flush());
  followSession(engine);
}
