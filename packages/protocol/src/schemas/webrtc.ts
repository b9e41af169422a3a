/**
 * Voice and video calls (wire-contract §8, spec §3 signals 100–109 and 200–211,
 * docs/CALLS.md). REST in, socket out: every request below is answered with the usual
 * envelope, and what the other parties must hear travels as cmd 3 (private) or cmd 4
 * (group) frames whose `type` is a call signal. Signal frames are never stored and
 * carry no `id`; the call records (ACT_RT_VOICE 40 / ACT_RT_VIDEO 41, group tips) are
 * stored messages and travel like any other.
 *
 * The signal numbers are `PrivateCallSignal` / `GroupCallSignal` (constants.ts) and the
 * timings `Timing.CALL_*` (limits.ts); this file names them for calls and adds the
 * request, reply and frame shapes. Bodies are typed exactly (no coercion); query values
 * are text (`id` helper). Validation failures are `invalidParam` with a rule; business
 * refusals are catalogue keys thrown by the service (see the list at the bottom).
 */
import { z } from 'zod';
import { GroupCallSignal, MessageStatus, MessageType, PrivateCallSignal } from '../constants.js';
import { Limits, Timing, WEBRTC_MAX_CHANNEL_DEFAULT } from '../limits.js';
import { cleanText } from '../text.js';
import { bodyId, charactersIssue, id, plainText } from './fields.js';
import { terminal } from './account.js';

// ---------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------

/** A ring (private callee, or a group invitee) ends as "not answered" this long after it began, on the server. */
export const RING_TIMEOUT_MS = Timing.CALL_RING_TIMEOUT_MS;
/** Every party's call page sends a call heartbeat this often (own timer, not the socket heartbeat). */
export const HEARTBEAT_INTERVAL_MS = Timing.CALL_HEARTBEAT_MS;
/** A party whose last heartbeat is older than this has left: a private call ends, a group member is removed. */
export const HEARTBEAT_EXPIRY_MS = Timing.CALL_DEAD_AFTER_MS;
/** Participants of a group call (host included, ringing invitees included) unless WEBRTC_MAX_CHANNEL says otherwise. */
export const MAX_CHANNEL_DEFAULT = WEBRTC_MAX_CHANNEL_DEFAULT;
/** Upper bound of a `userInfos` list and of WEBRTC_MAX_CHANNEL (a mesh call beyond this is not usable). */
export const CALL_USER_INFOS_MAX = Limits.INVITE_REMOVE_MAX;
/** How often each node looks for calls whose ring or heartbeat deadline has passed. */
export const CALL_SWEEP_INTERVAL_MS = 1_000;
/** Client: how long media may stay disconnected (ICE restarts running) before the call is given up. */
export const ICE_RECONNECT_GRACE_MS = 30_000;
/** Client (spec §4): an incoming setup opens the call page about this long after the signal … */
export const INCOMING_CALL_OPEN_DELAY_MS = 100;
/** … or this long when the call page has to be opened freshly (the page replays queued signals; see CALLS.md). */
export const INCOMING_CALL_FRESH_DELAY_MS = 500;
/** Default lifetime of the TURN REST credentials handed out by /system/config (TURN_TTL_S). */
export const TURN_CREDENTIAL_TTL_S = 86_400;

/** Size caps of relayed WebRTC blobs: they must fit a frame (Limits.WS_FRAME_MAX_BYTES) with room to spare. */
export const SDP_MAX_CHARS = 32_000;
export const ICE_CANDIDATE_MAX_CHARS = 1_024;
/** Candidates one private/group candidate request may carry (each is pushed as its own frame). */
export const ICE_CANDIDATES_PER_REQUEST_MAX = 20;
/** `reason` of a failed request. */
export const CALL_FAIL_REASON_MAX = 128;

export const CallMode = { VOICE: 'voice', VIDEO: 'video' } as const;
export type CallMode = (typeof CallMode)[keyof typeof CallMode];

/** State of a call, and of each party in it. */
export const CallState = { RINGING: 'ringing', CONNECTED: 'connected' } as const;
export type CallState = (typeof CallState)[keyof typeof CallState];
export const PartyState = { RINGING: 'ringing', JOINED: 'joined' } as const;
export type PartyState = (typeof PartyState)[keyof typeof PartyState];

