/**
 * Pieces of group calls (docs/CALLS.md §3) shared by the service's transitions:
 * participants filled from the membership, cmd 4 frames, routing rule R, the end
 * rule and the info reply.
 */
import type { Kysely } from 'kysely';
import {
  Cmd,
  type GroupCallInfo,
  type GroupCallSignalFrame,
  type ServerFrame,
  type Terminal,
  type WebrtcUserInfo,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import type { PushService } from '../../realtime/push.js';
import type { CallMember, StoredCall } from './call-store.js';

export const groupScope = (groupId: number) => `g:${groupId}`;

/**
 * Members of `groupId` as call members, names and avatars from the membership (the
 * display name in the group, the avatar thumb): what a client sends is never shown.
 */
export async function membersFromGroup(
  db: Kysely<Database>,
  groupId: number,
  userIds: readonly number[],
  make: { state: CallMember['state']; terminal: Terminal | null; now: number },
): Promise<CallMember[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.nick_name', 'u.head_image_thumb', 'm.remark_nick_name'])
    .where('m.group_id', '=', groupId)
    .where('m.user_id', 'in', [...new Set(userIds)])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return userIds.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        userId: id,
        state: make.state,
        terminal: make.terminal,
        invitedAt: make.now,
        lastSeen: make.now,
        nickName: r.remark_nick_name || r.nick_name,
        headImage: r.head_image_thumb,
        isCamera: false,
        isMicroPhone: true,
      },
    ];
  });
}

export const userInfoOf = (m: CallMember): WebrtcUserInfo => ({
  id: m.userId,
  nickName: m.nickName,
  headImage: m.headImage,
  isCamera: m.isCamera,
  isMicroPhone: m.isMicroPhone,
});

export function groupFrame(call: StoredCall, type: number, sendId: number, content: string, now: number): ServerFrame {
  const data: GroupCallSignalFrame = {
    type: type as GroupCallSignalFrame['type'],
    groupId: call.groupId ?? 0,
    sendId,
    content,
    sendTime: now,
    callId: call.id,
  };
  return { cmd: Cmd.GROUP_MESSAGE, data };
}

/** A joined participant on their call terminal; a ringing one on every terminal. */
export function toMember(push: PushService, m: CallMember, frame: ServerFrame): Promise<void> {
  return m.state === 'joined' && m.terminal !== null
    ? push.toTerminal(m.userId, m.terminal, frame)
    : push.toUser(m.userId, frame);
}

/** Rule R: every listed participant but `exceptUserId`, ringing on every terminal, joined on the call terminal. */
export async function toRuleR(push: PushService, members: CallMember[], frame: ServerFrame, exceptUserId?: number) {
  for (const m of members) if (m.userId !== exceptUserId) await toMember(push, m, frame);
}

/** The last one out ends the call: nobody joined, or at most one person listed. */
export const callEnds = (members: CallMember[]): boolean =>
  members.length <= 1 || !members.some((m) => m.state === 'joined');

export const memberIn = (call: StoredCall, userId: number) => call.members.find((m) => m.userId === userId);

export const without = (call: StoredCall, userIds: readonly number[]): StoredCall => ({
  ...call,
  members: call.members.filter((m) => !userIds.includes(m.userId)),
});

export const replaceMember = (call: StoredCall, member: CallMember): StoredCall => ({
  ...call,
  members: call.members.map((m) => (m.userId === member.userId ? member : m)),
});

export function groupInfoOf(call: StoredCall, host: WebrtcUserInfo, maxChannel: number, now: number): GroupCallInfo {
  return {
    isChating: true,
    callId: call.id,
    host,
    userInfos: call.members.map(userInfoOf),
    joinedUserIds: call.members.filter((m) => m.state === 'joined').map((m) => m.userId),
    startTime: call.createdAt,
    maxChannel,
    serverTime: now,
  };
}
