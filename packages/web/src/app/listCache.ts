/**
 * A server list kept on the device (friends, groups), like the chats: shown at once
 * at the next start, also with no network, until the server's answer replaces it.
 * One record per list in the chat store, under the user's prefix
 * (`chats-app-{userId}-FRIENDS`), so the chat layer's wipe at logout removes it too.
 */
import { STORE, chatRecordKey, chatStoreOpener } from '../chat/persistence';

export interface ListCache<T> {
  load(userId: number): Promise<T[] | undefined>;
  save(userId: number, list: readonly T[]): Promise<void>;
  wipe(userId: number): Promise<void>;
}

/** The record's key: `name` is upper case, so it never reads like a chat key (`PRIVATE-12`). */
export const listKey = (userId: number, name: string): string => chatRecordKey(userId, name);

export function createIdbListCache<T>(name: string): ListCache<T> {
  const open = chatStoreOpener();
  return {
    async load(userId) {
      const stored = (await (await open()).get(STORE, listKey(userId, name))) as unknown;
      return Array.isArray(stored) ? (stored as T[]) : undefined;
    },
    async save(userId, list) {
      await (await open()).put(STORE, list, listKey(userId, name));
    },
    async wipe(userId) {
      await (await open()).delete(STORE, listKey(userId, name));
    },
  };
}

/** In memory (tests, and browsers without IndexedDB). */
export function createMemoryListCache<T>(): ListCache<T> & { data: Map<number, T[]> } {
  const data = new Map<number, T[]>();
  return {
    data,
    load: (userId) => Promise.resolve(structuredClone(data.get(userId))),
    save(userId, list) {
      data.set(userId, structuredClone([...list]));
      return Promise.resolve();
    },
    wipe(userId) {
      data.delete(userId);
      return Promise.resolve();
    },
  };
}

/** IndexedDB where the browser has it. */
export function listCacheFor<T>(name: string): ListCache<T> {
  return typeof indexedDB === 'undefined' ? createMemoryListCache<T>() : createIdbListCache<T>(name);
}
