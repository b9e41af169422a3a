/**
 * Entering a group call (docs/CALLS.md §3.2): setup and invite sort the invitees into
 * offline, busy and free, ring the free ones (200; by web push too when they have no
 * socket) and tell the inviter who could not be rung (203); plus the checks and the
 * info reply the service shares.
 */
import crypto from 'node:crypto';
import {
  CallFailReason,
  GroupCallSignal as G,
  buildGroupTip,
  type GroupCallInfo,
  type GroupCallSetupRequest,
  type Terminal,
} from '@parley/protocol';
import { AppError } from '../../http/app-error.js';
import { activeMembers, isActive, isManager, loadAccess } from '../groups/access.js';
import { deadlineOf, type CallMember, type StoredCall, type Versioned } from './call-store.js';
import {
  groupFrame,
  groupInfoOf,
  groupScope,
  memberIn,
  membersFromGroup,
  toRuleR,
  userInfoOf,
} from './group-call-parts.js';
import type { GroupCallDeps } from './group-calls.js';
import { MAX_TRIES } from './transition.js';

/** Who could not be rung: no live socket, or in (or rung for) another call. */
interface Unreachable {
  offline: number[];
  busy: number[];
}

/** POST /webrtc/group/setup (docs/CALLS.md §3.2): the host joined, the free invitees ringing. */
export async function setupGroupCall(
  d: GroupCallDeps,
  me: number,
  terminal: Terminal,
  req: GroupCallSetupRequest,
): Promise<GroupCallInfo> {
  const { groupId } = req;
  const access = await assertLiveMember(d, groupId, me);
  if (!isManager(access) && access.group.is_muted === 1) throw new AppError('groupMutedAll');
  if (access.member!.is_muted === 1) throw new AppError('memberMuted');
  const invitees = [...new Set(req.userInfos.map((u) => u.id))].filter((id) => id !== me);
  if (invitees.length === 0) throw new AppError('callNoInvitees');
  if (invitees.length + 1 > d.maxChannel) throw new AppError('callChannelFull', { max: d.maxChannel });
  await activeMembers(d.db, groupId, invitees);
  if (await d.store.byUser(me)) throw new AppError('callSelfBusy');
  if (await d.store.byScope(groupScope(groupId))) throw new AppError('groupCallExists');
  const { free, offline, busy } = await sortInvitees(d, invitees);
  if (free.length === 0) throw new AppError('callNobodyAvailable');

  const now = d.now();
  const [host] = await membersFromGroup(d.db, groupId, [me], { state: 'joined', terminal, now });
  let ringing = await membersFromGroup(d.db, groupId, free, { state: 'ringing', terminal: null, now });
  let call: StoredCall | undefined;
  for (let i = 0; i < MAX_TRIES && !call; i++) {
    if (ringing.length === 0) throw new AppError('callNobodyAvailable');
    const draft: StoredCall = {
      id: crypto.randomBytes(16).toString('hex'),
      kind: 'group',
      scope: groupScope(groupId),
      groupId,
      mode: null,
      hostId: me,
      createdAt: now,
      acceptedAt: null,
      members: [host!, ...ringing],
      ringMs: d.ringMs,
    };
    const written = await d.store.create(draft, deadlineOf(draft));
    if (written === 'ok') call = draft;
    else if (written === 'conflict' || 'scopeTaken' in written) throw new AppError('groupCallExists');
    else if (written.busy.includes(me)) throw new AppError('callSelfBusy');
    else {
      // Claimed by another call meanwhile: they go to the busy list.
      busy.push(...written.busy);
      ringing = ringing.filter((m) => !written.busy.includes(m.userId));
    }
  }
  if (!call) throw new AppError('serverBusy');
  const content = JSON.stringify(call.members.map(userInfoOf));
  for (const m of ringing) await d.push.toUser(m.userId, groupFrame(call, G.SETUP, me, content, d.now()));
  await reportUnreachable(d, call, me, terminal, { offline, busy });
  await d.stream.run((db) =>
    d.stream.tipToMembers(db, groupId, me, buildGroupTip('callStarted', { name: host!.nickName })),
  );
  return loadGroupInfo(d, call);
}

