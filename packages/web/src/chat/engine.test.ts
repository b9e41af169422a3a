import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_LIST_INITIAL_SIZE,
  ChatType,
  MessageStatus,
  MessageType,
  type PrivateMessage,
  type PrivateSendRequest,
} from '@parley/protocol';
import { createStore } from '../app/createStore';
import { EMPTY_CHATS, createChatEngine, sortedKeys, type ChatEngineDeps, type ChatsState } from './engine';
import { createMemoryPersistence, type StoredChat } from './persistence';
import { chatKey, messageKey } from './types';

const ME = 1;
const ANN = 2;
const BOB = 3;
const P = ChatType.PRIVATE;
const annKey = chatKey({ type: P, targetId: ANN });

const t = (key: string, opts?: Record<string, unknown>) => (opts?.name ? `${key}(${String(opts.name)})` : key);

function wire(id: number, patch: Partial<PrivateMessage> = {}): PrivateMessage {
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
const loading = (on: boolean) => ({ type: MessageType.LOADING, content: on ? 'true' : 'false' });

function storedChat(targetId: number, patch: Partial<StoredChat> = {}): StoredChat {
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

function setup(options: { visible?: boolean } = {}) {
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
    pullOffline: vi.fn((_minId: number) => Promise.resolve(null)),
    readed: vi.fn((_friendId: number) => Promise.resolve(null)),
    maxReadedId: vi.fn((_friendId: number) => Promise.resolve(-1)),
    history: vi.fn((_friendId: number, _page: number, _size: number) => Promise.resolve([] as PrivateMessage[])),
  };
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
    upload,
    persistence,
    peer: (id) => (id === ANN ? { showName: 'Ann', headImage: '/a.png', isDnd: false } : undefined),
    lookupUser: () => Promise.resolve({ showName: 'Stranger', headImage: '' }),
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

const flushPromises = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** Signed in, loaded, logged in and the first pull finished. */
async function ready(options?: { visible?: boolean }) {
  const s = setup(options);
  s.engine.onConnection('open');
  await s.engine.start(ME);
  s.engine.onConnection('loggedIn');
  s.engine.onFrame(loading(true));
  s.engine.onFrame(loading(false));
  await flushPromises();
  return s;
}

describe('frames', () => {
  it('inserts messages by id into the chat of the other user, dropping duplicates', async () => {
    const s = await ready();
    for (const id of [12, 10, 11, 12, 10]) s.engine.onFrame(wire(id));
    s.engine.onFrame(wire(13, { sendId: ME, recvId: ANN }));
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([10, 11, 12, 13]);
    expect(s.chat()!.messages[3]!.selfSend).toBe(true);
    expect(s.chat()!.unreadCount).toBe(3);
    expect(s.chat()!.showName).toBe('Ann');
    expect(s.chat()!.last).toMatchObject({ content: 'm13', selfSend: true });
  });

  it('counts unread only for messages not self-sent, not read and not tip text', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    s.engine.onFrame(wire(2, { sendId: ME, recvId: ANN }));
    s.engine.onFrame(wire(3, { status: MessageStatus.READED }));
    s.engine.onFrame(wire(4, { type: MessageType.TIP_TEXT, content: 'You are now friends. Start chatting!' }));
    s.engine.onFrame(wire(5, { type: MessageType.IMAGE, content: '{}' }));
    expect(s.chat()!.unreadCount).toBe(2);
  });

  it('does not count messages for the open chat while the page is visible, and marks them read', async () => {
    const s = await ready();
    await s.engine.openChat(P, ANN);
    s.engine.onFrame(wire(1));
    expect(s.chat()!.unreadCount).toBe(0);
    expect(s.chat()!.messages[0]!.status).toBe(MessageStatus.READED);
    await s.runTimers(1000);
    expect(s.api.readed).toHaveBeenCalledWith(ANN);

    // hidden page: it counts, and a notification shows
    s.state.visible = false;
    s.engine.onFrame(wire(2));
    expect(s.chat()!.unreadCount).toBe(1);
    expect(s.notify).toHaveBeenCalledTimes(1);
    // coming back marks the open chat read
    s.state.visible = true;
    s.api.readed.mockClear();
    s.engine.onVisibilityChange();
    expect(s.chat()!.unreadCount).toBe(0);
    await s.runTimers(1000);
    expect(s.api.readed).toHaveBeenCalledWith(ANN);

    // closed chat: counts again
    s.engine.closeChat(P, ANN);
    s.engine.onFrame(wire(3));
    expect(s.chat()!.unreadCount).toBe(1);
  });

  it('READED from my other terminal clears the unread count; RECEIPT moves the read mark', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    s.engine.onFrame(wire(2, { sendId: ME, recvId: ANN }));
    s.engine.onFrame(wire(3, { sendId: ME, recvId: ANN }));
    expect(s.chat()!.unreadCount).toBe(1);
    s.engine.onFrame({ type: MessageType.READED, sendId: ME, recvId: ANN, content: '1', sendTime: 0 });
    expect(s.chat()!.unreadCount).toBe(0);
    s.engine.onFrame({ type: MessageType.RECEIPT, sendId: ANN, recvId: ME, content: '2', sendTime: 0 });
    expect(s.chat()!.maxReadId).toBe(2);
    expect(s.chat()!.messages.map((m) => m.status)).toEqual([
      MessageStatus.READED,
      MessageStatus.READED,
      MessageStatus.SENDED,
    ]);
  });

  it('a recall replaces the original, sets the last content, marks quotes and fixes the unread count', async () => {
    const s = await ready();
    const quote = { id: 1, sendId: ANN, type: MessageType.TEXT, content: 'm1', status: MessageStatus.SENDED };
    s.engine.onFrame(wire(1));
    s.engine.onFrame(wire(2, { sendId: ME, recvId: ANN, quoteMessage: quote }));
    expect(s.chat()!.unreadCount).toBe(1);
    s.engine.onFrame(wire(3, { type: MessageType.RECALL, content: '1' }));
    const c = s.chat()!;
    expect(c.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(c.messages[0]).toMatchObject({ status: MessageStatus.RECALL, content: 'chat.recall.peer(Ann)' });
    expect(c.messages[1]!.quoteMessage!.status).toBe(MessageStatus.RECALL);
    expect(c.last).toMatchObject({ type: MessageType.RECALL, selfSend: false });
    expect(c.unreadCount).toBe(0);
    expect(s.engine.cursor()).toBe(3);
  });

  it('ignores friend sync, call signals and unknown frames', async () => {
    const s = await ready();
    s.engine.onFrame({ type: MessageType.FRIEND_NEW, sendId: ANN, recvId: ME, content: '{}' });
    s.engine.onFrame(wire(5, { type: 100 }));
    s.engine.onFrame('garbage');
    expect(s.chat()).toBeUndefined();
  });
});

describe('offline pull and cursor', () => {
  it('pulls with the cursor captured at login; the cursor moves at LOADING false, then with live frames', async () => {
    const s = setup();
    await s.persistence.save(ME, { chatKeys: [], privateMaxId: 10 }, [], []);
    s.engine.onConnection('open');
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    expect(s.api.pullOffline).toHaveBeenCalledWith(10);
    expect(s.store.get().phase).toBe('receiving');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(wire(20)); // a push during the pull
    s.engine.onFrame(wire(11));
    s.engine.onFrame(wire(12));
    s.engine.onFrame(wire(20)); // and again from the pull: a duplicate
    expect(s.engine.cursor()).toBe(10);
    expect(s.chat()!.unreadCount).toBe(3);
    s.engine.onFrame(loading(false));
    expect(s.engine.cursor()).toBe(20);
    expect(s.store.get().phase).toBe('ready');
    s.engine.onFrame(wire(21));
    expect(s.engine.cursor()).toBe(21);
  });

  it('a socket dropped mid-pull does not move the cursor; the next login pulls from the same place', async () => {
    const s = setup();
    await s.persistence.save(ME, { chatKeys: [], privateMaxId: 10 }, [], []);
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(wire(50)); // live push
    s.engine.onFrame(wire(11)); // first of the pulled batch
    s.engine.onConnection('closed');
    expect(s.engine.cursor()).toBe(10);
    expect(s.store.get().phase).toBe('initializing');
    s.engine.onConnection('open');
    s.engine.onConnection('loggedIn');
    expect(s.api.pullOffline).toHaveBeenLastCalledWith(10);
    for (const id of [11, 12, 50]) s.engine.onFrame(wire(id));
    s.engine.onFrame(loading(false));
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([11, 12, 50]);
    expect(s.engine.cursor()).toBe(50);
  });

  it('a login before the stored chats loaded waits for them, then pulls from the stored cursor', async () => {
    const s = setup();
    await s.persistence.save(ME, { chatKeys: [], privateMaxId: 42 }, [], []);
    const started = s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(wire(43));
    expect(s.api.pullOffline).not.toHaveBeenCalled();
    await started;
    expect(s.api.pullOffline).toHaveBeenCalledWith(42);
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([43]);
  });

  it('the list is not saved while the pull runs, and is saved after LOADING false', async () => {
    const s = await ready();
    s.saveSpy.mockClear();
    s.engine.onConnection('closed');
    s.engine.onConnection('open');
    await s.runTimers();
    s.saveSpy.mockClear();
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(wire(7));
    await s.runTimers();
    await s.engine.flush();
    expect(s.saveSpy).not.toHaveBeenCalled();
    s.engine.onFrame(loading(false));
    await flushPromises();
    expect(s.saveSpy).toHaveBeenCalledTimes(1);
    const [, index, chats] = s.saveSpy.mock.calls[0]!;
    expect(index.privateMaxId).toBe(7);
    expect(chats.map((c) => c.targetId)).toEqual([ANN]);
  });

  it('retries a failed pull request with the same cursor', async () => {
    const s = setup();
    s.api.pullOffline.mockRejectedValueOnce(new Error('down'));
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    await flushPromises();
    await s.runTimers(5_000);
    expect(s.api.pullOffline).toHaveBeenCalledTimes(2);
    expect(s.api.pullOffline).toHaveBeenLastCalledWith(0);
  });
});

describe('loading at sign-in', () => {
  it('shows the first 15 stored chats at once and the full sorted list after the pull', async () => {
    const s = setup();
    const chats = Array.from({ length: 20 }, (_, i) => storedChat(100 + i, { lastSendTime: 1000 + i }));
    const keys = sortedKeys(
      Object.fromEntries(chats.map((c) => [chatKey(c), { ...c, loadingOlder: false, openedAt: 0 }])),
    );
    await s.persistence.save(ME, { chatKeys: keys, privateMaxId: 5 }, chats, []);
    s.engine.onConnection('open');
    await s.engine.start(ME);
    const visible = s.store.get().visible!;
    expect(visible.size).toBe(CHAT_LIST_INITIAL_SIZE);
    expect([...visible]).toEqual(keys.slice(0, CHAT_LIST_INITIAL_SIZE));
    expect(Object.keys(s.store.get().chats)).toHaveLength(20);
    // a message for a chat beyond the first 15 shows it in the temporary list
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(wire(6, { sendId: 100, sendTime: 5000 }));
    expect(s.store.get().visible!.has(chatKey({ type: P, targetId: 100 }))).toBe(true);
    s.engine.onFrame(loading(false));
    expect(s.store.get().visible).toBeNull();
    expect(sortedKeys(s.store.get().chats)[0]).toBe(chatKey({ type: P, targetId: 100 }));
  });

  it('shows everything at once when the socket is closed (nothing to wait for)', async () => {
    const s = setup();
    const chats = Array.from({ length: 20 }, (_, i) => storedChat(100 + i));
    await s.persistence.save(ME, { chatKeys: chats.map(chatKey), privateMaxId: 0 }, chats, []);
    await s.engine.start(ME);
    expect(s.store.get().visible).toBeNull();
  });

  it('a message still sending at start becomes failed', async () => {
    const s = setup();
    const sending = {
      tmpId: 'x',
      type: 0,
      content: 'hi',
      sendId: ME,
      recvId: ANN,
      sendTime: 1,
      status: 0,
      selfSend: true,
      loadStatus: 'sending' as const,
    };
    await s.persistence.save(
      ME,
      { chatKeys: [annKey], privateMaxId: 0 },
      [storedChat(ANN, { messages: [sending] })],
      [],
    );
    await s.engine.start(ME);
    expect(s.chat()!.messages[0]!.loadStatus).toBe('fail');
  });

  it('a chat opened while the stored chats load keeps its stored messages', async () => {
    const s = setup();
    const stored = storedChat(ANN, { messages: [] });
    await s.persistence.save(ME, { chatKeys: [annKey], privateMaxId: 0 }, [stored], []);
    s.persistence.data.set(`chats-app-${ME}-${annKey}`, {
      ...stored,
      messages: [{ ...wire(3), selfSend: false, loadStatus: 'ok' }],
    });
    const started = s.engine.start(ME);
    const opened = s.engine.openChat(P, ANN);
    await started;
    await opened;
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([3]);
  });

  it('stop clears memory but keeps the stored chats of that user', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    await s.engine.stop();
    expect(s.store.get()).toEqual(EMPTY_CHATS);
    await s.engine.start(ME);
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([1]);
  });
});

