/**
 * Which frames become a web push (issue 11 point 5), as a pure function of the frame
 * and whom it went to: new private and group messages (not tips, reads, recalls or list
 * syncs; a reaction to the author's message), a private or group call ringing (docs/CALLS.md §2.5) and its ring ending
 * unanswered (the private missed-call record; a group invitee's ring timeout or the
 * call's end while they were rung), system notifications, and a friend request filed or
 * asked again (to its receiver only; answers and withdrawals are silent). Everything else is null.
 */
import {
  AT_ALL,
  EMOJI,
  CallFailReason,
  CallOutcome,
  ChatType,
  FriendRequestStatus,
  Cmd,
  GroupCallSignal,
  MessageType,
  PrivateCallSignal,
  PushKind,
  RING_TIMEOUT_MS,
  chatPushUrl,
  friendRequest,
  friendRequestPushUrl,
  groupCallPushUrl,
  isNormalType,
  privateCallPushUrl,
  splitEmoji,
  parseCallRecord,
  parseEditNotice,
  parseReactionNotice,
  type ServerFrame,
  type Terminal,
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
  /** Group messages: the sender's name in the group. System: the notification's title. A friend request: the requester's nickname. */
  from?: string;
  /** Push service time-to-live in seconds: a ring is useless once it has ended. */
  ttl: number;
  /** The route a tap opens (a ring: the call page); else the chat's (`chatPushUrl`). */
  url: string;
}

const EMOJI_CHAR = new Map<string, string>(EMOJI.map(([name, char]) => [name, char]));
const MISSED: readonly string[] = [CallOutcome.OFFLINE, CallOutcome.NOT_ANSWERED, CallOutcome.CANCELLED];
const DAY_S = 86_400;
/** A ring delivered after the ring ended would show a call that is over. */
const RING_TTL_S = RING_TIMEOUT_MS / 1000;

/** Types whose content may carry a caption (issue 22 point 8). */
const CAPTIONED: ReadonlySet<number> = new Set([MessageType.IMAGE, MessageType.FILE, MessageType.VIDEO]);

function captionOf(content: string): string {
  try {
    const c = (JSON.parse(content) as { caption?: unknown } | null)?.caption;
    return typeof c === 'string' ? c : '';
  } catch {
    return '';
  }
}

/**
 * The notification's text: a plain text, an announcement, or the caption of a photo, video
 * or file (the service worker puts the kind's word before it); empty otherwise.
 */
export function preview(type: number, content: string): string {
  if (CAPTIONED.has(type)) return preview(MessageType.TEXT, captionOf(content));
  // A group's announcement card (22) reads as its text, like a text message.
  if (type !== MessageType.TEXT && type !== MessageType.GROUP_ANNOUNCEMENT) return '';
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

/** Whom the frame went to: its users, and the one terminal of a push to a call terminal. */
export interface FrameTargets {
  userIds: readonly number[];
  terminal?: Terminal;
}

export function noticeOf(frame: ServerFrame, to: FrameTargets = { userIds: [] }): Notice | null {
  const d = (frame.data ?? {}) as Data;
  const type = num(d.type);
  const senderId = num(d.sendId);
  switch (frame.cmd) {
    case Cmd.PRIVATE_MESSAGE:
      return privateNotice(d, type, senderId);
    case Cmd.GROUP_MESSAGE:
      return groupNotice(d, type, senderId, to);
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
        url: chatPushUrl(ChatType.SYSTEM, 0),
      };
    default:
      return null;
  }
}

function privateNotice(d: Data, type: number, senderId: number): Notice | null {
  const url = chatPushUrl(ChatType.PRIVATE, senderId);
  const base = { chatType: ChatType.PRIVATE, chatId: senderId, senderId, type, body: '', url } as const;
  if (isNormalType(type) && !d.tip) {
    return { ...base, kind: PushKind.MESSAGE, body: preview(type, str(d.content)), ttl: DAY_S };
  }
  if (type === MessageType.REACTION) return reactionNotice(d, base);
  if (type === MessageType.FRIEND_REQUEST) return friendRequestNotice(str(d.content));
  if (type === PrivateCallSignal.SETUP_VOICE || type === PrivateCallSignal.SETUP_VIDEO) {
    const voice = type === PrivateCallSignal.SETUP_VOICE;
    const mode = voice ? MessageType.ACT_RT_VOICE : MessageType.ACT_RT_VIDEO;
    const callUrl = privateCallPushUrl(voice ? 'voice' : 'video', senderId);
    return { ...base, kind: PushKind.CALL, type: mode, ttl: RING_TTL_S, url: callUrl };
  }
  if (type === MessageType.ACT_RT_VOICE || type === MessageType.ACT_RT_VIDEO) {
    // A call record: only a missed call is news to the callee (it replaces the ring's notification).
    const record = parseCallRecord(str(d.content));
    if (!record || !MISSED.includes(record.outcome)) return null;
    return { ...base, kind: PushKind.MISSED_CALL, recipients: [num(d.recvId)], ttl: DAY_S };
  }
  return null;
}

