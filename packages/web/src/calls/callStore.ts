/**
 * The one current call of this app (docs/CALLS.md §8.1) and the signals for it that no
 * page has consumed yet. Signals of any other call are dropped; a setup (100/101) is
 * taken only when no call is current, and then asks for the call page to open. The
 * page attaches a consumer, which first gets the queued signals in order.
 */
import {
  CallMode,
  PrivateCallSignal,
  isPrivateCallType,
  modeOfSetupSignal,
  privateCallSignal,
  type CurrentCall,
  type PrivateCallSignalFrame,
} from '@parley/protocol';
import { createListeners, createSignalQueue } from './signalQueue';

export interface CurrentPrivateCall {
  peerId: number;
  /** null while the caller's setup request has not answered. */
  callId: string | null;
  mode: CallMode;
  isHost: boolean;
}

/** What routing did with a frame: `open` = an incoming call; the call page must open. */
export type Routed = 'open' | 'delivered' | 'queued' | 'dropped';

export type SignalConsumer = (frame: PrivateCallSignalFrame) => void;

export interface CallStore {
  current(): CurrentPrivateCall | null;
  /** A call page starts or resumes a call (replaces any other). */
  begin(call: CurrentPrivateCall): void;
  /** The caller's setup answered: frames of this call are accepted from now on. */
  setCallId(callId: string): void;
  /** The call is over for this app: forget it and its queue (only if it is still the current one). */
  end(callId?: string | null): void;
  /** A cmd 3 frame's data that is a private call signal. */
  route(frame: PrivateCallSignalFrame, selfId: number): Routed;
  /** The call page listens; queued signals are handed over first. Returns the detach function. */
  attach(consumer: SignalConsumer): () => void;
  /** A page is attached (an incoming call or a resync then only notifies it). */
  hasPage(): boolean;
  subscribe(listener: () => void): () => void;
}

/** The frame data as a private call signal, or null (a message, another cmd's shape, damage). */
export function parsePrivateSignal(data: unknown): PrivateCallSignalFrame | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'number' || !isPrivateCallType(type)) return null;
  const parsed = privateCallSignal.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function createCallStore(): CallStore {
  let current: CurrentPrivateCall | null = null;
  const listeners = createListeners();
  const changed = listeners.changed;
  const queue = createSignalQueue<PrivateCallSignalFrame>(changed);

  function belongs(frame: PrivateCallSignalFrame, call: CurrentPrivateCall, selfId: number): boolean {
    if (call.callId !== null) return frame.callId === call.callId;
    // Before the caller knows its callId: frames between me and the peer only.
    const parties = [frame.sendId, frame.recvId];
    return parties.includes(call.peerId) && parties.includes(selfId);
  }

  return {
    current: () => current,
    begin(call) {
      current = { ...call };
      queue.keep((f) => call.callId !== null && f.callId === call.callId);
      changed();
    },
    setCallId(callId) {
      if (!current) return;
      current = { ...current, callId };
      queue.keep((f) => f.callId === callId);
      changed();
    },
    end(callId) {
      if (!current) return;
      if (callId && current.callId && callId !== current.callId) return;
      current = null;
      queue.reset([]);
      changed();
    },
    route(frame, selfId) {
      const setupMode = modeOfSetupSignal(frame.type);
      if (setupMode) {
        if (frame.sendId === selfId) return 'dropped';
        if (current) {
          // The same ring again (a resync raced the frame) reaches the page; another call is not ours.
          return current.callId === frame.callId ? queue.deliver(frame) : 'dropped';
        }
        current = { peerId: frame.sendId, callId: frame.callId, mode: setupMode, isHost: false };
        queue.reset([frame]);
        changed();
        return 'open';
      }
      if (!current || !belongs(frame, current, selfId)) return 'dropped';
      if (current.callId === null) current = { ...current, callId: frame.callId };
      return queue.deliver(frame);
    },
    attach: queue.attach,
    hasPage: queue.hasConsumer,
    subscribe: listeners.subscribe,
  };
}

/** What to do with a `GET /webrtc/current` reply after a socket login (CALLS.md §8.2). */
export type ResyncAction =
  | { kind: 'none' }
  /** A call page is open: it re-reads its info (it may have missed an end signal). */
  | { kind: 'refresh' }
  /** Open the call page for this call (being rung, or joined here with no page). */
  | { kind: 'open'; call: CurrentPrivateCall; resume: boolean };

export function resyncAction(reply: CurrentCall, store: CallStore, myTerminal: number): ResyncAction {
  if (store.hasPage()) return { kind: 'refresh' };
  if (reply.kind !== 'private' || reply.uid === undefined || !reply.callId) return { kind: 'none' };
  const mode = reply.mode ?? CallMode.VIDEO;
  const call = { peerId: reply.uid, callId: reply.callId, mode, isHost: reply.isHost === true };
  if (reply.state === 'ringing' && !call.isHost) return { kind: 'open', call, resume: false };
  // Joined (or the caller's ring) on this terminal and no page: a reload closed it.
  if (reply.terminal === myTerminal) return { kind: 'open', call, resume: true };
  return { kind: 'none' };
}

/** The signal is one that ends the call. */
export const isEndSignal = (type: number): boolean =>
  type === PrivateCallSignal.REJECT ||
  type === PrivateCallSignal.CANCEL ||
  type === PrivateCallSignal.FAILED ||
  type === PrivateCallSignal.HANDUP;
