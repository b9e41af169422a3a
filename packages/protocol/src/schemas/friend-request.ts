/**
 * Friend requests with consent (issue 22 point 1, docs/PROTOCOL.md "Friend requests").
 * One row per ordered pair: a request again after an answer reopens that row, so its
 * id is stable and `updateTime` grows with every change (clients keep the newest).
 */
import { z } from 'zod';
import { Limits } from '../limits.js';
import { cleanText } from '../text.js';
import { bodyId, charactersIssue, id, plainText } from './fields.js';

export const FriendRequestStatus = {
  PENDING: 0,
  ACCEPTED: 1,
  DECLINED: 2,
  /** The sender withdrew it. */
  CANCELLED: 3,
} as const;
export type FriendRequestStatus = (typeof FriendRequestStatus)[keyof typeof FriendRequestStatus];

/**
 * A party of a request as the other one sees it: the public profile only (never the
 * e-mail, presence or last seen). `id` tells two people of one nickname apart (shortUserId).
 */
export const friendRequestParty = z.object({
  id: z.number().int(),
  nickName: z.string(),
  headImage: z.string(),
  headImageThumb: z.string(),
  signature: z.string(),
});
export type FriendRequestParty = z.infer<typeof friendRequestParty>;

export const friendRequest = z.object({
  id: z.number().int(),
  from: friendRequestParty,
  to: friendRequestParty,
  /** The sender's greeting, possibly empty. */
  greeting: z.string(),
  status: z.union(Object.values(FriendRequestStatus).map((v) => z.literal(v)) as [z.ZodLiteral<FriendRequestStatus>]),
  createTime: z.number().int(),
  /** Strictly grows with each change of this request: the newest wins on a client. */
  updateTime: z.number().int(),
});
export type FriendRequest = z.infer<typeof friendRequest>;

export const friendGreeting = z
  .string({ error: 'invalidParam' })
  .overwrite(cleanText)
  .trim()
  .refine(plainText, charactersIssue)
  .max(Limits.FRIEND_GREETING_MAX, { error: 'friendGreetingLength' });

/** POST /friend/request. */
export const friendRequestRequest = z.strictObject({
  friendId: bodyId,
  greeting: friendGreeting.optional(),
});
export type FriendRequestRequest = z.infer<typeof friendRequestRequest>;

/**
 * The outcome: `friends` when the two are friends now (the target does not require
 * approval, or had asked me already), `requested` with the pending request otherwise.
 */
export const friendRequestReply = z.object({
  state: z.union([z.literal('friends'), z.literal('requested')]),
  request: friendRequest.optional(),
});
export type FriendRequestReply = z.infer<typeof friendRequestReply>;

export const friendRequestIdParams = z.object({ id });

/**
 * A short, stable id shown beside a nickname in search results and requests, so two
 * people of one nickname can be told apart without their e-mail: `#` and the user id in base 36.
 */
export const shortUserId = (userId: number): string => `#${userId.toString(36).toUpperCase()}`;
