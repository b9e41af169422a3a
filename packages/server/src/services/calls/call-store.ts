/**
 * Where call state lives (docs/CALLS.md §6): one JSON document per call, shared by
 * every node. SqlCallStore keeps it in the database, RedisCallStore in Redis (chosen
 * when REDIS_URL is set). Every change is a compare-and-set on the call's version, and
 * a user is claimed by at most one call: that claim is the "busy" flag.
 */
import type { CallMode, Terminal } from '@parley/protocol';
import { HEARTBEAT_EXPIRY_MS, RING_TIMEOUT_MS } from '@parley/protocol';

export interface CallMember {
  userId: number;
  state: 'ringing' | 'joined';
  /** The call terminal once joined/accepted. */
  terminal: Terminal | null;
  invitedAt: number;
  lastSeen: number;
  /** Group calls: from the membership. */
  nickName: string;
  headImage: string;
  isCamera: boolean;
  isMicroPhone: boolean;
}

export interface StoredCall {
  id: string;
  kind: 'private' | 'group';
  /** 'p:<minUserId>:<maxUserId>' or 'g:<groupId>': one call per pair / group. */
  scope: string;
  groupId: number | null;
  mode: CallMode | null;
  hostId: number;
  createdAt: number;
  /** Private: accept; group: first accept/join. */
  acceptedAt: number | null;
  /** Private: [caller, callee]. */
  members: CallMember[];
  /** How long a member rings unanswered: CALL_RING_TIMEOUT_MS when the call began (older calls: 30 s). */
  ringMs?: number;
}

export interface Versioned {
  call: StoredCall;
  version: number;
}

export type Write = 'ok' | 'conflict' | { busy: number[] } | { scopeTaken: true };

export interface CallCounts {
  private: number;
  group: number;
}

export interface CallStore {
  /** Names the implementation in the start log. */
  readonly name: string;
  get(callId: string): Promise<Versioned | null>;
  byScope(scope: string): Promise<Versioned | null>;
  byUser(userId: number): Promise<Versioned | null>;
  /** Writes a new call (version 1) and claims its scope and every member, all or nothing. */
  create(call: StoredCall, deadline: number): Promise<Write>;
  /**
   * Compare-and-set: replaces the call if its version is still `version`, claiming the
   * members it adds and releasing those it drops; `next = null` deletes the call and
   * releases everyone. 'conflict': re-read and decide again.
   */
  update(callId: string, version: number, next: StoredCall | null, deadline: number): Promise<Write>;
  /** Ids of calls whose deadline has passed, oldest first. */
  due(now: number, limit: number): Promise<string[]>;
  /** Calls in the store now, private and group (metrics, read when scraped). */
  inProgress(): Promise<CallCounts>;
  close(): Promise<void>;
}

export const privateScope = (a: number, b: number): string => `p:${Math.min(a, b)}:${Math.max(a, b)}`;

export const ringMsOf = (call: StoredCall): number => call.ringMs ?? RING_TIMEOUT_MS;

/** The next moment a timer must look at the call: a ring running out, or a member's heartbeat expiring. */
export function deadlineOf(call: StoredCall): number {
  let deadline = Number.MAX_SAFE_INTEGER;
  // A private call that is still ringing has only the ring deadline (30 s < 60 s by default).
  const ringingPrivate = call.kind === 'private' && call.acceptedAt === null;
  for (const m of call.members) {
    if (m.state === 'ringing') deadline = Math.min(deadline, m.invitedAt + ringMsOf(call));
    else if (!ringingPrivate) deadline = Math.min(deadline, m.lastSeen + HEARTBEAT_EXPIRY_MS);
  }
  return deadline;
}

/** Users in `next` but not in `prev`, and the other way round. */
export function claimDiff(prev: StoredCall, next: StoredCall | null): { added: number[]; released: number[] } {
  const before = new Set(prev.members.map((m) => m.userId));
  const after = new Set((next?.members ?? []).map((m) => m.userId));
  return {
    added: [...after].filter((u) => !before.has(u)),
    released: [...before].filter((u) => !after.has(u)),
  };
}