/** POST /webrtc/group/invite: more members for a running call, by a joined participant. */
export async function inviteToGroupCall(
  d: GroupCallDeps,
  me: number,
  terminal: Terminal,
  req: GroupCallSetupRequest,
): Promise<GroupCallInfo> {
  const { groupId } = req;
  for (let i = 0; i < MAX_TRIES; i++) {
    const v = await d.store.byScope(groupScope(groupId));
    const call = foundGroupCall(v);
    joinedHere(call, me, terminal);
    const fresh = [...new Set(req.userInfos.map((u) => u.id))].filter((id) => !memberIn(call, id));
    if (fresh.length > 0) await activeMembers(d.db, groupId, fresh);
    if (call.members.length + fresh.length > d.maxChannel) {
      throw new AppError('callChannelFull', { max: d.maxChannel });
    }
    const { free, offline, busy } = await sortInvitees(d, fresh);
    const now = d.now();
    const added = await membersFromGroup(d.db, groupId, free, { state: 'ringing', terminal: null, now });
    const next = { ...call, members: [...call.members, ...added] };
    const written = added.length ? await d.store.update(call.id, v!.version, next, deadlineOf(next)) : 'ok';
    if (written === 'conflict') continue;
    if (written !== 'ok') {
      if ('busy' in written) continue; // someone was claimed meanwhile: sort again
      throw new AppError('serverBusy');
    }
    const content = JSON.stringify(next.members.map(userInfoOf));
    for (const m of added) await d.push.toUser(m.userId, groupFrame(call, G.SETUP, me, content, d.now()));
    if (added.length) {
      const invited = groupFrame(call, G.INVITE, me, JSON.stringify(added.map(userInfoOf)), d.now());
      await toRuleR(d.push, call.members, invited, me);
    }
    await reportUnreachable(d, call, me, terminal, { offline, busy });
    return loadGroupInfo(d, next);
  }
  throw new AppError('serverBusy');
}

/** 203 to the inviter's request terminal: once for those offline, once for those busy. */
async function reportUnreachable(d: GroupCallDeps, call: StoredCall, me: number, terminal: Terminal, who: Unreachable) {
  for (const [reason, userIds] of [
    [CallFailReason.OFFLINE, who.offline],
    [CallFailReason.BUSY, who.busy],
  ] as const) {
    if (userIds.length === 0) continue;
    const frame = groupFrame(call, G.FAILED, me, JSON.stringify({ userIds, reason }), d.now());
    await d.push.toTerminal(me, terminal, frame);
  }
}

/**
 * Invitees with no live socket and no push subscription, in (or rung for) another call,
 * and free. One with no socket but a subscription is rung by web push (§3.6).
 */
async function sortInvitees(d: GroupCallDeps, userIds: number[]): Promise<Unreachable & { free: number[] }> {
  const online = await d.presence.onlineTerminals(userIds);
  const noSocket = userIds.filter((id) => !online.has(id));
  const byPush = noSocket.length && d.pushReachable ? await d.pushReachable(noSocket) : new Set<number>();
  const offline = noSocket.filter((id) => !byPush.has(id));
  const busy: number[] = [];
  const free: number[] = [];
  for (const id of userIds.filter((u) => online.has(u) || byPush.has(u))) {
    ((await d.store.byUser(id)) ? busy : free).push(id);
  }
  return { offline, busy, free };
}

export async function assertLiveMember(d: GroupCallDeps, groupId: number, me: number) {
  const access = await loadAccess(d.db, groupId, me);
  if (access.group.dissolved === 1) throw new AppError('groupDissolved');
  if (access.group.is_banned === 1) throw new AppError('groupBanned', { reason: access.group.ban_reason });
  if (!isActive(access.member)) throw new AppError('notGroupMember');
  return access;
}

export function joinedHere(call: StoredCall, me: number, terminal: Terminal): CallMember {
  const mine = memberIn(call, me);
  if (mine?.state !== 'joined') throw new AppError('callNotJoined');
  if (mine.terminal !== terminal) throw new AppError('callOnOtherDevice');
  return mine;
}

export function foundGroupCall(v: Versioned | null): StoredCall {
  if (!v || v.call.kind !== 'group') throw new AppError('callNotFound');
  return v.call;
}

export async function loadGroupInfo(d: GroupCallDeps, call: StoredCall): Promise<GroupCallInfo> {
  const [host] = await membersFromGroup(d.db, call.groupId!, [call.hostId], {
    state: 'joined',
    terminal: null,
    now: 0,
  });
  const hostInfo = host
    ? userInfoOf(host)
    : { id: call.hostId, nickName: '', headImage: '', isCamera: false, isMicroPhone: false };
  return groupInfoOf(call, hostInfo, d.maxChannel, d.now());
}
