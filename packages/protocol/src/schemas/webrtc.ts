/**
 * Voice and video calls (wire-contract §8, spec §3 signals 100–109 and 200–211,
 * docs/CALLS.md). REST in, socket out: every request is answered with the usual
 * envelope, and what the other parties must hear travels as cmd 3 (private) or cmd 4
 * (group) frames whose `type` is a call signal. Signal frames are never stored and
 * carry no `id`; the call records (ACT_RT_VOICE 40 / ACT_RT_VIDEO 41, group tips) are
 * stored messages and travel like any other.
 *
 * This file: the shared pieces (SDP, candidates, participants), private call requests
 * and replies, and the pushed signal frames. Constants are in call-constants.ts, group
 * call requests in group-call.ts, records and page queries in call-records.ts. Bodies
 * are typed exactly (no coercion); query values are text (`id` helper).
 */
import { z } from 'zod';
import { GroupCallSignal, PrivateCallSignal } from '../constants.js';
import { parseJson } from '../json.js';
import { cleanText } from '../text.js';
import { charactersIssue, id, plainText } from './fields.js';
import { terminal } from './account.js';
import {
  CALL_FAIL_REASON_MAX,
  CallMode,
  CallState,
  ICE_CANDIDATES_PER_REQUEST_MAX,
  ICE_CANDIDATE_MAX_CHARS,
  PartyState,
  SDP_MAX_CHARS,
} from './call-constants.js';

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
export const parseIfText = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return parseJson(v);
  } catch {
    return v; // stays a string and fails the object schema: rule `object`
  }
};
export const jsonOrText = <T extends z.ZodType>(schema: T) => z.preprocess(parseIfText, schema);

/** Parses the JSON text of a frame's `content` (clients): fails instead of throwing on bad JSON. */
export const jsonText = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((s, ctx): unknown => {
      try {
        return parseJson(s);
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
export const iceCandidates = z.union([
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
