/**
 * The current group call of this app (docs/CALLS.md §8.1, §8.5) and its signals not yet
 * consumed by the page. A setup (200) is taken only when no group call is current, and
 * then asks for the call page to open; frames of any other call are dropped.
 */
import {
  GroupCallSignal,
  groupCallSignal,
  isGroupCallType,
  type CurrentCall,
  type GroupCallSignalFrame,
} from '@parley/protocol';
import { createListeners, createSignalQueue, type Delivery } from './signalQueue';

export interface CurrentGroupCall {
  groupId: number;
  /** null until the host's setup (or a join) answered. */
  callId: string | null;
  isHost: boolean;
  /** Who rang me (a 200's sender); myself for a join. */
  inviterId: number;
  /** The 200's content as it came (the page link carries it). */
  userInfos: string;
}

export type GroupRouted = 'open' | Delivery | 'dropped';

export interface GroupCallStore {
  current(): CurrentGroupCall | null;
  begin(call: CurrentGroupCall): void;
  setCallId(callId: string): void;
  end(callId?: string | null): void;
  route(frame: GroupCallSignalFrame, selfId: number): GroupRouted;
  attach(consumer: (frame: GroupCallSignalFrame) => void): () => void;
  hasPage(): boolean;
  subscribe(listener: () => void): () => void;
}

/** The cmd 4 frame data as a group call signal, or null (a message, damage). */
export function parseGroupSignal(data: unknown): GroupCallSignalFrame | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'number' || !isGroupCallType(type)) return null;
  const parsed = groupCallSignal.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function createGroupCallStore(): GroupCallStore {
  let current: CurrentGroupCall | null = null;
  const listeners = createListeners();
  const queue = createSignalQueue<GroupCallSignalFrame>(listeners.changed);
  const ours = (f: GroupCallSignalFrame, c: CurrentGroupCall) =>
    c.callId === null ? f.groupId === c.groupId : f.callId === c.callId;

  return {
    current: () => current,
    begin(call) {
      current = { ...call };
      queue.keep((f) => call.callId !== null && f.callId === call.callId);
      listeners.changed();
    },
    setCallId(callId) {
      if (!current) return;
      current = { ...current, callId };
      queue.keep((f) => f.callId === callId);
      listeners.changed();
    },
    end(callId) {
      if (!current || (callId && current.callId && callId !== current.callId)) return;
      current = null;
      queue.reset([]);
      listeners.changed();
    },
    route(frame, selfId) {
      if (frame.type === GroupCallSignal.SETUP && !current) {
        if (frame.sendId === selfId) return 'dropped';
        current = {
          groupId: frame.groupId,
          callId: frame.callId,
          isHost: false,
          inviterId: frame.sendId,
          userInfos: frame.content,
        };
        queue.reset([frame]);
        listeners.changed();
        return 'open';
      }
      if (!current || !ours(frame, current)) return 'dropped';
      if (current.callId === null) current = { ...current, callId: frame.callId };
      return queue.deliver(frame);
    },
    attach: queue.attach,
    hasPage: queue.hasConsumer,
    subscribe: listeners.subscribe,
  };
}

/** A `GET /webrtc/current` reply about a group call, after a socket login (CALLS.md §8.2). */
export type GroupResync =
  { kind: 'none' } | { kind: 'refresh' } | { kind: 'open'; call: CurrentGroupCall; resume: boolean };

export function groupResyncAction(
  reply: CurrentCall,
  store: GroupCallStore,
  myTerminal: number,
  selfId: number,
): GroupResync {
  if (store.hasPage()) return { kind: 'refresh' };
  if (reply.kind !== 'group' || reply.groupId === undefined || !reply.callId) return { kind: 'none' };
  // The page resumes from info: a ring shows the ring screen, joined here (a reload) rejoins (207).
  const call = { groupId: reply.groupId, callId: reply.callId, isHost: false, inviterId: selfId, userInfos: '[]' };
  if (reply.state === 'ringing' || reply.terminal === myTerminal) return { kind: 'open', call, resume: true };
  return { kind: 'none' };
}
