// The current call, signal routing and the resync after a socket login (docs/CALLS.md §8.1-8.2).
import { describe, expect, it } from 'vitest';
import { CallMode, PrivateCallSignal, Terminal, type PrivateCallSignalFrame } from '@parley/protocol';
import { createCallStore, isEndSignal, parsePrivateSignal, resyncAction } from './callStore';

const ME = 1;
const BOB = 2;
const CAROL = 3;
const frame = (type: number, over: Partial<PrivateCallSignalFrame> = {}): PrivateCallSignalFrame => ({
  type: type as PrivateCallSignalFrame['type'],
  sendId: BOB,
  recvId: ME,
  content: '',
  sendTime: 1,
  callId: 'c1',
  ...over,
});

describe('parsePrivateSignal', () => {
  it('takes signal frames 100-109 and nothing else', () => {
    expect(parsePrivateSignal(frame(PrivateCallSignal.OFFER, { content: '{}' }))?.type).toBe(107);
    expect(parsePrivateSignal({ ...frame(0), id: 5 })).toBeNull(); // a text message
    expect(parsePrivateSignal({ type: 40, content: '{}' })).toBeNull(); // a call record
    expect(parsePrivateSignal({ type: 110, sendId: 1 })).toBeNull();
    expect(parsePrivateSignal({ type: 101, sendId: 'x' })).toBeNull(); // damaged
    expect(parsePrivateSignal(null)).toBeNull();
  });
});

describe('call store routing', () => {
  it('opens the call page for a setup when no call is current, then queues its signals for the page', () => {
    const s = createCallStore();
    expect(s.route(frame(PrivateCallSignal.SETUP_VIDEO), ME)).toBe('open');
    expect(s.current()).toEqual({ peerId: BOB, callId: 'c1', mode: CallMode.VIDEO, isHost: false });
    expect(s.route(frame(PrivateCallSignal.CANCEL), ME)).toBe('queued');
    const got: number[] = [];
    s.attach((f) => got.push(f.type));
    expect(got).toEqual([101, 104]); // the setup itself is handed over first
    expect(s.route(frame(PrivateCallSignal.CANDIDATE, { content: '{}' }), ME)).toBe('delivered');
    expect(got).toEqual([101, 104, 109]);
  });

  it('drops frames of another call, a second setup while busy, and everything without a call', () => {
    const s = createCallStore();
    expect(s.route(frame(PrivateCallSignal.HANDUP), ME)).toBe('dropped');
    s.route(frame(PrivateCallSignal.SETUP_VOICE), ME);
    expect(s.current()?.mode).toBe(CallMode.VOICE);
    expect(s.route(frame(PrivateCallSignal.SETUP_VIDEO, { sendId: CAROL, callId: 'c2' }), ME)).toBe('dropped');
    expect(s.route(frame(PrivateCallSignal.CANCEL, { callId: 'old' }), ME)).toBe('dropped');
    expect(s.current()?.peerId).toBe(BOB);
    // my own setup echoed back (another terminal of mine is the caller) is not a ring
    s.end();
    expect(s.route(frame(PrivateCallSignal.SETUP_VIDEO, { sendId: ME, recvId: BOB }), ME)).toBe('dropped');
  });

  it('lets the caller take frames of its peer before setup answered, and adopts their callId', () => {
    const s = createCallStore();
    s.begin({ peerId: BOB, callId: null, mode: CallMode.VIDEO, isHost: true });
    expect(s.route(frame(PrivateCallSignal.ACCEPT, { sendId: CAROL, recvId: ME, callId: 'x' }), ME)).toBe('dropped');
    expect(s.route(frame(PrivateCallSignal.ACCEPT, { callId: 'c9' }), ME)).toBe('queued');
    expect(s.current()?.callId).toBe('c9');
    expect(s.route(frame(PrivateCallSignal.ANSWER, { callId: 'c8' }), ME)).toBe('dropped');
  });

  it('keeps only the new call’s queued frames when a page begins a call with a known id', () => {
    const s = createCallStore();
    s.begin({ peerId: BOB, callId: null, mode: CallMode.VIDEO, isHost: true });
    s.route(frame(PrivateCallSignal.ACCEPT, { callId: 'c1' }), ME);
    s.setCallId('c1');
    const got: string[] = [];
    s.attach((f) => got.push(f.callId));
    expect(got).toEqual(['c1']);
  });

  it('ends only the call it is asked to end, and detaching leaves frames queued for the next page', () => {
    const s = createCallStore();
    s.route(frame(PrivateCallSignal.SETUP_VIDEO), ME);
    s.end('other');
    expect(s.current()).not.toBeNull();
    const detach = s.attach(() => undefined);
    expect(s.hasPage()).toBe(true);
    detach();
    expect(s.hasPage()).toBe(false);
    expect(s.route(frame(PrivateCallSignal.CANCEL), ME)).toBe('queued');
    let changes = 0;
    s.subscribe(() => changes++);
    s.end('c1');
    expect(s.current()).toBeNull();
    expect(changes).toBe(1);
  });

  it('knows the end signals', () => {
    expect([102, 103, 104, 105, 106, 107].map(isEndSignal)).toEqual([false, true, true, true, true, false]);
  });
});

describe('resync after a socket login', () => {
  const ringing = { kind: 'private' as const, uid: BOB, callId: 'c1', state: 'ringing' as const, mode: CallMode.VOICE };
  it('opens the ringing page for a call being rung, or resumes one joined on this terminal', () => {
    const s = createCallStore();
    expect(resyncAction({ ...ringing, terminal: null, isHost: false }, s, Terminal.WEB)).toEqual({
      kind: 'open',
      call: { peerId: BOB, callId: 'c1', mode: CallMode.VOICE, isHost: false },
      resume: false,
    });
    const joined = { ...ringing, state: 'joined' as const, terminal: Terminal.WEB, isHost: true };
    expect(resyncAction(joined, s, Terminal.WEB)).toMatchObject({ kind: 'open', resume: true });
    expect(resyncAction(joined, s, Terminal.APP)).toEqual({ kind: 'none' });
    expect(resyncAction({ kind: null }, s, Terminal.WEB)).toEqual({ kind: 'none' });
  });
  it('asks an open call page to refresh instead', () => {
    const s = createCallStore();
    s.attach(() => undefined);
    expect(resyncAction({ kind: null }, s, Terminal.WEB)).toEqual({ kind: 'refresh' });
  });
});

describe('call store listeners', () => {
  it('hear calls begin and end and pages attach and detach (the tab announcement follows them)', () => {
    const s = createCallStore();
    const seen: string[] = [];
    s.subscribe(() => seen.push(`${s.current()?.callId ?? '-'}:${s.hasPage()}`));
    s.route(frame(PrivateCallSignal.SETUP_VIDEO), ME);
    const detach = s.attach(() => undefined);
    detach();
    s.end('c1');
    expect(seen).toEqual(['c1:false', 'c1:true', 'c1:false', '-:false']);
  });
});
