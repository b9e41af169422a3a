/**
 * Shared fakes of the chat engine tests: an engine on an in-memory store and
 * persistence, with fake REST calls, uploads, clock and timers.
 */
import { vi } from 'vitest';
import {
  ChatType,
  MessageStatus,
  MessageType,
  type GroupMessage,
  type GroupSendRequest,
  type PrivateMessage,
  type PrivateSendRequest,
  type ReactReply,
} from '@parley/protocol';
import { createStore } from '../app/createStore';
import { EMPTY_CHATS, createChatEngine, type ChatEngineDeps, type ChatsState, type Peer } from './engine';
import { createMemoryPersistence, type StoredChat } from './persistence';
import { chatKey } from './types';

export const ME = 1;
export const ANN = 2;
export const BOB = 3;
export const P = ChatType.PRIVATE;
export const annKey = chatKey({ type: P, targetId: ANN });
export const G = ChatType.GROUP;
/** A group I am in, with Ann and Bob. */
export const TEAM = 50;
export const teamKey = chatKey({ type: G, targetId: TEAM });

const t = (key: string, opts?: Record<string, unknown>) => (opts?.name ? `${key}(${String(opts.name)})` : key);

export function wire(id: number, patch: Partial<PrivateMessage> = {}): PrivateMessage {
  return {
    id,
    sendId: ANN,
    recvId: ME,
    type: MessageType.TEXT,
    content: `m${id}`,
    status: MessageStatus.SENDED,
    sendTime: 1_700_000_000_000 + id * 1000,
    ...patch,
  };
}
export const loading = (on: boolean) => ({ type: MessageType.LOADING, content: on ? 'true' : 'false' });

export function groupWire(id: number, patch: Partial<GroupMessage> = {}): GroupMessage {
  return {
    id,
    groupId: TEAM,
    sendId: ANN,
    sendNickName: 'Ann',
    type: MessageType.TEXT,
    content: `g${id}`,
    status: MessageStatus.SENDED,
    sendTime: 1_700_000_000_000 + id * 1000,
    atUserIds: [],
    receipt: false,
    receiptOk: false,
    readedCount: 0,
    ...patch,
  };
}

export function storedChat(targetId: number, patch: Partial<StoredChat> = {}): StoredChat {
  return {
    type: P,
    targetId,
    showName: `user${targetId}`,
    headImage: '',
    lastSendTime: targetId * 1000,
    unreadCount: 0,
    atMe: false,
    atAll: false,
    pinned: false,
    draft: '',
    messages: [],
    deletedIds: [],
    maxReadId: -1,
    hasMore: true,
    ...patch,
  };
}

