/**
 * Web push (issue 11 point 5, wire-contract §3 reportCid/removeCid): the browser's
 * PushSubscription travels as the JSON body of POST /user/reportCid, and the server's
 * notification payload is the small JSON below (the service worker shows it).
 */
import { z } from 'zod';
import { ChatType } from '../constants.js';
import { isWebUrl } from './discover.js';
import { charactersIssue } from './fields.js';

const k = { error: 'invalidParam' } as const;

/** Longest subscription endpoint URL accepted (push services use ~200–500 characters). */
export const PUSH_ENDPOINT_MAX = 1024;

/** `cid`: the client's id of this device's registration (opaque; letters, digits, `-`, `_`). */
export const reportCidQuery = z.object({
  cid: z
    .string(k)
    .min(1, k)
    .max(64, k)
    .refine((s) => /^[A-Za-z0-9_-]+$/.test(s), charactersIssue),
});

const base64url = (max: number) =>
  z
    .string(k)
    .min(16, k)
    .max(max, k)
    .refine((s) => /^[A-Za-z0-9_-]+=*$/.test(s), charactersIssue);

/** PushSubscription.toJSON(): an https endpoint and the browser's P-256 key and auth secret. */
export const pushSubscriptionRequest = z.strictObject({
  endpoint: z
    .string(k)
    .max(PUSH_ENDPOINT_MAX, k)
    .refine(isWebUrl, { error: 'invalidParam', params: { rule: 'format' } }),
  expirationTime: z.number(k).int(k).nonnegative(k).nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(128), auth: base64url(64) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** GET /user/pushKey: the server's VAPID public key (base64url), for PushManager.subscribe. */
export const pushKeyReply = z.object({ publicKey: z.string() });

/**
 * What a notification is about; the service worker picks the text and the route by it.
 * `call`: a ring (private or group, docs/CALLS.md §2.5); `missedCall`: the ring ended
 * unanswered (cancelled, not answered, the group call ended); it carries the ring's tag,
 * so it replaces the ring on the device. `friendRequest`: someone asked (or asked again) to
 * be my friend (docs/PROTOCOL.md "Friend requests"); a tap opens New friends.
 */
export const PushKind = {
  MESSAGE: 'message',
  CALL: 'call',
  MISSED_CALL: 'missedCall',
  SYSTEM: 'system',
  FRIEND_REQUEST: 'friendRequest',
} as const;
export type PushKind = (typeof PushKind)[keyof typeof PushKind];

/**
 * The payload of one web push. `title` is the sender (or group / notification title;
 * a friend request: the requester's nickname, which the service worker words);
 * `body` a short preview, empty when the service worker should use its own words
 * (`type` picks them: an image, a voice call…); `url` the app route to open.
 */
export interface PushPayload {
  kind: PushKind;
  chatType: ChatType;
  /** Friend id, group id, or 0 for the system chat; a friend request: the requester's id. */
  chatId: number;
  title: string;
  body: string;
  /** MessageType of the message, or the call mode (ACT_RT_VOICE / ACT_RT_VIDEO). */
  type: number;
  url: string;
  /** Epoch ms. */
  time: number;
  /** Group messages and calls: the sender's name in the group. */
  from?: string;
}

/** The app routes a notification opens (hash routes of spec §2; web routes/paths.ts). */
export const PushRoute = {
  chatBox: '/pages/chat/chat-box',
  system: '/pages/chat/chat-system',
  privateCall: '/pages/chat/chat-private-video',
  groupCall: '/pages/chat/chat-group-video',
  friendRequests: '/pages/friend/friend-requests',
} as const;

const hashUrl = (path: string, query: Record<string, string | number>) =>
  `/#${path}?${Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&')}`;

/**
 * A ring's target: the call page as the callee (`privateCallPageQuery`). The page finds
 * the ringing call by `/webrtc/private/info` and shows accept and reject.
 */
export const privateCallPushUrl = (mode: 'voice' | 'video', callerId: number): string =>
  hashUrl(PushRoute.privateCall, { mode, friend: JSON.stringify({ id: callerId }), isHost: 'false' });

/** A group ring's target: the group call page as an invitee (`groupCallPageQuery`; it reads the call by info). */
export const groupCallPushUrl = (groupId: number, hostId: number): string =>
  hashUrl(PushRoute.groupCall, { groupId, isHost: 'false', inviterId: hostId, userInfos: '[]' });

/** A chat's target (messages, missed calls); the system chat has no query. */
export const chatPushUrl = (chatType: ChatType, chatId: number): string =>
  chatType === ChatType.SYSTEM
    ? `/#${PushRoute.system}`
    : hashUrl(PushRoute.chatBox, { type: chatType, targetId: chatId });

/** A friend request's target: the New friends page, where it is answered. */
export const friendRequestPushUrl = (): string => `/#${PushRoute.friendRequests}`;

/* The notification words of the web service worker, which has no i18n of its own. */
/** Where the page keeps the words (web push/strings.ts writes it; the service worker reads it). */
export const PUSH_STRINGS_CACHE = 'parley-push-strings';
export const PUSH_STRINGS_URL = '/__parley/push-strings.json';

export interface PushStrings {
  /** Labels of non-text messages and calls by MessageType / signal number. */
  types: Record<string, string>;
  incomingVoiceCall: string;
  incomingVideoCall: string;
  /** `{{name}}` is the caller. */
  groupCall: string;
  missedVoiceCall: string;
  missedVideoCall: string;
  missedGroupCall: string;
  newMessage: string;
  /** A reaction to the user's message (MessageType.REACTION): `{{emoji}}` is the reaction; absent in words saved before. */
  reacted?: string;
  /** A friend request's title: `{{name}}` is the requester's nickname; absent in words saved before. */
  friendRequest?: string;
  appName: string;
}

export const PUSH_STRINGS_EN: PushStrings = {
  types: {
    '1': '[Image]',
    '2': '[File]',
    '3': '[Voice]',
    '4': '[Video]',
    '5': '[Contact card]',
    '40': '[Voice call]',
    '41': '[Video call]',
  },
  incomingVoiceCall: 'Incoming voice call',
  incomingVideoCall: 'Incoming video call',
  groupCall: '{{name}} invites you to a group call',
  missedVoiceCall: 'Missed voice call',
  missedVideoCall: 'Missed video call',
  missedGroupCall: 'Missed group call',
  reacted: 'Reacted {{emoji}} to your message',
  newMessage: 'New message',
  friendRequest: '{{name}} wants to add you as a friend',
  appName: 'Parley',
};