describe('list order, pin and remove', () => {
  it('orders pinned first, then newest first; opening moves a chat to the top', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1, { sendId: ANN, sendTime: 1000 }));
    s.engine.onFrame(wire(2, { sendId: BOB, sendTime: 2000 }));
    const bobKey = chatKey({ type: P, targetId: BOB });
    expect(sortedKeys(s.store.get().chats)).toEqual([bobKey, annKey]);
    await s.engine.pinChat(P, ANN, true);
    expect(sortedKeys(s.store.get().chats)).toEqual([annKey, bobKey]);
    await s.engine.pinChat(P, ANN, false);
    s.tick(1000);
    await s.engine.openChat(P, ANN);
    expect(sortedKeys(s.store.get().chats)[0]).toBe(annKey);
    // a chat opened for the first time is created at the top
    s.tick(1000);
    await s.engine.openChat(P, 9);
    expect(sortedKeys(s.store.get().chats)[0]).toBe(chatKey({ type: P, targetId: 9 }));
  });

  it('remove drops the chat and its record; a new message brings it back', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    await s.engine.flush();
    expect(s.persistence.data.has(`chats-app-${ME}-${annKey}`)).toBe(true);
    await s.engine.removeChat(P, ANN);
    expect(s.chat()).toBeUndefined();
    expect(s.persistence.data.has(`chats-app-${ME}-${annKey}`)).toBe(false);
    s.engine.onFrame(wire(2));
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([2]);
    expect(s.chat()!.unreadCount).toBe(1);
  });

  it('pinned state and drafts survive a restart', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    await s.engine.pinChat(P, ANN, true);
    s.engine.setDraft(P, ANN, 'half a thought');
    await s.engine.flush();
    await s.engine.stop();
    await s.engine.start(ME);
    expect(s.chat()).toMatchObject({ pinned: true, draft: 'half a thought' });
  });
});

