/**
 * Which frames become a web push (issue 11 point 5), as a pure function of the frame:
 * new private and group messages (not tips, reads, recalls or list syncs), a private
 * call ringing or missed, a group call its offline invitees could not be rung for,
 * and system notifications. Everything else is null.
 */
import {
  EMOJI,
  CallFailReason,
  CallOutcome,
  ChatType,
  Cmd,
  GroupCallSignal,
  MessageType,
  PrivateCallSignal,
  PushKind,
  isNormalType,
  splitEmoji,
  parseCallRecord,
  type ServerFrame,
} from '@parley/protocol';

/** Longest text preview in a notification (characters). */
export const PREVIEW_MAX = 100;

export interface Notice {
  kind: PushKind;
  chatType: ChatType;
  /** Group id, or 0 for the system chat; private: the sender (the chat as the recipient sees it). */
  chatId: number;
  /** The sender, never notified of their own message; null for system notifications. */
  senderId: number | null;
  /** Who to notify instead of the frame's targets (a group call's offline invitees). */
  recipients?: number[];
  type: number;
  /** Text preview (plain text messages), else empty: the service worker names the kind. */
  body: string;
  /** Group messages: the sender's name in the group. System: the notification's title. */
  from?: string;
  /** Push service time-to-live in seconds: a ring is useless a minute later. */
  ttl: number;
}

const EMOJI_CHAR = new Map<string, string>(EMOJI.map(([name, char]) => [name, char]));
const MISSED: readonly string[] = [CallOutcome.OFFLINE, CallOutcome.NOT_ANSWERED, CallOutcome.CANCELLED];
const DAY_S = 86_400;

export function preview(type: number, content: string): string {
  if (type !== MessageType.TEXT) return '';
  // `#name;` emoji tokens travel as their characters, as the chat list shows them.
  const text = splitEmoji(content)
    .map((p) => (p.kind === 'text' ? p.text : (EMOJI_CHAR.get(p.name) ?? `#${p.name};`)))
    .join('');
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX - 1)}…` : flat;
}

type Data = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function noticeOf(frame: ServerFrame): Notice | null {
  const d = (frame.data ?? {}) as Data;
  const type = num(d.type);
  const senderId = num(d.sendId);
  switch (frame.cmd) {
    case Cmd.PRIVATE_MESSAGE:
      return privateNotice(d, type, senderId);
    case Cmd.GROUP_MESSAGE:
      return groupNotice(d, type, senderId);
    case Cmd.SYSTEM_MESSAGE:
      if (type !== MessageType.SYSTEM_MESSAGE) return null;
      return {
        kind: PushKind.SYSTEM,
        chatType: ChatType.SYSTEM,
        chatId: 0,
        senderId: null,
        type,
        body: preview(MessageType.TEXT, str(d.intro)),
        from: str(d.title),
        ttl: DAY_S,
      };
    default:
      return null;
  }
}

function privateNotice(d: Data, type: number, senderId: number): Notice | null {
  const base = { chatType: ChatType.PRIVATE, chatId: senderId, senderId, type, body: '' } as const;
  if (isNormalType(type) && !d.tip) {
    return { ...base, kind: PushKind.MESSAGE, body: preview(type, str(d.content)), ttl: DAY_S };
  }
  if (type === PrivateCallSignal.SETUP_VOICE || type === PrivateCallSignal.SETUP_VIDEO) {
    const mode = type === PrivateCallSignal.SETUP_VOICE ? MessageType.ACT_RT_VOICE : MessageType.ACT_RT_VIDEO;
    return { ...base, kind: PushKind.CALL, type: mode, ttl: 60 };
  }
  if (type === MessageType.ACT_RT_VOICE || type === MessageType.ACT_RT_VIDEO) {
    // A call record: only a missed call is news to the callee.
    const record = parseCallRecord(str(d.content));
    if (!record || !MISSED.includes(record.outcome)) return null;
    return { ...base, kind: PushKind.MESSAGE, recipients: [num(d.recvId)], ttl: DAY_S };
  }
  return null;
}

function groupNotice(d: Data, type: number, senderId: number): Notice | null {
  const groupId = num(d.groupId);
  if (groupId <= 0) return null;
  const base = { chatType: ChatType.GROUP, chatId: groupId, senderId, type, body: '' } as const;
  if (isNormalType(type) && !d.tip) {
    return {
      ...base,
      kind: PushKind.MESSAGE,
      body: preview(type, str(d.content)),
      from: str(d.sendNickName),
      ttl: DAY_S,
    };
  }
  if (type === GroupCallSignal.SETUP) return { ...base, kind: PushKind.CALL, ttl: 60 };
  if (type === GroupCallSignal.FAILED) {
    // The caller hears which invitees had no live socket: those are told by push instead.
    let failed: { userIds?: unknown; reason?: unknown } = {};
    try {
      failed = JSON.parse(str(d.content)) as typeof failed;
    } catch {
      return null;
    }
    if (failed.reason !== CallFailReason.OFFLINE || !Array.isArray(failed.userIds)) return null;
    const recipients = failed.userIds.filter((u): u is number => typeof u === 'number');
    return { ...base, kind: PushKind.CALL, type: GroupCallSignal.SETUP, recipients, ttl: 60 };
  }
  return null;
}
