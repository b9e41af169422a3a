/**
 * Group calls (docs/CALLS.md §3): a full mesh of at most `maxChannel` people, REST in
 * and cmd 4 signal frames out. As for private calls every change is read → decide →
 * compare-and-set → push; only the writer that deleted a call stores the `callEnded` tip.
 */
import type { Kysely } from 'kysely';
import {
  CallFailReason,
  HEARTBEAT_EXPIRY_MS,
  GroupCallSignal as G,
  buildGroupTip,
  type GroupCallInfo,
  type GroupCallSetupRequest,
  type ServerFrame,
  type Terminal,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Presence } from '../../realtime/presence.js';
import type { PushService } from '../../realtime/push.js';
import { isActive, loadAccess } from '../groups/access.js';
import type { GroupStream } from '../groups/stream.js';
import { deadlineOf, ringMsOf, type CallMember, type CallStore, type StoredCall } from './call-store.js';
import { MAX_TRIES, transition, type Step } from './transition.js';
import {
  assertLiveMember,
  foundGroupCall,
  inviteToGroupCall,
  joinedHere,
  loadGroupInfo,
  setupGroupCall,
} from './group-call-entry.js';
import {
  callEnds,
  groupFrame,
  groupScope,
  memberIn,
  membersFromGroup,
  replaceMember,
  toMember,
  toRuleR,
  userInfoOf,
  without,
} from './group-call-parts.js';

const RELAY_TOUCH_MS = 5_000;

export interface GroupCallDeps {
  db: Kysely<Database>;
  store: CallStore;
  push: PushService;
  presence: Presence;
  stream: GroupStream;
  maxChannel: number;
  now: () => number;
  /** CALL_RING_TIMEOUT_MS: how long an invited member rings. */
  ringMs: number;
  /** Which users a web push reaches (a live subscription): they are rung with no socket (docs/CALLS.md §3.6). */
  pushReachable?: (userIds: readonly number[]) => Promise<Set<number>>;
}

export class GroupCallService {
  constructor(private readonly d: GroupCallDeps) {}

  setup(me: number, terminal: Terminal, req: GroupCallSetupRequest): Promise<GroupCallInfo> {
    return setupGroupCall(this.d, me, terminal, req);
  }

  invite(me: number, terminal: Terminal, req: GroupCallSetupRequest): Promise<GroupCallInfo> {
    return inviteToGroupCall(this.d, me, terminal, req);
  }

  accept(me: number, terminal: Terminal, groupId: number): Promise<null> {
    return this.transition<null>(groupId, (call) => {
      const mine = this.listed(call, me, 'callNotInvited');
      if (mine.state === 'joined') {
        if (mine.terminal === terminal) return { reply: null };
        throw new AppError('callOnOtherDevice');
      }
      return this.becomeJoined(call, mine, terminal, G.ACCEPT, async () => null);
    });
  }

  reject(me: number, terminal: Terminal, groupId: number): Promise<null> {
    return this.transition<null>(groupId, (call) => {
      const mine = this.listed(call, me, 'callNotInvited');
      if (mine.state === 'joined') return this.quitStep(call, mine, terminal);
      return this.leaveStep(call, mine, terminal, this.frame(call, G.REJECT, me, ''));
    });
  }

  /** A participant who cannot take part; an unknown call or a user not in it is a no-op (as box-im). */
  failed(me: number, terminal: Terminal, groupId: number, reason: string): Promise<null> {
    return this.transition<null>(
      groupId,
      (call) => {
        const mine = memberIn(call, me);
        if (!mine) return { reply: null };
        const content = JSON.stringify({ userIds: [me], reason });
        return this.leaveStep(call, mine, terminal, this.frame(call, G.FAILED, me, content));
      },
      true,
    );
  }

