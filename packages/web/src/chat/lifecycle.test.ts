// Sign-in load of the stored chats, and sign-out.
import { describe, expect, it } from 'vitest';
import { CHAT_LIST_INITIAL_SIZE } from '@parley/protocol';
import { EMPTY_CHATS, PULL_BATCH_MS, sortedKeys } from './engine';
import { ME, ANN, P, annKey, wire, loading, storedChat, setup, ready, flushPromises } from './testEngine';
import { chatKey } from './types';

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
    await s.runTimers(PULL_BATCH_MS); // a pull's messages apply in batches
    expect(s.store.get().visible!.has(chatKey({ type: P, targetId: 100 }))).toBe(true);
    s.engine.onFrame(loading(false));
    expect(s.store.get().visible).not.toBeNull(); // the group pull still runs
    s.engine.onGroupFrame(loading(false));
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

  it("forget removes only this user's stored chats, and a save racing with it cannot bring them back", async () => {
    const s = await ready();
    await s.persistence.save(12, { chatKeys: [], privateMaxId: 0 }, [storedChat(ANN)], []); // user 12 ≠ user 1
    s.engine.onFrame(wire(1));
    await s.engine.flush();
    // A slow save under way, and newer changes waiting for the save timer.
    let finish!: () => void;
    s.saveSpy.mockImplementationOnce(
      (uid, index, chats, removed) =>
        new Promise<void>((resolve) => {
          finish = () => {
            for (const c of chats) s.persistence.data.set(`chats-app-${uid}-${chatKey(c)}`, c);
            s.persistence.data.set(`chats-app-${uid}`, index);
            void removed;
            resolve();
          };
        }),
    );
    s.engine.onFrame(wire(2));
    const slow = s.engine.flush();
    await flushPromises(); // the save has started
    s.engine.onFrame(wire(3));
    const forgotten = s.engine.forget(ME);
    expect(s.store.get()).toEqual(EMPTY_CHATS);
    await flushPromises();
    finish(); // the slow save lands after the logout began
    await slow;
    await forgotten;
    await s.runTimers();
    await s.engine.flush(true);
    const keys = [...s.persistence.data.keys()];
    expect(keys.filter((k) => k === `chats-app-${ME}` || k.startsWith(`chats-app-${ME}-`))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining(['chats-app-12', `chats-app-12-${annKey}`]));
    await s.engine.start(ME);
    expect(s.store.get().chats).toEqual({});
  });
});
