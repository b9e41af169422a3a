// The system stream (wire-contract §6; docs/MESSAGE-DELIVERY.md client rule with seqNo for id).
import { describe, expect, it, vi } from 'vitest';
import { MessageStatus, MessageType, type SystemMessage } from '@parley/protocol';
import { createStore } from '../app/createStore';
import { PULL_BATCH_MS } from '../chat/stream';
import { createSystemEngine } from './engine';
import { createMemorySystemPersistence } from './persistence';
import { EMPTY_SYSTEM, isListed, unreadOf, type SystemState } from './state';

const ME = 5;
const msg = (seqNo: number, extra: Partial<SystemMessage> = {}): SystemMessage => ({
  id: 100 + seqNo,
  seqNo,
  type: MessageType.SYSTEM_MESSAGE,
  title: `t${seqNo}`,
  coverUrl: '',
  intro: '',
  status: MessageStatus.SENDED,
  sendTime: 1_000 + seqNo,
  ...extra,
});
const loading = (on: boolean) => ({ type: MessageType.LOADING, content: String(on) });
const readed = (seq: number) => ({ type: MessageType.READED, content: String(seq) });
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setup(options: { visible?: boolean; maxReaded?: number } = {}) {
  const store = createStore<SystemState>(EMPTY_SYSTEM);
  const persistence = createMemorySystemPersistence();
  const pending: { fn: () => void; ms: number }[] = [];
  const api = {
    pullOffline: vi.fn((_min: number) => Promise.resolve(null)),
    readed: vi.fn((_max: number) => Promise.resolve(null)),
    maxReadedSeqNo: vi.fn(() => Promise.resolve(options.maxReaded ?? 0)),
  };
  const notify = vi.fn();
  let visible = options.visible ?? true;
  const engine = createSystemEngine(store, {
    api,
    persistence,
    isVisible: () => visible,
    notify,
    timers: {
      set: (fn, ms) => {
        const p = { fn, ms };
        pending.push(p);
        return p;
      },
      clear: (h) => void pending.splice(pending.indexOf(h as never), 1),
    },
  });
  /** Run the timers due within maxMs (the pull's safety timer is 30 s). */
  const runTimers = async (maxMs = PULL_BATCH_MS) => {
    for (let round = 0; round < 5; round++) {
      const due = pending.filter((p) => p.ms <= maxMs);
      if (due.length === 0) break;
      for (const p of due) {
        pending.splice(pending.indexOf(p), 1);
        p.fn();
      }
      await flush();
    }
  };
  const seqs = () => store.get().items.map((i) => i.seqNo);
  const hide = (v: boolean) => (visible = !v);
  return { store, persistence, api, notify, engine, runTimers, seqs, hide };
}