  quit(me: number, terminal: Terminal, groupId: number): Promise<null> {
    return this.transition<null>(groupId, (call) => {
      const mine = this.listed(call, me, 'callNotJoined');
      if (mine.state === 'ringing') return this.leaveStep(call, mine, terminal, this.frame(call, G.REJECT, me, ''));
      return this.quitStep(call, mine, terminal);
    });
  }

  async join(me: number, terminal: Terminal, groupId: number): Promise<GroupCallInfo> {
    await assertLiveMember(this.d, groupId, me);
    return this.transition<GroupCallInfo>(groupId, (call) => {
      const mine = memberIn(call, me);
      if (mine?.state === 'joined') {
        if (mine.terminal !== terminal) throw new AppError('callOnOtherDevice');
        // A page that reloaded: everyone reconnects to me.
        return { reply: this.announce(call, mine).then(() => loadGroupInfo(this.d, call)) };
      }
      if (mine) return this.becomeJoined(call, mine, terminal, G.ACCEPT, () => this.infoAfter(call.id));
      return { reply: this.joinNew(call, me, terminal) };
    });
  }

  /** The host ends the call for everyone. */
  cancel(me: number, terminal: Terminal, groupId: number): Promise<null> {
    return this.transition<null>(groupId, (call) => {
      if (call.hostId !== me) throw new AppError('callOnlyHostCancel');
      joinedHere(call, me, terminal);
      return { next: null, after: () => this.ended(call, me, [me]) };
    });
  }

  async relay(me: number, terminal: Terminal, groupId: number, type: number, to: number, contents: string[]) {
    const v = await this.d.store.byScope(groupScope(groupId));
    const call = foundGroupCall(v);
    const mine = joinedHere(call, me, terminal);
    const target = memberIn(call, to);
    // The target just left: nothing to relay.
    if (target?.state !== 'joined') return null;
    for (const content of contents) await toMember(this.d.push, target, this.frame(call, type, me, content));
    const now = this.d.now();
    if (now - mine.lastSeen >= RELAY_TOUCH_MS) {
      const next = replaceMember(call, { ...mine, lastSeen: now });
      await this.d.store.update(call.id, v!.version, next, deadlineOf(next));
    }
    return null;
  }

  device(me: number, terminal: Terminal, groupId: number, isCamera: boolean, isMicroPhone: boolean): Promise<null> {
    return this.transition<null>(groupId, (call) => {
      const mine = joinedHere(call, me, terminal);
      const next = replaceMember(call, { ...mine, isCamera, isMicroPhone, lastSeen: this.d.now() });
      return {
        next,
        after: async () => {
          const frame = this.frame(call, G.DEVICE, me, JSON.stringify({ isCamera, isMicroPhone }));
          await toRuleR(this.d.push, next.members, frame, me);
          return null;
        },
      };
    });
  }

  heartbeat(me: number, terminal: Terminal, groupId: number): Promise<null> {
    return this.transition<null>(groupId, (call) => {
      const mine = this.listed(call, me, 'callNotJoined');
      if (mine.state === 'ringing') return { reply: null };
      if (mine.terminal !== terminal) throw new AppError('callOnOtherDevice');
      return { next: replaceMember(call, { ...mine, lastSeen: this.d.now() }), after: async () => null };
    });
  }

  async info(me: number, groupId: number): Promise<GroupCallInfo> {
    const access = await loadAccess(this.d.db, groupId, me);
    if (!isActive(access.member)) throw new AppError('notGroupMember');
    const v = await this.d.store.byScope(groupScope(groupId));
    return v ? loadGroupInfo(this.d, v.call) : { isChating: false };
  }

