// Chat list order, pinning, removing and drafts.
import { describe, expect, it, vi } from 'vitest';
import { sortedKeys } from './engine';
import { ME, ANN, BOB, P, annKey, loading, wire, ready } from './testEngine';
import { chatKey } from './types';

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

  it('after remove, a new message starts a fresh chat: no old history, opened at the new message (also after a restart)', async () => {
    const s = await ready();
    for (let id = 1; id <= 5; id++) s.engine.onFrame(wire(id));
    await s.engine.removeChat(P, ANN);
    // The server still holds the old messages: history must not bring them back.
    s.api.history.mockResolvedValue([1, 2, 3, 4, 5].map((id) => wire(id)));
    s.engine.onFrame(wire(6));
    await s.engine.openChat(P, ANN);
    await s.engine.loadOlder(P, ANN);
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([6]);
    expect(s.chat()!.firstUnreadKey).toBe('id:6');
    // Removed again, then a restart: the floor is stored with the index.
    await s.engine.removeChat(P, ANN);
    await s.engine.stop();
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(loading(false));
    s.engine.onFrame(wire(7));
    s.engine.onFrame(wire(3));
    await s.engine.openChat(P, ANN);
    await s.engine.loadOlder(P, ANN);
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([7]);
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

  it('a draft that was saved is cleared on the device as soon as it is sent (a reload right after finds no draft)', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1));
    s.engine.setDraft(P, ANN, 'on its way');
    await s.engine.flush();
    const stored = () => s.persistence.data.get(`chats-app-${ME}-${annKey}`) as { draft: string } | undefined;
    expect(stored()?.draft).toBe('on its way');
    // The fake timers do not run: only a save started by the send itself can clear it.
    await s.engine.sendText(P, ANN, 'on its way');
    await vi.waitFor(() => expect(stored()?.draft).toBe(''));
  });

  it('pinned chats sort by pin time, newest pin first; a synced pin applies only when it differs', async () => {
    const s = await ready();
    s.engine.onFrame(wire(1, { sendId: ANN, sendTime: 1000 }));
    s.engine.onFrame(wire(2, { sendId: BOB, sendTime: 2000 }));
    const bobKey = chatKey({ type: P, targetId: BOB });
    s.engine.syncPin(P, BOB, 500);
    s.engine.syncPin(P, ANN, 900);
    await s.engine.flush();
    expect(sortedKeys(s.store.get().chats)).toEqual([annKey, bobKey]);
    const before = s.store.get().chats[annKey];
    s.engine.syncPin(P, ANN, 900);
    expect(s.store.get().chats[annKey]).toBe(before);
    s.engine.syncPin(P, ANN, 0);
    await s.engine.flush();
    expect(s.chat()).toMatchObject({ pinned: false, pinnedAt: 0 });
    expect(sortedKeys(s.store.get().chats)).toEqual([bobKey, annKey]);
  });

  it('clear history empties the chat on this device only; later messages arrive, history does not bring the old ones back', async () => {
    const s = await ready();
    for (let id = 1; id <= 4; id++) s.engine.onFrame(wire(id));
    await s.engine.clearHistory(P, ANN);
    expect(s.chat()).toMatchObject({ messages: [], unreadCount: 0, hasMore: false });
    expect(s.chat()!.last).toBeUndefined();
    s.api.history.mockResolvedValue([1, 2, 3, 4].map((id) => wire(id)));
    s.engine.onFrame(wire(5));
    await s.engine.openChat(P, ANN);
    await s.engine.loadOlder(P, ANN);
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([5]);
    // A restart keeps the floor.
    await s.engine.flush();
    await s.engine.stop();
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(wire(2));
    s.engine.onFrame(loading(false));
    expect(s.chat()!.messages.map((m) => m.id)).toEqual([5]);
  });
});
