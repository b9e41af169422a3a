/**
 * Where the system stream lives between visits: one record per user in the chat
 * store's IndexedDB object store, under the key of a SYSTEM chat
 * (`chats-app-{userId}-SYSTEM-0`), so the chat layer's wipe at logout removes it too.
 * The cursor is saved in the same record as the notifications it covers.
 */
import { STORE, chatRecordKey, chatStoreOpener } from '../chat/persistence';
import type { SystemItem } from './state';

export interface StoredSystem {
  items: SystemItem[];
  /** Largest seqNo held with nothing missing below it: the offline pull cursor. */
  cursor: number;
  readSeq: number;
  pinned: boolean;
  hiddenSeq: number;
}

export interface SystemPersistence {
  load(userId: number): Promise<StoredSystem | undefined>;
  save(userId: number, stored: StoredSystem): Promise<void>;
  wipe(userId: number): Promise<void>;
}

export const systemKey = (userId: number): string => chatRecordKey(userId, 'SYSTEM-0');

export function createIdbSystemPersistence(): SystemPersistence {
  const open = chatStoreOpener();
  return {
    async load(userId) {
      return (await (await open()).get(STORE, systemKey(userId))) as StoredSystem | undefined;
    },
    async save(userId, stored) {
      await (await open()).put(STORE, stored, systemKey(userId));
    },
    async wipe(userId) {
      await (await open()).delete(STORE, systemKey(userId));
    },
  };
}

export function createMemorySystemPersistence(): SystemPersistence & { data: Map<number, StoredSystem> } {
  const data = new Map<number, StoredSystem>();
  return {
    data,
    load: (userId) => Promise.resolve(structuredClone(data.get(userId))),
    save(userId, stored) {
      data.set(userId, structuredClone(stored));
      return Promise.resolve();
    },
    wipe(userId) {
      data.delete(userId);
      return Promise.resolve();
    },
  };
}