  /** Ring timeouts and heartbeat expiry of one due call (the sweeper, on any node). */
  async expire(callId: string): Promise<boolean> {
    for (let i = 0; i < MAX_TRIES; i++) {
      const v = await this.d.store.get(callId);
      const now = this.d.now();
      if (!v || v.call.kind !== 'group' || deadlineOf(v.call) > now) return false;
      const { call } = v;
      const unanswered = call.members.filter((m) => m.state === 'ringing' && now >= m.invitedAt + ringMsOf(call));
      const silent = call.members.filter((m) => m.state === 'joined' && now > m.lastSeen + HEARTBEAT_EXPIRY_MS);
      const gone = [...unanswered, ...silent].map((m) => m.userId);
      const rest = without(call, gone);
      const ends = callEnds(rest.members);
      const written = await this.d.store.update(call.id, v.version, ends ? null : rest, ends ? 0 : deadlineOf(rest));
      if (written === 'conflict') continue;
      if (written !== 'ok') throw new AppError('serverBusy');
      if (unanswered.length) {
        const content = JSON.stringify({
          userIds: unanswered.map((m) => m.userId),
          reason: CallFailReason.NOT_ANSWERED,
        });
        const frame = this.frame(call, G.FAILED, call.hostId, content);
        // Their own rings stop on every terminal.
        for (const m of unanswered) await this.d.push.toUser(m.userId, frame);
        if (!ends) await toRuleR(this.d.push, rest.members, frame);
      }
      if (!ends) {
        for (const m of silent) await toRuleR(this.d.push, rest.members, this.frame(call, G.QUIT, m.userId, 'expired'));
      } else await this.ended(rest, call.hostId, []);
      return true;
    }
    return false;
  }

  /** The group was dissolved (or banned): its call ends as if the host cancelled it. */
  async onGroupDissolved(groupId: number): Promise<void> {
    await this.transition<null>(
      groupId,
      (call) => ({ next: null, after: () => this.ended(call, call.hostId, []) }),
      true,
    );
  }

  /** Members who left or were removed from the group leave its call (as quit). */
  async onMembersLeft(groupId: number, userIds: readonly number[]): Promise<void> {
    for (const userId of userIds) await this.leaveAny(groupId, userId);
  }

  /** A banned or deleted user leaves their group call (as quit). */
  async onUserClosed(userId: number): Promise<void> {
    const v = await this.d.store.byUser(userId);
    if (v?.call.kind === 'group' && v.call.groupId !== null) await this.leaveAny(v.call.groupId, userId);
  }

  private leaveAny(groupId: number, userId: number): Promise<null> {
    return this.transition<null>(
      groupId,
      (call) => {
        const mine = memberIn(call, userId);
        if (!mine) return { reply: null };
        const frame = this.frame(call, mine.state === 'joined' ? G.QUIT : G.REJECT, userId, '');
        const step = this.leaveStep(call, mine, null, frame);
        if (mine.state !== 'joined' || !('after' in step)) return step;
        // Not their own request: their call page hears it too, and closes.
        return { ...step, after: () => toMember(this.d.push, mine, frame).then(step.after) };
      },
      true,
    );
  }

  /** `mine` quits (joined on `terminal`): 205 per R, or 204 when the call ends with it. */
  private quitStep(call: StoredCall, mine: CallMember, terminal: Terminal): Step<null> {
    if (mine.terminal !== terminal) throw new AppError('callOnOtherDevice');
    return this.leaveStep(call, mine, terminal, this.frame(call, G.QUIT, mine.userId, ''));
  }

  /**
   * `mine` leaves with `frame` (per R, plus their other terminals while they were
   * ringing); then the end rule: the remaining hear 204 instead and the tip is stored.
   */
  private leaveStep(call: StoredCall, mine: CallMember, terminal: Terminal | null, frame: ServerFrame): Step<null> {
    const rest = without(call, [mine.userId]);
    const ends = callEnds(rest.members);
    return {
      next: ends ? null : rest,
      after: async () => {
        if (mine.state === 'ringing') {
          await this.d.push.toUser(mine.userId, frame, terminal === null ? {} : { exceptTerminal: terminal });
        }
        if (ends) return this.ended(rest, mine.userId, []);
        await toRuleR(this.d.push, rest.members, frame);
        return null;
      },
    };
  }

