/** Call records (ACT_RT_VOICE / ACT_RT_VIDEO content) and the call pages' route queries (spec §2). */
import { z } from 'zod';
import { id } from './fields.js';
import { CALL_OUTCOMES, CALL_USER_INFOS_MAX, CallMode, CallOutcome } from './call-constants.js';
import { callMode, jsonText, webrtcUserInfo } from './webrtc.js';

const bad = { error: 'invalidParam' } as const;

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
