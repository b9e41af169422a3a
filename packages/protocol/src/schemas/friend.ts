/** Friends, blocklist and complaints (wire-contract §4). */
import { z } from 'zod';
import { ComplaintStatus, ComplaintTargetType, ComplaintType } from '../constants.js';
import { Limits } from '../limits.js';
import { cleanText } from '../text.js';
import { bodyId, charactersIssue, id, mediaUrl, plainText, queryInt } from './fields.js';

/** `Friend` as it travels: the other user seen from the owner of the list. */
export const friend = z.object({
  id: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  headImage: z.string(),
  headImageThumb: z.string(),
  sex: z.number().int(),
  signature: z.string(),
  remark: z.string(),
  /** remark when set, else nickname. */
  showNickName: z.string(),
  online: z.boolean(),
  onlineWeb: z.boolean(),
  onlineApp: z.boolean(),
  /**
   * When the friend was last online (ms; issue 22 point 11), absent unless both the
   * friend and the list owner show their last seen and the friend may be seen online.
   */
  lastSeenAt: z.number().int().optional(),
  isDnd: z.boolean(),
  /** When I pinned this chat to the top of my chat list (ms; 0 = not pinned; `PUT /friend/top`). */
  pinnedAt: z.number().int(),
  /** The friend's account was deleted: the entry stays, greyed, until removed. */
  deleted: z.boolean(),
  /** I have this friend on my blocklist. */
  isBlocked: z.boolean(),
  createTime: z.number().int(),
});
export type Friend = z.infer<typeof friend>;

export const friendIdQuery = z.object({ friendId: id });
export const friendIdParams = z.object({ friendId: id });

export const friendRemarkRequest = z.object({
  friendId: bodyId,
  /** Empty clears the remark. */
  remark: z
    .string({ error: 'invalidParam' })
    .overwrite(cleanText)
    .trim()
    .refine(plainText, charactersIssue)
    .max(Limits.FRIEND_REMARK_MAX, { error: 'friendRemarkLength' }),
});
export type FriendRemarkRequest = z.infer<typeof friendRemarkRequest>;

export const friendDndRequest = z.object({
  friendId: bodyId,
  isDnd: z.boolean({ error: 'invalidParam' }),
});

export const blacklistEntry = z.object({
  toUserId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  headImageThumb: z.string(),
  createTime: z.number().int(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntry>;
export const userIdQuery = z.object({ userId: id });

const enumOf = <T extends Record<string, number>>(o: T) =>
  z.union(Object.values(o).map((v) => z.literal(v)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]], {
    error: 'invalidParam',
  });

export const complaintTargetType = enumOf(ComplaintTargetType);
export const complaintType = enumOf(ComplaintType);
export const complaintStatus = enumOf(ComplaintStatus);

export const complaintRequest = z.object({
  targetType: complaintTargetType,
  targetId: bodyId,
  targetName: z.string({ error: 'invalidParam' }).max(64, { error: 'invalidParam' }).optional(),
  type: complaintType,
  images: z.array(mediaUrl).max(Limits.COMPLAINT_IMAGES_MAX, { error: 'complaintImagesTooMany' }).default([]),
  content: z
    .string({ error: 'complaintContentBlank' })
    .trim()
    .min(1, { error: 'complaintContentBlank' })
    .max(Limits.COMPLAINT_CONTENT_MAX, { error: 'complaintContentLength' }),
});
export type ComplaintRequest = z.infer<typeof complaintRequest>;

export const complaint = z.object({
  id: z.number().int(),
  targetType: z.number().int(),
  targetId: z.number().int(),
  targetName: z.string(),
  type: z.number().int(),
  images: z.array(z.string()),
  content: z.string(),
  status: z.number().int(),
  /** The reviewer's answer once resolved or rejected; empty while pending. */
  resolution: z.string(),
  createTime: z.number().int(),
  resolveTime: z.number().int().nullable(),
});
export type Complaint = z.infer<typeof complaint>;

/** Own complaints, newest first, 10 a page; `maxPageId` is the smallest id of the previous page. */
export const complaintPageQuery = z.object({
  maxPageId: id.optional(),
  status: queryInt.pipe(complaintStatus).optional(),
});
export const complaintIdQuery = z.object({ id });
export const COMPLAINT_PAGE_SIZE = 10;

/**
 * Friend-list sync frames (types 80-82), pushed as cmd 3 to the list owner's
 * terminals: 80 and 82 carry the whole `Friend` in `content` (JSON text), 81 the friend's id.
 */
export const friendSyncMessage = z.object({
  type: z.number().int(),
  sendId: z.number().int(),
  recvId: z.number().int(),
  content: z.string(),
  sendTime: z.number().int(),
});
export type FriendSyncMessage = z.infer<typeof friendSyncMessage>;