describe('system stream', () => {
  it('pulls with the cursor of the login; the cursor moves at LOADING false, then with live frames', async () => {
    const s = setup();
    await s.persistence.save(ME, { items: [], cursor: 3, readSeq: 0, pinned: false, hiddenSeq: 0 });
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    expect(s.api.pullOffline).toHaveBeenCalledWith(3);
    s.engine.onFrame(loading(true));
    s.engine.onFrame(msg(7)); // a push during the pull
    s.engine.onFrame(msg(4));
    s.engine.onFrame(msg(5));
    s.engine.onFrame(msg(7)); // and again from the pull
    expect(s.engine.cursor()).toBe(3);
    s.engine.onFrame(loading(false));
    expect(s.seqs()).toEqual([4, 5, 7]);
    expect(s.engine.cursor()).toBe(7);
    expect(unreadOf(s.store.get())).toBe(3);
    s.engine.onFrame(msg(8));
    expect(s.engine.cursor()).toBe(8);
  });

  it('a socket closed mid-pull leaves the cursor; the next login pulls from the same seqNo', async () => {
    const s = setup();
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(loading(true));
    s.engine.onFrame(msg(9));
    s.engine.onFrame(msg(1));
    s.engine.onConnection('closed');
    expect(s.engine.cursor()).toBe(0);
    expect(s.seqs()).toEqual([1, 9]); // what arrived is kept
    s.engine.onConnection('open');
    s.engine.onConnection('loggedIn');
    expect(s.api.pullOffline).toHaveBeenLastCalledWith(0);
    for (const n of [1, 2, 9]) s.engine.onFrame(msg(n));
    s.engine.onFrame(loading(false));
    expect(s.seqs()).toEqual([1, 2, 9]);
    expect(s.engine.cursor()).toBe(9);
  });

  it('a login before the stored record loaded waits for it and pulls from the stored cursor', async () => {
    const s = setup();
    await s.persistence.save(ME, { items: [], cursor: 12, readSeq: 12, pinned: false, hiddenSeq: 0 });
    const started = s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(msg(13));
    expect(s.api.pullOffline).not.toHaveBeenCalled();
    await started;
    expect(s.api.pullOffline).toHaveBeenCalledWith(12);
    await s.runTimers(); // the pulled batch applies
    expect(s.seqs()).toEqual([13]);
    expect(s.engine.cursor()).toBe(12);
  });

  it('READED frames, READED statuses and maxReadedSeqNo move the read position forward only', async () => {
    const s = setup({ maxReaded: 2 });
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(msg(1, { status: MessageStatus.READED }));
    for (const n of [2, 3, 4]) s.engine.onFrame(msg(n));
    await s.runTimers();
    expect(s.store.get().readSeq).toBe(1);
    s.engine.onFrame(loading(false));
    await flush();
    expect(s.api.maxReadedSeqNo).toHaveBeenCalled();
    expect(s.store.get().readSeq).toBe(2);
    expect(unreadOf(s.store.get())).toBe(2);
    s.engine.onFrame(readed(4));
    expect(unreadOf(s.store.get())).toBe(0);
    s.engine.onFrame(readed(3));
    expect(s.store.get().readSeq).toBe(4);
    expect(s.engine.cursor()).toBe(4); // a READED frame never moves the cursor
  });

  it('opening the page reads everything and tells the server; new ones are read while it shows', async () => {
    const s = setup();
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(msg(1));
    s.engine.onFrame(msg(2));
    s.engine.onFrame(loading(false));
    s.engine.open();
    expect(s.store.get().readSeq).toBe(2);
    expect(s.api.readed).toHaveBeenLastCalledWith(2);
    s.engine.onFrame(msg(3));
    expect(s.api.readed).toHaveBeenLastCalledWith(3);
    s.engine.close();
    s.engine.onFrame(msg(4));
    expect(unreadOf(s.store.get())).toBe(1);
    expect(s.api.readed).toHaveBeenCalledTimes(2);
  });

  it('a live notification is announced only while the app is hidden, and not from a pull', async () => {
    const s = setup();
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.hide(true);
    s.engine.onFrame(msg(1)); // pulled
    s.engine.onFrame(loading(false));
    expect(s.notify).not.toHaveBeenCalled();
    s.engine.onFrame(msg(2));
    expect(s.notify).toHaveBeenCalledTimes(1);
    expect(s.notify.mock.calls[0]![0]).toMatchObject({ seqNo: 2, id: 102 });
    s.engine.onFrame(msg(2)); // a duplicate
    s.hide(false);
    s.engine.onFrame(msg(3));
    expect(s.notify).toHaveBeenCalledTimes(1);
  });

  it('saves the notifications with their cursor and restores both at the next start', async () => {
    const s = setup();
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(
      msg(1, { tip: { key: 'complaintResolved', params: { complaintId: '3', targetName: 'x', answer: 'ok' } } }),
    );
    s.engine.onFrame(loading(false));
    s.engine.pin(true);
    await s.engine.stop();
    const saved = s.persistence.data.get(ME)!;
    expect(saved).toMatchObject({ cursor: 1, pinned: true });
    expect(saved.items[0]!.tip?.key).toBe('complaintResolved');
    await s.engine.start(ME);
    expect(s.seqs()).toEqual([1]);
    expect(s.engine.cursor()).toBe(1);
    await s.engine.forget(ME);
    expect(s.persistence.data.has(ME)).toBe(false);
  });

  it('deleting the entry reads it and hides it until a newer notification', async () => {
    const s = setup();
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame(msg(1));
    s.engine.onFrame(loading(false));
    s.engine.pin(true);
    s.engine.remove();
    expect(s.store.get()).toMatchObject({ readSeq: 1, hiddenSeq: 1, pinned: false });
    expect(s.api.readed).toHaveBeenLastCalledWith(1);
    expect(isListed(s.store.get())).toBe(false);
    s.engine.onFrame(msg(2));
    expect(isListed(s.store.get())).toBe(true);
    expect(unreadOf(s.store.get())).toBe(1);
  });

  it('ignores other cmd 5 frames and frames of a signed-out session', async () => {
    const s = setup();
    s.engine.onFrame(msg(1));
    await s.engine.start(ME);
    s.engine.onConnection('loggedIn');
    s.engine.onFrame({ type: MessageType.USER_BANNED, content: 'spam' });
    s.engine.onFrame({ type: MessageType.SYSTEM_MESSAGE, seqNo: 'x' });
    s.engine.onFrame(loading(false));
    await s.runTimers();
    expect(s.seqs()).toEqual([]);
  });
});