export function setup(options: { visible?: boolean } = {}) {
  const store = createStore<ChatsState>(EMPTY_CHATS);
  const persistence = createMemoryPersistence();
  const saveSpy = vi.spyOn(persistence, 'save');
  const pending: { fn: () => void; ms: number; id: number }[] = [];
  let seq = 0;
  let tmpSeq = 0;
  let nextId = 1000;
  let now = 1_800_000_000_000;
  const state = { visible: options.visible ?? true };
  const notify = vi.fn();
  const toast = vi.fn();
  const api = {
    send: vi.fn((req: PrivateSendRequest): Promise<PrivateMessage> =>
      Promise.resolve({
        id: nextId++,
        tmpId: req.tmpId,
        sendId: ME,
        recvId: req.recvId,
        type: req.type,
        content: req.content,
        status: MessageStatus.SENDED,
        sendTime: now,
      }),
    ),
    recall: vi.fn((id: number): Promise<PrivateMessage> =>
      Promise.resolve(wire(nextId++, { sendId: ME, recvId: ANN, type: MessageType.RECALL, content: String(id) })),
    ),
    edit: vi.fn((id: number, content: string): Promise<PrivateMessage> =>
      Promise.resolve(
        wire(nextId++, {
          sendId: ME,
          recvId: ANN,
          type: MessageType.EDIT,
          content: JSON.stringify({ id, content, editTime: now }),
        }),
      ),
    ),
    react: vi.fn((id: number, emoji: string | null): Promise<ReactReply> =>
      Promise.resolve({ id, reactions: emoji ? [{ emoji, count: 1, userIds: [ME] }] : [], mine: emoji }),
    ),
    pullOffline: vi.fn((_minId: number) => Promise.resolve(null)),
    readed: vi.fn((_friendId: number) => Promise.resolve(null)),
    maxReadedId: vi.fn((_friendId: number) => Promise.resolve(-1)),
    history: vi.fn((_friendId: number, _page: number, _size: number) => Promise.resolve([] as PrivateMessage[])),
  };
  const groupApi = {
    send: vi.fn((req: GroupSendRequest): Promise<GroupMessage> =>
      Promise.resolve(
        groupWire(nextId++, {
          tmpId: req.tmpId,
          groupId: req.groupId,
          sendId: ME,
          sendNickName: 'Me',
          type: req.type,
          content: req.content,
          atUserIds: req.atUserIds,
          receipt: req.receipt,
          sendTime: now,
        }),
      ),
    ),
    recall: vi.fn((id: number): Promise<GroupMessage> =>
      Promise.resolve(
        groupWire(nextId++, { sendId: ME, sendNickName: 'Me', type: MessageType.RECALL, content: String(id) }),
      ),
    ),
    edit: vi.fn((id: number, content: string, atUserIds: number[]): Promise<GroupMessage> =>
      Promise.resolve(
        groupWire(nextId++, {
          sendId: ME,
          sendNickName: 'Me',
          type: MessageType.EDIT,
          atUserIds,
          content: JSON.stringify({ id, content, editTime: now }),
        }),
      ),
    ),
    react: vi.fn((id: number, emoji: string | null): Promise<ReactReply> =>
      Promise.resolve({ id, reactions: emoji ? [{ emoji, count: 1, userIds: [ME] }] : [], mine: emoji }),
    ),
    pullOffline: vi.fn((_minId: number) => Promise.resolve(null)),
    readed: vi.fn((_groupId: number, _messageId: number) => Promise.resolve(null)),
    history: vi.fn((_groupId: number, _page: number, _size: number) => Promise.resolve([] as GroupMessage[])),
  };
  const groups = new Map<number, Peer>([[TEAM, { showName: 'Team', headImage: '/team.png', isDnd: false }]]);
  const upload = {
    image: vi.fn((_file: File, onProgress: (f: number) => void) => {
      onProgress(0.5);
      onProgress(1);
      return Promise.resolve({ originUrl: '/uploads/o.png', thumbUrl: '/uploads/t.png', width: 10, height: 20 });
    }),
    file: vi.fn((_blob: Blob, _name: string, _onProgress: (f: number) => void) => Promise.resolve('/uploads/f/a.mp3')),
    video: vi.fn(() =>
      Promise.resolve({ videoUrl: '/uploads/v.mp4', coverUrl: '/uploads/c.jpg', width: 1, height: 1, duration: 2 }),
    ),
    localUrl: () => 'blob:local',
  };
  const deps: ChatEngineDeps = {
    api,
    groupApi,
    upload,
    persistence,
    peer: (id) => (id === ANN ? { showName: 'Ann', headImage: '/a.png', isDnd: false } : undefined),
    lookupUser: () => Promise.resolve({ showName: 'Stranger', headImage: '' }),
    group: (id) => groups.get(id),
    lookupGroup: () => Promise.resolve({ showName: 'Other group', headImage: '' }),
    t,
    now: () => now,
    newTmpId: () => `tmp-${++tmpSeq}`,
    isVisible: () => state.visible,
    notify,
    toast,
    timers: {
      set: (fn, ms) => {
        const id = ++seq;
        pending.push({ fn, ms, id });
        return id;
      },
      clear: (h) => {
        const i = pending.findIndex((p) => p.id === h);
        if (i >= 0) pending.splice(i, 1);
      },
    },
  };
  const engine = createChatEngine(store, deps);
  /** Run due timers (all, or those up to `ms`). */
  const runTimers = async (maxMs = Infinity) => {
    for (let round = 0; round < 5; round++) {
      const due = pending.filter((p) => p.ms <= maxMs);
      if (due.length === 0) break;
      for (const p of due) {
        pending.splice(pending.indexOf(p), 1);
        p.fn();
      }
      await flushPromises();
    }
  };
  const chat = (key = annKey) => store.get().chats[key];
  return {
    store,
    engine,
    api,
    groupApi,
    groups,
    upload,
    persistence,
    saveSpy,
    notify,
    toast,
    state,
    runTimers,
    chat,
    tick: (ms: number) => (now += ms),
  };
}

export const flushPromises = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** Signed in, loaded, logged in and the first pull finished. */
export async function ready(options?: { visible?: boolean }) {
  const s = setup(options);
  s.engine.onConnection('open');
  await s.engine.start(ME);
  s.engine.onConnection('loggedIn');
  s.engine.onFrame(loading(true));
  s.engine.onFrame(loading(false));
  s.engine.onGroupFrame(loading(true));
  s.engine.onGroupFrame(loading(false));
  await flushPromises();
  return s;
}
