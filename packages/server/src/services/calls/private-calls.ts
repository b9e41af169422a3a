/**
 * Private calls (docs/CALLS.md §2): REST in, cmd 3 signal frames out. Every change is
 * read → decide → compare-and-set in the CallStore → push → record, so only the
 * request (or sweep) whose write won pushes, and only the one that deleted the call
 * stores its record. The clock is injected: nothing here reads the wall clock.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CallFailReason,
  CallMode,
  CallOutcome,
  CallState,
  Cmd,
  PrivateCallSignal,
  setupSignalOf,
  type CurrentCall,
  type PrivateCallInfo,
  type PrivateCallSignalFrame,
  type ServerFrame,
  type Terminal,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Presence } from '../../realtime/presence.js';
import type { PushService } from '../../realtime/push.js';
import { hasBlocked } from '../blacklist.js';
import {
  deadlineOf,
  privateScope,
  type CallMember,
  type CallStore,
  type StoredCall,
  type Versioned,
} from './call-store.js';
import type { CallRecords } from './records.js';
import { MAX_TRIES, transition, type Step } from './transition.js';

/** A relayed offer/answer/candidate refreshes the sender's lastSeen at most this often (saves store writes). */
const RELAY_TOUCH_MS = 5_000;

export interface PrivateCallDeps {
  db: Kysely<Database>;
  store: CallStore;
  push: PushService;
  presence: Presence;
  records: CallRecords;
  now: () => number;
  /** CALL_RING_TIMEOUT_MS: how long the callee rings. */
  ringMs: number;
  /** Which users a web push reaches (a live subscription); absent: nobody (docs/CALLS.md §2.5). */
  pushReachable?: (userIds: readonly number[]) => Promise<Set<number>>;
}

/** 128 random bits as 32 hex characters. */
const randomCallId = () => crypto.randomBytes(16).toString('hex');

export class PrivateCallService {
  constructor(private readonly d: PrivateCallDeps) {}

  async setup(me: number, terminal: Terminal, uid: number, mode: CallMode): Promise<PrivateCallInfo> {
    if (uid === me) throw new AppError('cannotCallSelf');
    const friend = await this.d.db
      .selectFrom('friends as f')
      .innerJoin('users as u', 'u.id', 'f.friend_id')
      .select('f.id')
      .where('f.user_id', '=', me)
      .where('f.friend_id', '=', uid)
      .where('u.deleted', '=', 0)
      .executeTakeFirst();
    if (!friend) throw new AppError('callNotFriend');
    if (await hasBlocked(this.d.db, uid, me)) throw new AppError('blockedByOther');
    if (await hasBlocked(this.d.db, me, uid)) throw new AppError('alreadyBlocked');
    if (await this.d.store.byUser(me)) throw new AppError('callSelfBusy');
    if (await this.d.store.byUser(uid)) return this.refuseSetup(me, uid, mode, CallOutcome.BUSY);
    // No terminal connected: rung by web push if a subscription can reach them (the setup frame's push, §2.5).
    if (!(await this.d.presence.isOnline(uid)) && !(await this.d.pushReachable?.([uid]))?.has(uid)) {
      return this.refuseSetup(me, uid, mode, CallOutcome.OFFLINE);
    }

    const now = this.d.now();
    const member = (userId: number, joined: boolean): CallMember => ({
      userId,
      state: joined ? 'joined' : 'ringing',
      terminal: joined ? terminal : null,
      invitedAt: now,
      lastSeen: now,
      nickName: '',
      headImage: '',
      isCamera: mode === CallMode.VIDEO,
      isMicroPhone: true,
    });
    const call: StoredCall = {
      id: randomCallId(),
      kind: 'private',
      scope: privateScope(me, uid),
      groupId: null,
      mode,
      hostId: me,
      createdAt: now,
      acceptedAt: null,
      members: [member(me, true), member(uid, false)],
      ringMs: this.d.ringMs,
    };
    const written = await this.d.store.create(call, deadlineOf(call));
    if (written !== 'ok') {
      // Lost a race: my own claim (or our pair's call) means I am busy; the callee's, that they are.
      if (written !== 'conflict' && 'busy' in written && !written.busy.includes(me)) {
        return this.refuseSetup(me, uid, mode, CallOutcome.BUSY);
      }
      throw new AppError('callSelfBusy');
    }
    await this.d.push.toUser(uid, this.frame(call, setupSignalOf(mode), me));
    return this.infoOf(call, now);
  }

  accept(me: number, terminal: Terminal, uid: number): Promise<null> {
    return this.transition<null>(me, uid, (v) => {
      const call = this.found(v);
      if (call.hostId === me) throw new AppError('callActionNotAllowed');
      const callee = call.members[1]!;
      if (call.acceptedAt !== null) {
        if (callee.terminal === terminal) return { reply: null };
        throw new AppError('callOnOtherDevice');
      }
      const now = this.d.now();
      const next = withMember(call, { ...callee, state: 'joined', terminal, lastSeen: now });
      next.acceptedAt = now;
      return {
        next,
        after: async () => {
          const frame = this.frame(call, PrivateCallSignal.ACCEPT, me);
          await this.toParty(call.members[0]!, frame);
          // The callee's other terminal stops ringing: "answered on another device".
          await this.d.push.toUser(me, frame, { exceptTerminal: terminal });
          return null;
        },
      };
    });
  }