/**
 * `reason` values of FAILED (105 content, 203 `reason`) that clients translate
 * (locale `call.failReason.<value>`). Any other text (a box-im client's own sentence)
 * is shown as sent; an empty reason shows "Call failed".
 */
export const CallFailReason = {
  /** Server: the ring timed out (private: to the caller and the callee's terminals; group: the invitee). */
  NOT_ANSWERED: 'notAnswered',
  /** Server: a party's heartbeat expired. */
  EXPIRED: 'expired',
  /** Server, group setup/invite: the invitee has no live socket. */
  OFFLINE: 'offline',
  /** Server, group setup/invite: the invitee is in (or being rung for) another call. */
  BUSY: 'busy',
  /** Client: no WebRTC or no getUserMedia (insecure origin, old browser). */
  DEVICE_UNSUPPORTED: 'deviceUnsupported',
  /** Client: camera/microphone permission refused. */
  PERMISSION_DENIED: 'permissionDenied',
  /** Client: media never connected (ICE failed and restarts did not help). */
  CONNECTION_FAILED: 'connectionFailed',
} as const;
export type CallFailReason = (typeof CallFailReason)[keyof typeof CallFailReason];

/** Outcome of a private call, in its ACT_RT_VOICE/ACT_RT_VIDEO record. */
export const CallOutcome = {
  /** Accepted; `duration` is the seconds from accept to end. */
  COMPLETED: 'completed',
  NOT_ANSWERED: 'notAnswered',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
  /** The callee was in (or being rung for) another call: setup was refused. */
  BUSY: 'busy',
  /** The callee had no live socket: setup was refused. */
  OFFLINE: 'offline',
  /** A party reported `failed` before media connected. */
  FAILED: 'failed',
} as const;
export type CallOutcome = (typeof CallOutcome)[keyof typeof CallOutcome];
const CALL_OUTCOMES = Object.values(CallOutcome) as [CallOutcome, ...CallOutcome[]];

/** The setup signal of a mode (100 voice, 101 video) and back. */
export const setupSignalOf = (mode: CallMode): PrivateCallSignal =>
  mode === CallMode.VIDEO ? PrivateCallSignal.SETUP_VIDEO : PrivateCallSignal.SETUP_VOICE;
export const modeOfSetupSignal = (type: number): CallMode | undefined =>
  type === PrivateCallSignal.SETUP_VIDEO
    ? CallMode.VIDEO
    : type === PrivateCallSignal.SETUP_VOICE
      ? CallMode.VOICE
      : undefined;
/** The record's message type of a mode (40 voice, 41 video) and back ("call back" from a bubble). */
export const recordTypeOf = (mode: CallMode): number =>
  mode === CallMode.VIDEO ? MessageType.ACT_RT_VIDEO : MessageType.ACT_RT_VOICE;
export const modeOfRecordType = (type: number): CallMode | undefined =>
  type === MessageType.ACT_RT_VIDEO ? CallMode.VIDEO : type === MessageType.ACT_RT_VOICE ? CallMode.VOICE : undefined;

/**
 * Row status of a stored record. A call the callee took part in or answered with a
 * button (completed, rejected, failed) is stored READED; a missed one (not answered,
 * cancelled, busy, offline) SENDED, so it counts as unread for the callee (box-im does
 * the same with PENDING/READED).
 */
export const callRecordStatus = (outcome: CallOutcome): MessageStatus =>
  outcome === CallOutcome.COMPLETED || outcome === CallOutcome.REJECTED || outcome === CallOutcome.FAILED
    ? MessageStatus.READED
    : MessageStatus.SENDED;

/** `mm:ss`, or `h:mm:ss` from an hour on: the call timer and the record bubble. */
export function formatCallDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

// ---------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------

const bad = { error: 'invalidParam' } as const;

export const callMode = z.enum([CallMode.VOICE, CallMode.VIDEO], bad);

/** Free text of a failed request: a CallFailReason value, or a box-im client's sentence; may be empty. */
export const callFailReason = z
  .string(bad)
  .overwrite(cleanText)
  .trim()
  .max(CALL_FAIL_REASON_MAX, bad)
  .refine(plainText, charactersIssue);

