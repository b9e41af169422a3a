/**
 * Test support: the engine's incoming part over its own store, signed in and in
 * the middle of an offline pull, so the one-by-one path (applyMessage) and the
 * batch path (applyPulled) can be run on the same input and compared.
 */
import { createStore } from '../app/createStore';
import { createCore, newSession } from './context';
import type { ChatEngineDeps } from './deps';
import { createGroupIncoming } from './groupIncoming';
import { createIncoming } from './incoming';
import { createMemoryPersistence } from './persistence';
import { createReading } from './reading';
import { createSaver } from './saving';
import { EMPTY_CHATS, type ChatRecord, type ChatsState } from './state';

export function pullHarness(userId: number, chats: Record<string, ChatRecord>, openKey: string | null = null) {
  const store = createStore<ChatsState>({ ...EMPTY_CHATS, userId, phase: 'receiving', chats });
  const reads: number[] = [];
  const deps: ChatEngineDeps = {
    api: {
      send: () => Promise.reject(new Error('unused')),
      recall: () => Promise.reject(new Error('unused')),
      edit: () => Promise.reject(new Error('unused')),
      react: () => Promise.reject(new Error('unused')),
      pullOffline: () => Promise.resolve(null),
      readed: (friendId) => Promise.resolve(void reads.push(friendId)),
      maxReadedId: () => Promise.resolve(-1),
      history: () => Promise.resolve([]),
    },
    groupApi: {
      send: () => Promise.reject(new Error('unused')),
      recall: () => Promise.reject(new Error('unused')),
      edit: () => Promise.reject(new Error('unused')),
      react: () => Promise.reject(new Error('unused')),
      pullOffline: () => Promise.resolve(null),
      readed: (groupId) => Promise.resolve(void reads.push(groupId)),
      history: () => Promise.resolve([]),
    },
    upload: {
      image: () => Promise.reject(new Error('unused')),
      file: () => Promise.reject(new Error('unused')),
      video: () => Promise.reject(new Error('unused')),
      localUrl: () => '',
    },
    persistence: createMemoryPersistence(),
    peer: (id) => (id % 2 === 0 ? { showName: `peer${id}`, headImage: '', isDnd: false } : undefined),
    lookupUser: () => new Promise(() => undefined),
    group: (id) => (id % 2 === 0 ? { showName: `group${id}`, headImage: '', isDnd: false } : undefined),
    lookupGroup: () => new Promise(() => undefined),
    t: (key) => key,
    now: () => 0,
    newTmpId: () => 'tmp',
    isVisible: () => true,
    notify: () => undefined,
    toast: () => undefined,
    timers: { set: (fn) => (fn(), 0), clear: () => undefined },
  };
  const session = newSession();
  Object.assign(session, { userId, loaded: true, pulling: true, openKey });
  const saver = createSaver(store, deps, session);
  const core = createCore(store, deps, session, saver);
  const reading = createReading(core, saver);
  const incoming = createIncoming(core, reading);
  const groupIncoming = createGroupIncoming(core, reading);
  return { store, incoming, groupIncoming, reads, chats: () => store.get().chats };
}