  /** cancel, reject and handup: "end the call from my side"; the state and who asks decide the outcome (§2.1). */
  end(me: number, terminal: Terminal, uid: number): Promise<null> {
    return this.transition(me, uid, (v) => this.endStep(this.found(v), me, terminal, null));
  }

  failed(me: number, terminal: Terminal, uid: number, reason: string): Promise<null> {
    return this.transition(me, uid, (v) => this.endStep(this.found(v), me, terminal, reason));
  }

  offer(me: number, terminal: Terminal, uid: number, body: unknown): Promise<null> {
    return this.relay(me, terminal, uid, PrivateCallSignal.OFFER, [JSON.stringify(body)]);
  }

  answer(me: number, terminal: Terminal, uid: number, body: unknown): Promise<null> {
    return this.relay(me, terminal, uid, PrivateCallSignal.ANSWER, [JSON.stringify(body)]);
  }

  candidate(me: number, terminal: Terminal, uid: number, candidates: unknown[]): Promise<null> {
    const contents = candidates.map((c) => JSON.stringify(c));
    return this.relay(me, terminal, uid, PrivateCallSignal.CANDIDATE, contents);
  }

  heartbeat(me: number, terminal: Terminal, uid: number): Promise<null> {
    return this.transition<null>(me, uid, (v) => {
      const call = this.found(v);
      const mine = memberOf(call, me);
      if (call.acceptedAt === null && call.hostId !== me) return { reply: null };
      if (mine.terminal !== terminal) throw new AppError('callOnOtherDevice');
      return { next: withMember(call, { ...mine, lastSeen: this.d.now() }), after: async () => null };
    });
  }

  async info(me: number, uid: number): Promise<PrivateCallInfo> {
    if (uid === me) return { isChating: false };
    const v = await this.d.store.byScope(privateScope(me, uid));
    return v ? this.infoOf(v.call, this.d.now()) : { isChating: false };
  }

  /** The call I am in or being rung for (GET /webrtc/current). */
  async current(me: number): Promise<CurrentCall> {
    const v = await this.d.store.byUser(me);
    if (!v) return { kind: null };
    const { call } = v;
    const mine = memberOf(call, me);
    const base = {
      callId: call.id,
      state: mine.state,
      terminal: mine.terminal,
      isHost: call.hostId === me,
    } as const;
    if (call.kind === 'group') return { kind: 'group', groupId: call.groupId ?? 0, ...base };
    return { kind: 'private', uid: peerOf(call, me).userId, mode: call.mode ?? CallMode.VIDEO, ...base };
  }

  /** A banned or deleted user's private call ends as if they had ended it (any terminal). */
  async onUserClosed(userId: number): Promise<void> {
    const v = await this.d.store.byUser(userId);
    if (!v || v.call.kind !== 'private') return;
    const uid = peerOf(v.call, userId).userId;
    await this.transition(userId, uid, (cur) => (cur ? this.endStep(cur.call, userId, null, null) : { reply: null }));
  }

  /** Ends a call whose ring ran out or whose party went silent (the sweeper, on any node). */
  async expire(callId: string): Promise<boolean> {
    for (let i = 0; i < MAX_TRIES; i++) {
      const v = await this.d.store.get(callId);
      const now = this.d.now();
      if (!v || v.call.kind !== 'private' || deadlineOf(v.call) > now) return false;
      const { call } = v;
      const [caller, callee] = call.members as [CallMember, CallMember];
      const written = await this.d.store.update(call.id, v.version, null, 0);
      if (written === 'conflict') continue;
      if (written !== 'ok') throw new AppError('serverBusy');
      if (call.acceptedAt === null) {
        const frame = this.frame(call, PrivateCallSignal.FAILED, callee.userId, CallFailReason.NOT_ANSWERED);
        await this.toParty(caller, frame);
        await this.d.push.toUser(callee.userId, frame);
        await this.record(call, CallOutcome.NOT_ANSWERED, 0);
      } else {
        // The party whose heartbeat ran out; the call lasted until their last sign of life.
        const silent = caller.lastSeen <= callee.lastSeen ? caller : callee;
        const frame = this.frame(call, PrivateCallSignal.HANDUP, silent.userId, CallFailReason.EXPIRED);
        await this.toParty(caller, frame);
        await this.toParty(callee, frame);
        await this.record(call, CallOutcome.COMPLETED, silent.lastSeen - call.acceptedAt);
      }
      return true;
    }
    return false;
  }