/** A value that may travel as itself or as its JSON text (box-im sends group SDPs and candidates as text). */
const parseIfText = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v; // stays a string and fails the object schema: rule `object`
  }
};
const jsonOrText = <T extends z.ZodType>(schema: T) => z.preprocess(parseIfText, schema);

/** Parses the JSON text of a frame's `content` (clients): fails instead of throwing on bad JSON. */
export const jsonText = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((s, ctx): unknown => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalidParam', params: { rule: 'format' } });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * RTCSessionDescriptionInit as relayed (offer/answer). `sdp` must look like SDP
 * (`v=0` first); the server never reads further into it.
 */
const sdp = z
  .string(bad)
  .min(1, bad)
  .max(SDP_MAX_CHARS, bad)
  .refine((s) => s.startsWith('v=0'), { error: 'invalidParam', params: { rule: 'format' } });
export const sdpOffer = z.object({ type: z.literal('offer', bad), sdp });
export const sdpAnswer = z.object({ type: z.literal('answer', bad), sdp });
export type SdpOffer = z.infer<typeof sdpOffer>;
export type SdpAnswer = z.infer<typeof sdpAnswer>;
export const sessionDescription = z.union([sdpOffer, sdpAnswer]);
export type SessionDescription = z.infer<typeof sessionDescription>;

/**
 * RTCIceCandidateInit as `RTCIceCandidate.toJSON()` gives it. `candidate` is one
 * `candidate:` line (with or without `a=`), or `""` for end-of-candidates.
 */
export const iceCandidate = z.object({
  candidate: z
    .string(bad)
    .max(ICE_CANDIDATE_MAX_CHARS, bad)
    .refine((s) => s === '' || /^(a=)?candidate:[^\r\n]+$/.test(s), {
      error: 'invalidParam',
      params: { rule: 'format' },
    }),
  sdpMid: z.string(bad).max(64, bad).nullable().optional(),
  sdpMLineIndex: z.number(bad).int(bad).min(0, bad).max(1024, bad).nullable().optional(),
  usernameFragment: z.string(bad).max(256, bad).nullable().optional(),
});
export type IceCandidate = z.infer<typeof iceCandidate>;
/** One candidate, or a batch (an extension: box-im sends one per request). Each is pushed as its own frame. */
const iceCandidates = z.union([
  iceCandidate,
  z.array(iceCandidate, bad).min(1, bad).max(ICE_CANDIDATES_PER_REQUEST_MAX, bad),
]);
/** The candidates of a candidate request as a list. */
export const candidateList = (c: IceCandidate | IceCandidate[]): IceCandidate[] => (Array.isArray(c) ? c : [c]);

// ---------------------------------------------------------------------------
// Private calls: requests (all POST with query `uid` = the other party, unless marked)
// ---------------------------------------------------------------------------

/** accept, reject, cancel, handup, heartbeat; GET info. */
export const privateCallQuery = z.object({ uid: id });
/** POST /webrtc/private/setup?uid=&mode=voice|video (`mode` defaults to video, as in box-im). */
export const privateCallSetupQuery = z.object({ uid: id, mode: callMode.default(CallMode.VIDEO) });
/** POST /webrtc/private/failed?uid=&reason= */
export const privateCallFailedQuery = z.object({ uid: id, reason: callFailReason.default('') });
/** POST /webrtc/private/offer?uid= with the RTCSessionDescriptionInit as the JSON body. */
export const privateCallOfferBody = sdpOffer;
/** POST /webrtc/private/answer?uid= with the RTCSessionDescriptionInit as the JSON body. */
export const privateCallAnswerBody = sdpAnswer;
/** POST /webrtc/private/candidate?uid= with one RTCIceCandidateInit (or a list of them) as the JSON body. */
export const privateCallCandidateBody = iceCandidates;
export type PrivateCallSetupQuery = z.infer<typeof privateCallSetupQuery>;
export type PrivateCallFailedQuery = z.infer<typeof privateCallFailedQuery>;

// ---------------------------------------------------------------------------
// Private calls: replies
// ---------------------------------------------------------------------------

/** A party as box-im's IMUserInfo: the user and the terminal the call runs on (null: not chosen yet). */
export const callParty = z.object({ id: z.number().int(), terminal: terminal.nullable() });
export type CallParty = z.infer<typeof callParty>;

/**
 * GET /webrtc/private/info?uid= (and the reply of setup): the call between me and
 * `uid`. `isChating`, `host`, `acceptor`, `mode` are box-im's; the rest are extensions.
 * When there is no call only `isChating: false` is sent.
 */
export const privateCallInfo = z.object({
  isChating: z.boolean(),
  callId: z.string().optional(),
  state: z.enum([CallState.RINGING, CallState.CONNECTED]).optional(),
  mode: callMode.optional(),
  /** The caller and the terminal that placed the call. */
  host: callParty.optional(),
  /** The callee; `terminal` is null while ringing, then the terminal that accepted. */
  acceptor: callParty.optional(),
  /** When setup succeeded / when it was accepted (epoch ms). */
  startTime: z.number().int().optional(),
  acceptTime: z.number().int().nullable().optional(),
  /** Server time of this reply, so a client can run the call timer against skew. */
  serverTime: z.number().int().optional(),
});
export type PrivateCallInfo = z.infer<typeof privateCallInfo>;

// ---------------------------------------------------------------------------
// Group calls: requests
// ---------------------------------------------------------------------------

/**
 * A participant as the client lists it (box-im WebrtcUserInfo). Only `id` and the
 * device flags are taken: the server fills `nickName` (display name in the group) and
 * `headImage` (avatar thumb) from the membership, so nobody can show a false name.
 */
export const webrtcUserInfoInput = z.object({
  id: bodyId,
  nickName: z.string(bad).max(256, bad).nullable().optional(),
  headImage: z.string(bad).max(1024, bad).nullable().optional(),
  isCamera: z.boolean(bad).default(false),
  isMicroPhone: z.boolean(bad).default(true),
});
export type WebrtcUserInfoInput = z.input<typeof webrtcUserInfoInput>;
const userInfosInput = z.array(webrtcUserInfoInput, bad).min(1, bad).max(CALL_USER_INFOS_MAX, bad);

/** accept, reject, join, cancel, quit, heartbeat (POST); info (GET): query `groupId`. */
export const groupCallQuery = z.object({ groupId: id });
/**
 * POST /webrtc/group/setup: the members to ring. The host may be in the list (box-im
 * puts them there) or not; at least one other member is needed (`callNoInvitees`).
 */
export const groupCallSetupRequest = z.object({ groupId: bodyId, userInfos: userInfosInput });
/** POST /webrtc/group/invite: more members for a running call. */
export const groupCallInviteRequest = groupCallSetupRequest;
/** POST /webrtc/group/failed: I cannot take part (device, permission). */
export const groupCallFailedRequest = z.object({ groupId: bodyId, reason: callFailReason.default('') });
/** POST /webrtc/group/offer: my offer to participant `userId` (the object or its JSON text). */
export const groupCallOfferRequest = z.object({ groupId: bodyId, userId: bodyId, offer: jsonOrText(sdpOffer) });
/** POST /webrtc/group/answer: my answer to participant `userId`. */
export const groupCallAnswerRequest = z.object({ groupId: bodyId, userId: bodyId, answer: jsonOrText(sdpAnswer) });
/** POST /webrtc/group/candidate: my candidate(s) for participant `userId`. */
export const groupCallCandidateRequest = z.object({
  groupId: bodyId,
  userId: bodyId,
  candidate: z.preprocess(parseIfText, iceCandidates),
});
/** POST /webrtc/group/device: my camera and microphone are now on or off. */
export const groupCallDeviceRequest = z.object({
  groupId: bodyId,
  isCamera: z.boolean(bad),
  isMicroPhone: z.boolean(bad),
});
export type GroupCallSetupRequest = z.infer<typeof groupCallSetupRequest>;
export type GroupCallFailedRequest = z.infer<typeof groupCallFailedRequest>;
export type GroupCallOfferRequest = z.infer<typeof groupCallOfferRequest>;
export type GroupCallAnswerRequest = z.infer<typeof groupCallAnswerRequest>;
export type GroupCallCandidateRequest = z.infer<typeof groupCallCandidateRequest>;
export type GroupCallDeviceRequest = z.infer<typeof groupCallDeviceRequest>;

// ---------------------------------------------------------------------------
// Group calls: replies
// ---------------------------------------------------------------------------

/** A participant as the server sends it (frames and replies): box-im WebrtcUserInfo. */
export const webrtcUserInfo = z.object({
  id: z.number().int(),
  nickName: z.string(),
  headImage: z.string(),
  isCamera: z.boolean(),
  isMicroPhone: z.boolean(),
});
export type WebrtcUserInfo = z.infer<typeof webrtcUserInfo>;

/**
 * GET /webrtc/group/info?groupId= (and the reply of setup): `isChating`, `host`,
 * `userInfos` are box-im's (`userInfos` = everyone invited and not gone: ringing and
 * joined); the rest are extensions. Without a call only `isChating: false` is sent.
 */
export const groupCallInfo = z.object({
  isChating: z.boolean(),
  callId: z.string().optional(),
  /** Who started the call (also after they left it). */
  host: webrtcUserInfo.optional(),
  userInfos: z.array(webrtcUserInfo).optional(),
  /** Those of `userInfos` who are in the call (the others are being rung). */
  joinedUserIds: z.array(z.number().int()).optional(),
  startTime: z.number().int().optional(),
  maxChannel: z.number().int().optional(),
  serverTime: z.number().int().optional(),
});
export type GroupCallInfo = z.infer<typeof groupCallInfo>;

/**
 * GET /webrtc/current (an extension): the call I am in or being rung for, if any, so an
 * app that starts or whose socket logged in again can open the call page (signals are
 * not stored: a setup sent while the socket was away is otherwise lost).
 */
export const currentCall = z.object({
  /** `private` with `uid` = the other party, `group` with `groupId`, or null. */
  kind: z.enum(['private', 'group']).nullable(),
  uid: z.number().int().optional(),
  groupId: z.number().int().optional(),
  callId: z.string().optional(),
  /** My own state in it. */
  state: z.enum([PartyState.RINGING, PartyState.JOINED]).optional(),
  /** The terminal I am in it on (null while ringing). */
  terminal: terminal.nullable().optional(),
  /** Private calls only. */
  mode: callMode.optional(),
  isHost: z.boolean().optional(),
});
export type CurrentCall = z.infer<typeof currentCall>;

// ---------------------------------------------------------------------------
// Pushed signals
// ---------------------------------------------------------------------------

const privateSignalType = z.union([
  z.literal(PrivateCallSignal.SETUP_VOICE),
  z.literal(PrivateCallSignal.SETUP_VIDEO),
  z.literal(PrivateCallSignal.ACCEPT),
  z.literal(PrivateCallSignal.REJECT),
  z.literal(PrivateCallSignal.CANCEL),
  z.literal(PrivateCallSignal.FAILED),
  z.literal(PrivateCallSignal.HANDUP),
  z.literal(PrivateCallSignal.OFFER),
  z.literal(PrivateCallSignal.ANSWER),
  z.literal(PrivateCallSignal.CANDIDATE),
]);
const groupSignalType = z.union([
  z.literal(GroupCallSignal.SETUP),
  z.literal(GroupCallSignal.ACCEPT),
  z.literal(GroupCallSignal.REJECT),
  z.literal(GroupCallSignal.FAILED),
  z.literal(GroupCallSignal.CANCEL),
  z.literal(GroupCallSignal.QUIT),
  z.literal(GroupCallSignal.INVITE),
  z.literal(GroupCallSignal.JOIN),
  z.literal(GroupCallSignal.OFFER),
  z.literal(GroupCallSignal.ANSWER),
  z.literal(GroupCallSignal.CANDIDATE),
  z.literal(GroupCallSignal.DEVICE),
]);

/**
 * cmd 3 data of a private call signal (not stored, no `id`). `sendId` is the user whose
 * action it reports (for server-made signals: see CALLS.md), `recvId` the other party;
 * a frame with `sendId` = me reports my own action on another terminal. `callId` is an
 * extension: clients drop frames of a call other than the one they show.
 *
 * `content` by type: SETUP_VOICE/SETUP_VIDEO, ACCEPT, REJECT, CANCEL `""`;
 * FAILED the reason (CallFailReason or free text); HANDUP `""`, or `"expired"` when the
 * server ended the call; OFFER/ANSWER the JSON text of the RTCSessionDescriptionInit;
 * CANDIDATE the JSON text of one RTCIceCandidateInit.
 */
export const privateCallSignal = z.object({
  type: privateSignalType,
  sendId: z.number().int(),
  recvId: z.number().int(),
  content: z.string(),
  sendTime: z.number().int(),
  callId: z.string(),
});
export type PrivateCallSignalFrame = z.infer<typeof privateCallSignal>;

/**
 * cmd 4 data of a group call signal (not stored, no `id`). `sendId` is the participant
 * whose action it reports. `content` by type:
 * - SETUP (200): JSON `WebrtcUserInfo[]`, everyone in the call and being rung (host included);
 * - ACCEPT, REJECT, CANCEL, QUIT: `""` (QUIT `"expired"` when the server removed a silent member);
 * - FAILED (203): JSON `GroupCallFailedContent`;
 * - INVITE (206): JSON `WebrtcUserInfo[]`, the new invitees only;
 * - JOIN (207): JSON `WebrtcUserInfo` of the joiner;
 * - OFFER/ANSWER (208/209): JSON RTCSessionDescriptionInit; CANDIDATE (210): JSON RTCIceCandidateInit;
 * - DEVICE (211): JSON `GroupCallDeviceContent`.
 */
export const groupCallSignal = z.object({
  type: groupSignalType,
  groupId: z.number().int(),
  sendId: z.number().int(),
  content: z.string(),
  sendTime: z.number().int(),
  callId: z.string(),
});
export type GroupCallSignalFrame = z.infer<typeof groupCallSignal>;

/** 203 content (box-im WebrtcGroupFailedVO): who could not take part and why. */
export const groupCallFailedContent = z.object({
  userIds: z.array(z.number().int()),
  reason: z.string(),
});
export type GroupCallFailedContent = z.infer<typeof groupCallFailedContent>;
/** 211 content (box-im sends its whole request; `groupId` may be there too). */
export const groupCallDeviceContent = z.object({ isCamera: z.boolean(), isMicroPhone: z.boolean() });
export type GroupCallDeviceContent = z.infer<typeof groupCallDeviceContent>;

/** Parsers for the JSON contents (clients): `signalContent.offer.safeParse(frame.content)`. */
export const signalContent = {
  offer: jsonText(sdpOffer),
  answer: jsonText(sdpAnswer),
  candidate: jsonText(iceCandidate),
  userInfos: jsonText(z.array(webrtcUserInfo)),
  userInfo: jsonText(webrtcUserInfo),
  groupFailed: jsonText(groupCallFailedContent),
  device: jsonText(groupCallDeviceContent),
} as const;

// ---------------------------------------------------------------------------
// Call records
// ---------------------------------------------------------------------------

/**
 * `content` of an ACT_RT_VOICE (40) / ACT_RT_VIDEO (41) private message, as JSON text:
 * stored by the server when a private call ends (or setup is refused as busy/offline),
 * `sendId` = the caller, `recvId` = the callee. `duration` is whole seconds, 0 unless
 * completed. Clients render it as a call bubble (mode icon, outcome or duration, "call back").
 */
export const callRecordContent = z.object({
  mode: callMode,
  outcome: z.enum(CALL_OUTCOMES),
  duration: z.number().int().min(0),
});
export type CallRecordContent = z.infer<typeof callRecordContent>;

/** The JSON text the server stores for a record. */
export const buildCallRecord = (mode: CallMode, outcome: CallOutcome, durationS = 0): string =>
  JSON.stringify({
    mode,
    outcome,
    duration: outcome === CallOutcome.COMPLETED ? Math.max(0, Math.floor(durationS)) : 0,
  } satisfies CallRecordContent);

/** The record of a stored message's content, or undefined (box-im text, damage): render a generic bubble. */
export function parseCallRecord(content: string): CallRecordContent | undefined {
  const r = jsonText(callRecordContent).safeParse(content);
  return r.success ? r.data : undefined;
}

// ---------------------------------------------------------------------------
// Client route queries (spec §2)
// ---------------------------------------------------------------------------

const boolText = z.enum(['true', 'false'], bad).transform((v) => v === 'true');

/**
 * /pages/chat/chat-private-video?mode=&friend=&isHost= . `friend` is the encoded JSON
 * of the friend (box-im passes the whole Friend); only `id` is trusted, the rest is
 * shown until the friends store answers.
 */
export const privateCallPageQuery = z.object({
  mode: callMode,
  friend: jsonText(
    z.object({
      id: z.number().int().positive(),
      nickName: z.string().optional(),
      showNickName: z.string().optional(),
      headImage: z.string().optional(),
      headImageThumb: z.string().optional(),
    }),
  ),
  isHost: boolText,
});
export type PrivateCallPageQuery = z.infer<typeof privateCallPageQuery>;

/**
 * /pages/chat/chat-group-video?groupId=&isHost=&inviterId=&userInfos= . `isHost=false`
 * with `inviterId` = myself means "join the running call" (box-im's convention).
 */
export const groupCallPageQuery = z.object({
  groupId: id,
  isHost: boolText,
  inviterId: id,
  userInfos: jsonText(z.array(webrtcUserInfo).max(CALL_USER_INFOS_MAX)),
});
export type GroupCallPageQuery = z.infer<typeof groupCallPageQuery>;

/*
 * ---------------------------------------------------------------------------
 * The wiring, as done in index.ts, api.ts, errors.ts and group-tip.ts (kept here as the
 * checklist; the locale files carry the client keys and tips). docs/CALLS.md explains each line.
 * ---------------------------------------------------------------------------
 *
 * index.ts:   export * from './schemas/webrtc.js';
 *
 * api.ts imports:
 *   import {
 *     currentCall, groupCallAnswerRequest, groupCallCandidateRequest, groupCallDeviceRequest,
 *     groupCallFailedRequest, groupCallInfo, groupCallInviteRequest, groupCallOfferRequest,
 *     groupCallQuery, groupCallSetupRequest, privateCallAnswerBody, privateCallCandidateBody,
 *     privateCallFailedQuery, privateCallInfo, privateCallOfferBody, privateCallQuery,
 *     privateCallSetupQuery,
 *   } from './schemas/webrtc.js';
 *
 * api.ts entries (section "// calls (§8)"):
 *   privateCallSetup: e({ method: 'POST', path: '/webrtc/private/setup', auth: true, query: privateCallSetupQuery, reply: privateCallInfo }),
 *   privateCallAccept: e({ method: 'POST', path: '/webrtc/private/accept', auth: true, query: privateCallQuery, reply: nothing }),
 *   privateCallReject: e({ method: 'POST', path: '/webrtc/private/reject', auth: true, query: privateCallQuery, reply: nothing }),
 *   privateCallCancel: e({ method: 'POST', path: '/webrtc/private/cancel', auth: true, query: privateCallQuery, reply: nothing }),
 *   privateCallFailed: e({ method: 'POST', path: '/webrtc/private/failed', auth: true, query: privateCallFailedQuery, reply: nothing }),
 *   privateCallHandup: e({ method: 'POST', path: '/webrtc/private/handup', auth: true, query: privateCallQuery, reply: nothing }),
 *   privateCallOffer: e({ method: 'POST', path: '/webrtc/private/offer', auth: true, query: privateCallQuery, body: privateCallOfferBody, reply: nothing }),
 *   privateCallAnswer: e({ method: 'POST', path: '/webrtc/private/answer', auth: true, query: privateCallQuery, body: privateCallAnswerBody, reply: nothing }),
 *   privateCallCandidate: e({ method: 'POST', path: '/webrtc/private/candidate', auth: true, query: privateCallQuery, body: privateCallCandidateBody, reply: nothing }),
 *   privateCallHeartbeat: e({ method: 'POST', path: '/webrtc/private/heartbeat', auth: true, query: privateCallQuery, reply: nothing }),
 *   privateCallInfo: e({ method: 'GET', path: '/webrtc/private/info', auth: true, query: privateCallQuery, reply: privateCallInfo }),
 *   groupCallSetup: e({ method: 'POST', path: '/webrtc/group/setup', auth: true, body: groupCallSetupRequest, reply: groupCallInfo }),
 *   groupCallAccept: e({ method: 'POST', path: '/webrtc/group/accept', auth: true, query: groupCallQuery, reply: nothing }),
 *   groupCallReject: e({ method: 'POST', path: '/webrtc/group/reject', auth: true, query: groupCallQuery, reply: nothing }),
 *   groupCallFailed: e({ method: 'POST', path: '/webrtc/group/failed', auth: true, body: groupCallFailedRequest, reply: nothing }),
 *   groupCallJoin: e({ method: 'POST', path: '/webrtc/group/join', auth: true, query: groupCallQuery, reply: groupCallInfo }),
 *   groupCallCancel: e({ method: 'POST', path: '/webrtc/group/cancel', auth: true, query: groupCallQuery, reply: nothing }),
 *   groupCallQuit: e({ method: 'POST', path: '/webrtc/group/quit', auth: true, query: groupCallQuery, reply: nothing }),
 *   groupCallInvite: e({ method: 'POST', path: '/webrtc/group/invite', auth: true, body: groupCallInviteRequest, reply: groupCallInfo }),
 *   groupCallOffer: e({ method: 'POST', path: '/webrtc/group/offer', auth: true, body: groupCallOfferRequest, reply: nothing }),
 *   groupCallAnswer: e({ method: 'POST', path: '/webrtc/group/answer', auth: true, body: groupCallAnswerRequest, reply: nothing }),
 *   groupCallCandidate: e({ method: 'POST', path: '/webrtc/group/candidate', auth: true, body: groupCallCandidateRequest, reply: nothing }),
 *   groupCallDevice: e({ method: 'POST', path: '/webrtc/group/device', auth: true, body: groupCallDeviceRequest, reply: nothing }),
 *   groupCallHeartbeat: e({ method: 'POST', path: '/webrtc/group/heartbeat', auth: true, query: groupCallQuery, reply: nothing }),
 *   groupCallInfo: e({ method: 'GET', path: '/webrtc/group/info', auth: true, query: groupCallQuery, reply: groupCallInfo }),
 *   currentCall: e({ method: 'GET', path: '/webrtc/current', auth: true, reply: currentCall }),
 *
 * errors.ts, ServerErrors (all 400, section "// calls"):
 *   callNotFriend: bad('You can only call your friends'),
 *   cannotCallSelf: bad('You cannot call yourself'),
 *   callUserOffline: bad('The other party is not online'),
 *   callUserBusy: bad('The other party is busy, please try again later'),
 *   callSelfBusy: bad('You are already in a call'),
 *   callNotFound: bad('The call has already ended'),
 *   callOnOtherDevice: bad('This call is taking place on another of your devices'),
 *   callActionNotAllowed: bad('This cannot be done at this point of the call'),
 *   callNoInvitees: bad('Choose at least one member to call'),
 *   callNobodyAvailable: bad('Nobody you chose can take the call now'),
 *   callChannelFull: bad('At most {{max}} people can be in a call'),
 *   groupCallExists: bad('A call is already in progress in this group'),
 *   callNotInvited: bad('You were not invited to this call'),
 *   callNotJoined: bad('You are not in this call'),
 *   callOnlyHostCancel: bad('Only the person who started the call can cancel it'),
 * Existing keys the call endpoints also answer with: blockedByOther, alreadyBlocked,
 * groupNotExist, groupDissolved, groupBanned (403), notGroupMember,
 * notGroupMembers, groupMutedAll, memberMuted, invalidParam, tooManyRequests.
 * (`callNotFriend` cannot reuse the client key `callNonFriend`: errors.test.ts keeps
 * server and client keys apart; both say the spec's "call to a non-friend is impossible".)
 *
 * errors.ts, CLIENT_ERROR_KEYS (toasts of the call pages; en-US text):
 *   callRejected 'The other party declined the call'
 *   callCancelled 'The other party cancelled the call'
 *   callNotAnswered 'No answer'
 *   callMissed 'You did not answer'
 *   callHungUp 'The other party hung up'
 *   callAnsweredElsewhere 'Answered on another device'
 *   callRejectedElsewhere 'Declined on another device'
 *   callNeedsHttps 'Calls need a secure connection (https)'
 *   callUnsupported 'This browser cannot make calls'
 *   cameraPermissionDenied 'Parley needs the camera for video calls. Allow it in the browser settings.'
 *   microphonePermissionDenied 'Parley needs the microphone for calls. Allow it in the browser settings.'
 *   (callFailed, callEnded, callNonFriend, permissionFailed exist already.)
 *
 * group-tip.ts, GroupTipText (and group-tip.test.ts: 16 keys):
 *   callStarted: '{{name}} started a voice call',
 *   callEnded: 'The call ended',
 */
