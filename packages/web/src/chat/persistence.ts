/**
 * Where chats live between visits (spec §3): one IndexedDB database per app, one
 * key-value object store holding, per user, the index `chats-app-{userId}` (the
 * chat keys in list order and the tracked cursor) and one record per chat under
 * `{index}-{type}-{targetId}` (its summary and its newest messages).
 */
import type { ChatType } from '@parley/protocol';
import { openDB, type IDBPDatabase } from 'idb';
import type { ChatMessage } from './types';
import type { LastMessage } from './preview';

/** Newest messages kept on the device per chat; older ones come back through history. */
export const STORED_MESSAGES_MAX = 2000;

export interface StoredIndex {
  /** Chat keys (`{type}-{targetId}`) in list order: pinned first, newest first. */
  chatKeys: string[];
  /** Largest private message id held with nothing missing below it: the offline pull cursor. */
  privateMaxId: number;
  /** The same for group messages (absent in indexes saved before groups). */
  groupMaxId?: number;
  /** Removed chats: the largest message id each had, so their old history stays gone. */
  clearedUpTo?: Record<string, number>;
}

export interface StoredChat {
  type: ChatType;
  targetId: number;
  showName: string;
  headImage: string;
  last?: LastMessage;
  lastSendTime: number;
  unreadCount: number;
  atMe: boolean;
  atAll: boolean;
  pinned: boolean;
  /** When it was pinned (the server's time for a friend's or group's chat): newest pin first. */
  pinnedAt?: number;
  draft: string;
  messages: ChatMessage[];
  /** Ids deleted for me: history pages must not bring them back. */
  deletedIds: number[];
  maxReadId: number;
  /** Older messages may exist on the server. */
  hasMore: boolean;
}

export interface ChatPersistence {
  loadIndex(userId: number): Promise<StoredIndex | undefined>;
  loadChats(userId: number, keys: readonly string[]): Promise<(StoredChat | undefined)[]>;
  /** One transaction: the index, the changed chats, and the removed ones. */
  save(userId: number, index: StoredIndex, chats: readonly StoredChat[], removed: readonly string[]): Promise<void>;
  /** Logout, deleted account: remove this user's index and chats (other users' stay). */
  wipe(userId: number): Promise<void>;
}

export const indexKey = (userId: number): string => `chats-app-${userId}`;
export const chatRecordKey = (userId: number, chatKey: string): string => `${indexKey(userId)}-${chatKey}`;
/** Whether a stored key is this user's (`chats-app-1` must not match `chats-app-12-…`). */
export const isUserKey = (userId: number, key: string): boolean =>
  key === indexKey(userId) || key.startsWith(`${indexKey(userId)}-`);

const DB_NAME = 'parley';
/** The object store of every per-user chat record (the system stream's record too). */
export const STORE = 'chats';

/** Opens the chat database once (again after a failed open); for each persistence instance. */
export function chatStoreOpener(): () => Promise<IDBPDatabase> {
  let db: Promise<IDBPDatabase> | null = null;
  return () => {
    db ??= openDB(DB_NAME, 1, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE);
      },
    }).catch((err: unknown) => {
      db = null;
      throw err;
    });
    return db;
  };
}

/** IndexedDB persistence through `idb`. */
export function createIdbPersistence(): ChatPersistence {
  const open = chatStoreOpener();
  return {
    async loadIndex(userId) {
      return (await (await open()).get(STORE, indexKey(userId))) as StoredIndex | undefined;
    },
    async loadChats(userId, keys) {
      const tx = (await open()).transaction(STORE, 'readonly');
      const out = await Promise.all(keys.map((k) => tx.store.get(chatRecordKey(userId, k)) as Promise<StoredChat>));
      await tx.done;
      return out;
    },
    async save(userId, index, chats, removed) {
      const tx = (await open()).transaction(STORE, 'readwrite');
      const writes: Promise<unknown>[] = [tx.store.put(index, indexKey(userId))];
      for (const chat of chats) writes.push(tx.store.put(chat, chatRecordKey(userId, `${chat.type}-${chat.targetId}`)));
      for (const key of removed) writes.push(tx.store.delete(chatRecordKey(userId, key)));
      await Promise.all([...writes, tx.done]);
    },
    async wipe(userId) {
      const tx = (await open()).transaction(STORE, 'readwrite');
      // Chat keys are `{index}-{type}-{targetId}`: digits and dashes, all below `{index}-\uffff`.
      const records = IDBKeyRange.bound(`${indexKey(userId)}-`, `${indexKey(userId)}-\uffff`);
      await Promise.all([tx.store.delete(indexKey(userId)), tx.store.delete(records), tx.done]);
    },
  };
}

/** In-memory persistence (tests, and browsers without IndexedDB such as some private modes). */
export function createMemoryPersistence(): ChatPersistence & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    data,
    loadIndex: (userId) => Promise.resolve(clone(data.get(indexKey(userId)) as StoredIndex | undefined)),
    loadChats: (userId, keys) =>
      Promise.resolve(keys.map((k) => clone(data.get(chatRecordKey(userId, k)) as StoredChat | undefined))),
    save(userId, index, chats, removed) {
      data.set(indexKey(userId), clone(index));
      for (const chat of chats) data.set(chatRecordKey(userId, `${chat.type}-${chat.targetId}`), clone(chat));
      for (const key of removed) data.delete(chatRecordKey(userId, key));
      return Promise.resolve();
    },
    wipe(userId) {
      for (const key of [...data.keys()]) if (isUserKey(userId, key)) data.delete(key);
      return Promise.resolve();
    },
  };
}
