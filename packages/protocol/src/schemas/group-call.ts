/** Group call requests and replies (docs/CALLS.md §3); signals are in webrtc.ts. */
import { z } from 'zod';
import { bodyId, id } from './fields.js';
import { CALL_USER_INFOS_MAX } from './call-constants.js';
import {
  callFailReason,
  iceCandidates,
  jsonOrText,
  parseIfText,
  sdpAnswer,
  sdpOffer,
  webrtcUserInfo,
} from './webrtc.js';

const bad = { error: 'invalidParam' } as const;

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
