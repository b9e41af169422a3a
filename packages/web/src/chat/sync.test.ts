// The offline pull and its cursor (docs/MESSAGE-DELIVERY.md).
import { describe, expect, it } from 'vitest';
import { PULL_BATCH_MS, PULL_SAFETY_MS } from './engine';
import { ME, ANN, P, wire, loading, setup, flushPromises, ready } from './testEngine';

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
    await s.runTimers(PULL_BATCH_MS); // a pull's messages apply in batches
    expect(s.engine.cursor()).toBe(10);
    expect(s.chat()!.unreadCount).toBe(3);
    s.engine.onFrame(loading(false));
    expect(s.engine.cursor()).toBe(20);
    expect(s.store.get().phase).toBe('receiving'); // until the group pull ends too
    s.engine.onGroupFrame(loading(false));
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
    await s.runTimers(PULL_SAFETY_MS - 1); // every timer but the pull's safety one
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([7]);
    await s.engine.flush();
    expect(s.saveSpy).not.toHaveBeenCalled();
    s.engine.onFrame(loading(false));
    await flushPromises();
    expect(s.saveSpy).not.toHaveBeenCalled(); // the group pull still runs
    s.engine.onGroupFrame(loading(false));
    await flushPromises();
    expect(s.saveSpy).toHaveBeenCalledTimes(1);
    const [, index, chats] = s.saveSpy.mock.calls[0]!;
    expect(index.privateMaxId).toBe(7);
    expect(chats.map((c) => c.targetId)).toEqual([ANN]);
  });

  it('a pin made during the pull is saved at once, with the cursor of before the pull', async () => {
    const s = await ready();
    s.engine.onConnection('closed');
    s.engine.onConnection('open');
    await s.runTimers();
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(wire(7));
    await s.runTimers(PULL_SAFETY_MS - 1);
    s.saveSpy.mockClear();
    await s.engine.pinChat(P, ANN, true);
    expect(s.saveSpy).toHaveBeenCalledTimes(1);
    const [, index, chats] = s.saveSpy.mock.calls[0]!;
    expect(index.privateMaxId).toBe(0);
    expect(chats.find((c) => c.targetId === ANN)?.pinned).toBe(true);
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
