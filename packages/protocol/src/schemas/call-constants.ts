/**
 * Call constants (docs/CALLS.md): timings, sizes, modes, states, outcomes and the
 * small mappings between signals, record types and modes. Shapes are in webrtc.ts
 * (shared and private), group-call.ts and call-records.ts.
 */
import { MessageStatus, MessageType, PrivateCallSignal } from '../constants.js';
import { Limits, Timing, WEBRTC_MAX_CHANNEL_DEFAULT } from '../limits.js';

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
export const CALL_OUTCOMES = Object.values(CallOutcome) as [CallOutcome, ...CallOutcome[]];

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