function groupNotice(d: Data, type: number, senderId: number, to: FrameTargets): Notice | null {
  const groupId = num(d.groupId);
  if (groupId <= 0) return null;
  const url = chatPushUrl(ChatType.GROUP, groupId);
  const base = { chatType: ChatType.GROUP, chatId: groupId, senderId, type, body: '', url } as const;
  if ((isNormalType(type) && !d.tip) || type === MessageType.GROUP_ANNOUNCEMENT) {
    return {
      ...base,
      kind: PushKind.MESSAGE,
      body: preview(type, str(d.content)),
      from: str(d.sendNickName),
      ttl: DAY_S,
    };
  }
  if (type === MessageType.EDIT) return editNotice(d, base, to);
  if (type === MessageType.REACTION) return reactionNotice(d, { ...base, from: str(d.sendNickName) });
  if (type === GroupCallSignal.SETUP) {
    // sendId is the inviter; the page reads the call by info, so no participant list travels.
    return { ...base, kind: PushKind.CALL, ttl: RING_TTL_S, url: groupCallPushUrl(groupId, senderId) };
  }
  const missed = { ...base, kind: PushKind.MISSED_CALL, type: GroupCallSignal.SETUP, ttl: DAY_S } as const;
  if (type === GroupCallSignal.FAILED) {
    // A ring timeout: the invitees it names were rung and did not answer (their own copy only).
    let failed: { userIds?: unknown; reason?: unknown } = {};
    try {
      failed = JSON.parse(str(d.content)) as typeof failed;
    } catch {
      return null;
    }
    if (failed.reason !== CallFailReason.NOT_ANSWERED || !Array.isArray(failed.userIds)) return null;
    const recipients = failed.userIds.filter((u): u is number => typeof u === 'number' && to.userIds.includes(u));
    return recipients.length > 0 ? { ...missed, recipients } : null;
  }
  // The call ended: those still rung hear it on every terminal; a joined member on their call terminal only.
  if (type === GroupCallSignal.CANCEL && to.terminal === undefined) return missed;
  return null;
}

/**
 * A group EDIT notifies only the members it newly mentions (its `atUserIds`; everyone
 * for an added @everyone), like a new mention; an edit without one is silent. A card's
 * new content is JSON: no preview text, as for a card sent.
 */
function editNotice(
  d: Data,
  base: Pick<Notice, 'chatType' | 'chatId' | 'senderId' | 'type' | 'body' | 'url'>,
  to: FrameTargets,
): Notice | null {
  const added = Array.isArray(d.atUserIds) ? d.atUserIds.filter((u): u is number => typeof u === 'number') : [];
  const edit = parseEditNotice(str(d.content));
  if (!edit || added.length === 0) return null;
  const isJson = edit.content.trimStart().startsWith('{');
  return {
    ...base,
    kind: PushKind.MESSAGE,
    recipients: added.includes(AT_ALL) ? [...to.userIds] : added,
    body: isJson ? '' : preview(MessageType.TEXT, edit.content),
    from: str(d.sendNickName),
    ttl: DAY_S,
  };
}

/**
 * A REACTION notifies only the reacted message's author, and only of someone else's
 * reaction (its `last`); a notice of removals or of one's own reaction is silent. The
 * body is the emoji: the service worker words it ("reacted 👍") in the user's language.
 */
function reactionNotice(
  d: Data,
  base: Pick<Notice, 'chatType' | 'chatId' | 'senderId' | 'type' | 'body' | 'url' | 'from'>,
): Notice | null {
  const notice = parseReactionNotice(str(d.content));
  if (!notice?.last || notice.last.userId === notice.author) return null;
  return { ...base, kind: PushKind.MESSAGE, recipients: [notice.author], body: notice.last.emoji, ttl: DAY_S };
}

/**
 * A type-83 frame notifies only the receiver of a pending request (filed or asked again):
 * its title is the requester's nickname (the service worker words it), its body the greeting.
 */
function friendRequestNotice(content: string): Notice | null {
  let parsed;
  try {
    parsed = friendRequest.safeParse(JSON.parse(content));
  } catch {
    return null;
  }
  if (!parsed.success || parsed.data.status !== FriendRequestStatus.PENDING) return null;
  const { from, to, greeting } = parsed.data;
  return {
    kind: PushKind.FRIEND_REQUEST,
    chatType: ChatType.PRIVATE,
    chatId: from.id,
    senderId: from.id,
    recipients: [to.id],
    type: MessageType.FRIEND_REQUEST,
    body: preview(MessageType.TEXT, greeting),
    from: from.nickName,
    ttl: DAY_S,
    url: friendRequestPushUrl(),
  };
}
