// The current group call: routing of cmd 4 signals and the resync after a socket login (docs/CALLS.md §8.1-8.2).
import { describe, expect, it } from 'vitest';
import { GroupCallSignal, Terminal, type GroupCallSignalFrame } from '@parley/protocol';
import { createGroupCallStore, groupResyncAction, parseGroupSignal } from './groupCallStore';

const ME = 1;
const HOST = 2;
const frame = (type: number, over: Partial<GroupCallSignalFrame> = {}): GroupCallSignalFrame => ({
  type: type as GroupCallSignalFrame['type'],
  groupId: 9,
  sendId: HOST,
  content: '',
  sendTime: 1,
  callId: 'g1',
  ...over,
});

describe('group call store', () => {
  it('parses only group signal frames (200-211)', () => {
    expect(parseGroupSignal(frame(GroupCallSignal.JOIN))?.type).toBe(207);
    expect(parseGroupSignal({ type: 0, groupId: 9, content: 'hi', id: 4 })).toBeNull();
    expect(parseGroupSignal({ type: 201, groupId: 'x' })).toBeNull();
  });

  it('a setup with no call current opens the page; the queue reaches the page in order', () => {
    const store = createGroupCallStore();
    expect(store.route(frame(GroupCallSignal.SETUP, { content: '[]' }), ME)).toBe('open');
    expect(store.current()).toMatchObject({ groupId: 9, callId: 'g1', inviterId: HOST, isHost: false });
    expect(store.route(frame(GroupCallSignal.ACCEPT, { sendId: 3 }), ME)).toBe('queued');
    const seen: number[] = [];
    store.attach((f) => seen.push(f.type));
    expect(seen).toEqual([200, 201]);
    expect(store.route(frame(GroupCallSignal.OFFER), ME)).toBe('delivered');
  });

  it('drops frames of another call and a second setup', () => {
    const store = createGroupCallStore();
    store.begin({ groupId: 9, callId: null, isHost: true, inviterId: ME, userInfos: '[]' });
    // Before the host's setup answered: frames of this group are taken and fix the callId.
    expect(store.route(frame(GroupCallSignal.FAILED), ME)).toBe('queued');
    expect(store.current()?.callId).toBe('g1');
    expect(store.route(frame(GroupCallSignal.SETUP, { callId: 'g2', groupId: 8 }), ME)).toBe('dropped');
    expect(store.route(frame(GroupCallSignal.QUIT, { callId: 'g2' }), ME)).toBe('dropped');
    store.end('g1');
    expect(store.current()).toBeNull();
  });

  it('resync: a ring or a call joined on this terminal opens the page to resume; a page open re-reads', () => {
    const store = createGroupCallStore();
    const ringing = { kind: 'group' as const, groupId: 9, callId: 'g1', state: 'ringing' as const, terminal: null };
    expect(groupResyncAction(ringing, store, Terminal.WEB, ME)).toMatchObject({ kind: 'open', resume: true });
    const joinedHere = { ...ringing, state: 'joined' as const, terminal: Terminal.WEB };
    expect(groupResyncAction(joinedHere, store, Terminal.WEB, ME)).toMatchObject({
      kind: 'open',
      call: { inviterId: ME },
    });
    expect(groupResyncAction(joinedHere, store, Terminal.APP, ME)).toEqual({ kind: 'none' });
    store.attach(() => undefined);
    expect(groupResyncAction(joinedHere, store, Terminal.APP, ME)).toEqual({ kind: 'refresh' });
  });
});
