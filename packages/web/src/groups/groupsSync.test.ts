import { describe, expect, it, vi } from 'vitest';
import { MessageType, type Group } from '@parley/protocol';
import { createStore } from '../app/createStore';
import { EMPTY_GROUPS, createGroupsSync, type GroupsState } from './groupsSync';
import { makeGroup } from './testGroup';

const frame = (type: number, groupId: number, content: string) => ({ type, groupId, content, sendTime: 1 });
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(initial: Group[] = [makeGroup(2), makeGroup(3)]) {
  const store = createStore<GroupsState>(EMPTY_GROUPS);
  let frameListener: ((data: unknown) => void) | null = null;
  let reconnect: (() => void) | null = null;
  let resolveList: (list: Group[]) => void = () => undefined;
  const deps = {
    loadList: vi.fn(() => new Promise<Group[]>((r) => (resolveList = r))),
    subscribeFrames: vi.fn((fn: (data: unknown) => void) => {
      frameListener = fn;
      return () => (frameListener = null);
    }),
    subscribeReconnect: vi.fn((fn: () => void) => {
      reconnect = fn;
      return () => (reconnect = null);
    }),
  };
  const sync = createGroupsSync(store, deps);
  return {
    store,
    deps,
    sync,
    frame: (d: unknown) => frameListener?.(d),
    reconnect: () => reconnect?.(),
    answer: async (list = initial) => {
      resolveList(list);
      await flush();
    },
  };
}

describe('groups sync', () => {
  it('loads the list on start and applies sync frames 90-92', async () => {
    const s = setup();
    s.sync.start();
    expect(s.store.get().status).toBe('loading');
    await s.answer();
    expect(s.store.get().status).toBe('ready');
    s.frame(frame(MessageType.GROUP_NEW, 4, JSON.stringify(makeGroup(4))));
    s.frame(frame(MessageType.GROUP_DEL, 2, '2'));
    s.frame(frame(MessageType.GROUP_UPDATE, 3, JSON.stringify(makeGroup(3, { quit: true }))));
    expect(s.store.get().list.map((g) => [g.id, g.quit])).toEqual([
      [3, true],
      [4, false],
    ]);
  });

  it('replays frames that arrived while the list was loading', async () => {
    const s = setup();
    s.sync.start();
    s.frame(frame(MessageType.GROUP_NEW, 5, JSON.stringify(makeGroup(5))));
    s.frame(frame(MessageType.GROUP_DEL, 2, '2'));
    await s.answer();
    expect(s.store.get().list.map((g) => g.id)).toEqual([3, 5]);
  });

  it('ignores group chat messages on cmd 4', async () => {
    const s = setup();
    s.sync.start();
    await s.answer();
    const before = s.store.get();
    s.frame({ id: 9, groupId: 2, sendId: 5, type: MessageType.TEXT, content: 'hi', sendTime: 1 });
    expect(s.store.get()).toBe(before);
  });

  it('reloads after a reconnect', async () => {
    const s = setup();
    s.sync.start();
    await s.answer();
    s.reconnect();
    await s.answer([makeGroup(9)]);
    expect(s.store.get().list.map((g) => g.id)).toEqual([9]);
    expect(s.deps.loadList).toHaveBeenCalledTimes(2);
  });

  it('a failed first load shows the error, a later one keeps the list', async () => {
    const s = setup();
    s.deps.loadList.mockRejectedValueOnce(new Error('down'));
    s.sync.start();
    await flush();
    expect(s.store.get().status).toBe('error');
  });

  it('stop clears the list, unsubscribes and drops late answers', async () => {
    const s = setup();
    s.sync.start();
    s.sync.stop();
    await s.answer();
    expect(s.store.get()).toEqual(EMPTY_GROUPS);
    s.frame(frame(MessageType.GROUP_NEW, 4, JSON.stringify(makeGroup(4))));
    expect(s.store.get().list).toEqual([]);
  });
});