  private becomeJoined<T>(
    call: StoredCall,
    mine: CallMember,
    terminal: Terminal,
    type: number,
    reply: () => Promise<T>,
  ): Step<T> {
    const now = this.d.now();
    const next = replaceMember(call, { ...mine, state: 'joined', terminal, lastSeen: now });
    next.acceptedAt ??= now;
    return {
      next,
      after: async () => {
        const frame = this.frame(call, type, mine.userId, '');
        await toRuleR(this.d.push, call.members, frame, mine.userId);
        // My other terminals stop ringing: "answered on another device".
        await this.d.push.toUser(mine.userId, frame, { exceptTerminal: terminal });
        return reply();
      },
    };
  }

  /** Someone not listed joins a running call (`join`). */
  private async joinNew(call: StoredCall, me: number, terminal: Terminal): Promise<GroupCallInfo> {
    if (await this.d.store.byUser(me)) throw new AppError('callSelfBusy');
    if (call.members.length + 1 > this.d.maxChannel) throw new AppError('callChannelFull', { max: this.d.maxChannel });
    const now = this.d.now();
    const [joined] = await membersFromGroup(this.d.db, call.groupId!, [me], { state: 'joined', terminal, now });
    const v = await this.d.store.get(call.id);
    if (!v) throw new AppError('callNotFound');
    // Listed meanwhile (a parallel join or invite): decide again.
    if (memberIn(v.call, me)) return this.join(me, terminal, call.groupId!);
    const next: StoredCall = { ...v.call, acceptedAt: v.call.acceptedAt ?? now, members: [...v.call.members, joined!] };
    if (next.members.length > this.d.maxChannel) throw new AppError('callChannelFull', { max: this.d.maxChannel });
    const written = await this.d.store.update(call.id, v.version, next, deadlineOf(next));
    if (written === 'conflict') return this.join(me, terminal, call.groupId!);
    if (written !== 'ok') throw new AppError('busy' in written ? 'callSelfBusy' : 'serverBusy');
    await this.announce(next, joined!);
    return loadGroupInfo(this.d, next);
  }

  /** 207 JOIN (my WebrtcUserInfo) per R: everyone joined before me offers to me. */
  private announce(call: StoredCall, mine: CallMember): Promise<void> {
    const frame = this.frame(call, G.JOIN, mine.userId, JSON.stringify(userInfoOf(mine)));
    return toRuleR(this.d.push, call.members, frame, mine.userId);
  }

  /** The call is over: 204 to everyone still listed but `except`, then the `callEnded` tip. */
  private async ended(call: StoredCall, sendId: number, except: number[]): Promise<null> {
    const frame = this.frame(call, G.CANCEL, sendId, '');
    for (const m of call.members) if (!except.includes(m.userId)) await toMember(this.d.push, m, frame);
    const groupId = call.groupId!;
    await this.d.stream.run((db) => this.d.stream.tipToMembers(db, groupId, sendId, buildGroupTip('callEnded', {})));
    return null;
  }

  private listed(call: StoredCall, me: number, key: 'callNotInvited' | 'callNotJoined'): CallMember {
    const mine = memberIn(call, me);
    if (!mine) throw new AppError(key);
    return mine;
  }

  private transition<T>(groupId: number, decide: (call: StoredCall) => Step<T>, noCallIsFine = false): Promise<T> {
    return transition(
      this.d.store,
      () => this.d.store.byScope(groupScope(groupId)),
      (v) => (!v && noCallIsFine ? { reply: null as T } : decide(foundGroupCall(v))),
      (written) => new AppError('busy' in written ? 'callSelfBusy' : 'serverBusy'),
    );
  }

  private async infoAfter(callId: string): Promise<GroupCallInfo> {
    const v = await this.d.store.get(callId);
    return v ? loadGroupInfo(this.d, v.call) : { isChating: false };
  }

  private frame(call: StoredCall, type: number, sendId: number, content: string): ServerFrame {
    return groupFrame(call, type, sendId, content, this.d.now());
  }
}