describe('sending', () => {
  it('shows a sending entry, then replaces it by the server copy', async () => {
    const s = await ready();
    let resolve!: (m: PrivateMessage) => void;
    s.api.send.mockImplementationOnce(
      (req) =>
        new Promise((r) => {
          resolve = (m) => r({ ...m, tmpId: req.tmpId });
        }),
    );
    const sent = s.engine.sendText(P, ANN, 'hello #smile;');
    const entry = s.chat()!.messages[0]!;
    expect(entry).toMatchObject({ tmpId: 'tmp-1', loadStatus: 'sending', selfSend: true, content: 'hello #smile;' });
    expect(s.chat()!.last).toMatchObject({ content: 'hello #smile;' });
    resolve(wire(77, { sendId: ME, recvId: ANN, content: 'hello #smile;' }));
    await sent;
    expect(s.chat()!.messages).toHaveLength(1);
    expect(s.chat()!.messages[0]).toMatchObject({ id: 77, loadStatus: 'ok', tmpId: 'tmp-1' });
    // the same message from the pull is a duplicate
    s.engine.onFrame(wire(77, { sendId: ME, recvId: ANN, tmpId: 'tmp-1' }));
    expect(s.chat()!.messages).toHaveLength(1);
  });

  it('refuses blank text with the catalogue message', async () => {
    const s = await ready();
    await s.engine.sendText(P, ANN, '   ');
    expect(s.api.send).not.toHaveBeenCalled();
    expect(s.toast).toHaveBeenCalledWith('errors.messageBlank');
  });

  it('marks a failed send and sends it again only on retry, with the same tmpId', async () => {
    const s = await ready();
    s.api.send.mockRejectedValueOnce(new Error('offline'));
    await s.engine.sendText(P, ANN, 'hi');
    const failed = s.chat()!.messages[0]!;
    expect(failed.loadStatus).toBe('fail');
    await s.runTimers();
    expect(s.api.send).toHaveBeenCalledTimes(1);
    await s.engine.retry(P, ANN, messageKey(failed));
    expect(s.api.send).toHaveBeenCalledTimes(2);
    expect(s.api.send.mock.calls[1]![0].tmpId).toBe(failed.tmpId);
    expect(s.chat()!.messages[0]!.loadStatus).toBe('ok');
  });

  it('uploads an image with progress, then sends its URLs', async () => {
    const s = await ready();
    const seen: (number | undefined)[] = [];
    const off = s.store.subscribe(() => seen.push(s.chat()?.messages[0]?.progress));
    await s.engine.sendAttachment(P, ANN, { kind: 'image', file: new File(['x'], 'a.png') });
    off();
    expect(seen).toContain(0.5);
    const req = s.api.send.mock.calls[0]![0];
    expect(req.type).toBe(MessageType.IMAGE);
    expect(JSON.parse(req.content)).toEqual({
      originUrl: '/uploads/o.png',
      thumbUrl: '/uploads/t.png',
      width: 10,
      height: 20,
    });
    expect(s.chat()!.messages[0]!.loadStatus).toBe('ok');
  });

  it('a failed upload is not retried automatically; retry uploads again', async () => {
    const s = await ready();
    s.upload.file.mockRejectedValueOnce(new Error('network'));
    await s.engine.sendAttachment(P, ANN, { kind: 'voice', blob: new Blob(['x']), durationSec: 3.4 });
    const failed = s.chat()!.messages[0]!;
    expect(failed).toMatchObject({ loadStatus: 'fail', type: MessageType.AUDIO });
    await s.runTimers();
    expect(s.upload.file).toHaveBeenCalledTimes(1);
    expect(s.api.send).not.toHaveBeenCalled();
    await s.engine.retry(P, ANN, messageKey(failed));
    expect(s.upload.file).toHaveBeenCalledTimes(2);
    expect(s.upload.file.mock.calls[1]![1]).toBe(`${new Date().getDate()}.mp3`);
    expect(JSON.parse(s.api.send.mock.calls[0]![0].content)).toEqual({ duration: 3, url: '/uploads/f/a.mp3' });
  });

  it('quotes by id, forwards a copy per target, recalls and deletes locally', async () => {
    const s = await ready();
    s.engine.onFrame(wire(5));
    await s.engine.sendText(P, ANN, 'answer', { quoteMessageId: 5 });
    expect(s.api.send.mock.calls[0]![0].quoteMessageId).toBe(5);
    expect(s.chat()!.messages[1]!.quoteMessage).toMatchObject({ id: 5, content: 'm5' });

    const original = s.chat()!.messages[0]!;
    await s.engine.forward(original, [
      { type: P, targetId: BOB },
      { type: P, targetId: 9 },
    ]);
    const forwards = s.api.send.mock.calls.slice(1).map(([req]) => req);
    expect(forwards.map((r) => r.recvId)).toEqual([BOB, 9]);
    expect(new Set(forwards.map((r) => r.tmpId)).size).toBe(2);
    expect(forwards.every((r) => r.content === 'm5')).toBe(true);

    const own = s.chat()!.messages[1]!;
    await s.engine.recall(P, ANN, own.id!);
    expect(s.chat()!.messages[1]).toMatchObject({ status: MessageStatus.RECALL, content: 'chat.recall.self' });
    expect(s.chat()!.last).toMatchObject({ type: MessageType.RECALL, selfSend: true });

    await s.engine.deleteMessage(P, ANN, messageKey(original));
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([own.id]);
    // history does not bring a deleted message back
    s.api.history.mockResolvedValueOnce([wire(5), wire(4)]);
    await s.engine.loadOlder(P, ANN);
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([4, own.id]);
    expect(s.chat()!.hasMore).toBe(false);
  });
});