  /**
   * The end of the call by `me` (on `terminal`; null: the server for a closed account).
   * `reason` non-null: `failed`.
   */
  private endStep(call: StoredCall, me: number, terminal: Terminal | null, reason: string | null): Step<null> {
    const mine = memberOf(call, me);
    const peer = peerOf(call, me);
    const connected = call.acceptedAt !== null;
    const isCaller = call.hostId === me;
    // A ringing callee has no call terminal yet: any of theirs may answer.
    if (terminal !== null && (connected || isCaller) && mine.terminal !== terminal) {
      throw new AppError('callOnOtherDevice');
    }
    const outcome =
      reason !== null
        ? CallOutcome.FAILED
        : connected
          ? CallOutcome.COMPLETED
          : isCaller
            ? CallOutcome.CANCELLED
            : CallOutcome.REJECTED;
    return {
      next: null,
      after: async () => {
        const now = this.d.now();
        const signal =
          outcome === CallOutcome.FAILED
            ? PrivateCallSignal.FAILED
            : outcome === CallOutcome.COMPLETED
              ? PrivateCallSignal.HANDUP
              : outcome === CallOutcome.CANCELLED
                ? PrivateCallSignal.CANCEL
                : PrivateCallSignal.REJECT;
        const frame = this.frame(call, signal, me, reason ?? '');
        // Ringing: the caller's call terminal, or every terminal of the callee. Connected: the peer's call terminal.
        await this.toParty(peer, frame);
        // A ringing callee's other terminals stop ringing too.
        if (!connected && !isCaller) {
          await this.d.push.toUser(me, frame, terminal === null ? {} : { exceptTerminal: terminal });
        }
        await this.record(call, outcome, connected ? now - call.acceptedAt! : 0);
        return null;
      },
    };
  }

  private async relay(me: number, terminal: Terminal, uid: number, type: number, contents: string[]): Promise<null> {
    const v = await this.d.store.byScope(privateScope(me, uid));
    const call = this.found(v);
    if (call.acceptedAt === null) throw new AppError('callActionNotAllowed');
    const mine = memberOf(call, me);
    if (mine.terminal !== terminal) throw new AppError('callOnOtherDevice');
    const peer = peerOf(call, me);
    for (const content of contents) await this.toParty(peer, this.frame(call, type, me, content));
    const now = this.d.now();
    if (now - mine.lastSeen >= RELAY_TOUCH_MS) {
      // Best effort: a lost race means someone else just wrote the call (a heartbeat, an end).
      const next = withMember(call, { ...mine, lastSeen: now });
      await this.d.store.update(call.id, v!.version, next, deadlineOf(next));
    }
    return null;
  }

  private transition<T>(me: number, uid: number, decide: (v: Versioned | null) => Step<T>): Promise<T> {
    const scope = privateScope(me, uid);
    return transition(this.d.store, () => (uid === me ? Promise.resolve(null) : this.d.store.byScope(scope)), decide);
  }

  private found(v: Versioned | null): StoredCall {
    if (!v || v.call.kind !== 'private') throw new AppError('callNotFound');
    return v.call;
  }

  /** Refused setup (busy / offline): the caller's missed-call record, then the refusal. */
  private async refuseSetup(me: number, uid: number, mode: CallMode, outcome: CallOutcome): Promise<never> {
    await this.d.records.store(me, uid, mode, outcome);
    throw new AppError(outcome === CallOutcome.BUSY ? 'callUserBusy' : 'callUserOffline');
  }

  private record(call: StoredCall, outcome: CallOutcome, durationMs: number): Promise<void> {
    const [caller, callee] = call.members as [CallMember, CallMember];
    return this.d.records.store(caller.userId, callee.userId, call.mode ?? CallMode.VIDEO, outcome, durationMs);
  }

  /** A joined party on their call terminal; a ringing one on every terminal (the ring may show on each). */
  private toParty(member: CallMember, frame: ServerFrame): Promise<void> {
    return member.terminal === null || member.state === 'ringing'
      ? this.d.push.toUser(member.userId, frame)
      : this.d.push.toTerminal(member.userId, member.terminal, frame);
  }

  private frame(call: StoredCall, type: number, sendId: number, content = ''): ServerFrame {
    const data = {
      type,
      sendId,
      recvId: peerOf(call, sendId).userId,
      content,
      sendTime: this.d.now(),
      callId: call.id,
    } as PrivateCallSignalFrame;
    return { cmd: Cmd.PRIVATE_MESSAGE, data };
  }

  private infoOf(call: StoredCall, now: number): PrivateCallInfo {
    const [caller, callee] = call.members as [CallMember, CallMember];
    return {
      isChating: true,
      callId: call.id,
      state: call.acceptedAt === null ? CallState.RINGING : CallState.CONNECTED,
      mode: call.mode ?? CallMode.VIDEO,
      host: { id: caller.userId, terminal: caller.terminal },
      acceptor: { id: callee.userId, terminal: callee.terminal },
      startTime: call.createdAt,
      acceptTime: call.acceptedAt,
      serverTime: now,
    };
  }
}

const memberOf = (call: StoredCall, userId: number): CallMember => call.members.find((m) => m.userId === userId)!;
const peerOf = (call: StoredCall, userId: number): CallMember => call.members.find((m) => m.userId !== userId)!;
const withMember = (call: StoredCall, member: CallMember): StoredCall => ({
  ...call,
  members: call.members.map((m) => (m.userId === member.userId ? member : m)),
});
