// The app closed and opened again (e2e chat-offline "gives them to Bob once …"): what the
// reopened app shows comes from what the closed one saved, plus the offline pull.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageStatus } from '@parley/protocol';
import { createStore } from '../app/createStore';
import { newSession } from './context';
import type { ChatEngineDeps } from './deps';
import { createMemoryPersistence } from './persistence';
import { createSaver } from './saving';
import { EMPTY_CHATS, type ChatsState } from './state';
import { ME, ANN, P, loading, ready, setup, wire } from './testEngine';

/** A second app on the device's stored data: the first one was closed with nothing more run. */
function reopen(closed: ReturnType<typeof setup>) {
  const s = setup();
  for (const [key, value] of closed.persistence.data) s.persistence.data.set(key, structuredClone(value));
  return s;
}

/** The pull of the reopened app: its frames, the group pull's end. */
function pull(s: ReturnType<typeof setup>, ids: number[]) {
  s.engine.onFrame(loading(true));
  for (const id of ids) s.engine.onFrame(wire(id));
  s.engine.onFrame(loading(false));
  s.engine.onGroupFrame(loading(true));
  s.engine.onGroupFrame(loading(false));
}

describe('closed and opened again', () => {
  it('a chat read just before the app closed stays read: its read state is saved at once', async () => {
    const before = await ready();
    before.engine.onFrame(wire(2)); // a live message, saved after the quiet time with the cursor
    await before.runTimers();
    expect(before.saveSpy).toHaveBeenCalled();
    await before.engine.openChat(P, ANN); // read
    before.engine.closeChat(P, ANN);
    expect(before.chat()!.unreadCount).toBe(0);
    // The page goes away now: no timer runs any more, and a page-hide save may not land.
    await Promise.resolve();

    const after = reopen(before);
    after.engine.onConnection('open');
    await after.engine.start(ME);
    expect(after.chat()!.unreadCount).toBe(0);
    after.engine.onConnection('loggedIn');
    expect(after.api.pullOffline).toHaveBeenCalledWith(2);
    pull(after, [3, 4, 5]);
    expect(after.store.get().phase).toBe('ready');
    expect(after.chat()!.messages.map((m) => m.id)).toEqual([2, 3, 4, 5]);
    expect(after.chat()!.messages[0]!.status).toBe(MessageStatus.READED);
    expect(after.chat()!.unreadCount).toBe(3);
  });

  describe('stored list loaded vs socket frames, in every order', () => {
    async function closedWithOneRead() {
      const before = await ready();
      before.engine.onFrame(wire(2));
      await before.engine.openChat(P, ANN);
      before.engine.closeChat(P, ANN);
      await before.engine.flush();
      return before;
    }

    it('login and a push before the stored chats load', async () => {
      const after = reopen(await closedWithOneRead());
      const started = after.engine.start(ME);
      after.engine.onConnection('open');
      after.engine.onConnection('loggedIn');
      after.engine.onFrame(wire(6)); // pushed before the pull was even asked for
      expect(after.api.pullOffline).not.toHaveBeenCalled();
      await started;
      expect(after.api.pullOffline).toHaveBeenCalledWith(2);
      pull(after, [3, 4, 5]);
      expect(after.chat()!.messages.map((m) => m.id)).toEqual([2, 3, 4, 5, 6]);
      expect(after.chat()!.unreadCount).toBe(4);
    });

    it('login while the stored chats load, the pull after them', async () => {
      const after = reopen(await closedWithOneRead());
      after.engine.onConnection('open');
      const started = after.engine.start(ME);
      after.engine.onConnection('loggedIn');
      await started;
      pull(after, [3, 4, 5]);
      expect(after.chat()!.messages.map((m) => m.id)).toEqual([2, 3, 4, 5]);
      expect(after.chat()!.unreadCount).toBe(3);
    });

    it('stored chats first, then the login', async () => {
      const after = reopen(await closedWithOneRead());
      await after.engine.start(ME);
      after.engine.onConnection('open');
      after.engine.onConnection('loggedIn');
      pull(after, [3, 4, 5]);
      expect(after.chat()!.messages.map((m) => m.id)).toEqual([2, 3, 4, 5]);
      expect(after.chat()!.unreadCount).toBe(3);
    });
  });

  describe('a chat in use', () => {
    afterEach(() => void vi.useRealTimers());

    it('is saved 500 ms after its first change even while changes keep coming every 300 ms', async () => {
      vi.useFakeTimers();
      const persistence = createMemoryPersistence();
      const save = vi.spyOn(persistence, 'save');
      const deps = {
        persistence,
        timers: {
          set: (fn: () => void, ms: number) => setTimeout(fn, ms),
          clear: (h: unknown) => clearTimeout(h as number),
        },
      } as unknown as ChatEngineDeps;
      const session = { ...newSession(), userId: ME, loaded: true };
      const saver = createSaver(createStore<ChatsState>({ ...EMPTY_CHATS, userId: ME }), deps, session);
      for (let t = 0; t < 3000; t += 300) {
        saver.markChanged('PRIVATE-2'); // a message, a read, a receipt, the chat box closing…
        await vi.advanceTimersByTimeAsync(300);
        if (t + 300 >= 500) expect(save).toHaveBeenCalled();
      }
      expect(save.mock.calls.length).toBeGreaterThanOrEqual(5);
    });
  });
});
