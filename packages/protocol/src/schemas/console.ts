/**
 * The moderation console (docs/PROTOCOL.md "Moderation console"): operator-only
 * reads and actions on complaints, users, groups, system notifications and the
 * audit log. Bodies are strict (an unknown field is a 400); query values are text.
 */
import { z } from 'zod';
import { ComplaintStatus } from '../constants.js';
import { Limits } from '../limits.js';
import { cleanMultiline, cleanText, hasForbiddenChars } from '../text.js';
import { complaint, complaintStatus } from './friend.js';
import { bodyId, charactersIssue, id, plainText, queryInt } from './fields.js';
import { systemMessageInput } from './system-message.js';

export const ConsoleLimits = {
  /** Rows of every console page. */
  PAGE_SIZE: 20,
  REASON_MAX: 128,
  ANSWER_MAX: 512,
  KEYWORD_MAX: 64,
  /** Rows of a complaint's target activity. */
  ACTIVITY_SIZE: 20,
  SYSTEM_USERS_MAX: Limits.SYSTEM_USER_IDS_MAX,
  /** The complaint promise: verified within 24 hours of its creation. */
  COMPLAINT_DEADLINE_MS: 24 * 60 * 60 * 1000,
} as const;

const invalid = { error: 'invalidParam' } as const;
/** One line of text, NFKC, trimmed, no invisible or direction-changing character. */
const line = (max: number, min = 0) =>
  z.string(invalid).overwrite(cleanText).trim().min(min, invalid).max(max, invalid).refine(plainText, charactersIssue);
/** Several lines (`\n`), trimmed. */
const lines = (max: number, min = 0) =>
  z
    .string(invalid)
    .overwrite(cleanMultiline)
    .trim()
    .min(min, invalid)
    .max(max, invalid)
    .refine((s) => !hasForbiddenChars(s, { newlines: true }), charactersIssue);

/** `?page=` (1-based, default 1). */
const page = id.optional();

// ---- shapes ----

export const consoleUser = z.object({
  id: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  headImageThumb: z.string(),
  type: z.number().int(),
  isBanned: z.boolean(),
  reason: z.string(),
  deleted: z.boolean(),
  isOperator: z.boolean(),
  createTime: z.number().int(),
  /** Complaints against this user, any status. */
  complaintCount: z.number().int(),
});
export type ConsoleUser = z.infer<typeof consoleUser>;

export const consoleGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  headImageThumb: z.string(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  memberCount: z.number().int(),
  isBanned: z.boolean(),
  reason: z.string(),
  dissolve: z.boolean(),
  createTime: z.number().int(),
  complaintCount: z.number().int(),
});
export type ConsoleGroup = z.infer<typeof consoleGroup>;

export const consoleComplaint = complaint.extend({
  complainant: z.object({ id: z.number().int(), nickName: z.string(), userName: z.string() }),
  /** createTime + 24 h (ms): the promise made to the complainant. */
  deadline: z.number().int(),
});
export type ConsoleComplaint = z.infer<typeof consoleComplaint>;

/** A recent public message of a complaint's target (a group message). */
export const consoleActivity = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  groupName: z.string(),
  sendId: z.number().int(),
  sendNickName: z.string(),
  type: z.number().int(),
  content: z.string(),
  sendTime: z.number().int(),
});
export type ConsoleActivity = z.infer<typeof consoleActivity>;

export const consoleComplaintDetail = z.object({
  complaint: consoleComplaint,
  target: z.object({ user: consoleUser.optional(), group: consoleGroup.optional() }),
  activity: z.array(consoleActivity),
});
export type ConsoleComplaintDetail = z.infer<typeof consoleComplaintDetail>;

export const AuditTargetType = {
  USER: 'user',
  GROUP: 'group',
  COMPLAINT: 'complaint',
  SYSTEM: 'system',
  DISCOVER: 'discover',
} as const;
export type AuditTargetType = (typeof AuditTargetType)[keyof typeof AuditTargetType];

/** The action names of the audit log. */
export const AuditAction = {
  USER_BAN: 'user.ban',
  USER_UNBAN: 'user.unban',
  USER_DELETE: 'user.delete',
  USER_RESET_PASSWORD: 'user.resetPassword',
  GROUP_BAN: 'group.ban',
  GROUP_UNBAN: 'group.unban',
  COMPLAINT_RESOLVE: 'complaint.resolve',
  COMPLAINT_REJECT: 'complaint.reject',
  SYSTEM_SEND: 'system.send',
  DISCOVER_SAVE: 'discover.save',
  DISCOVER_DELETE: 'discover.delete',
  DISCOVER_REORDER: 'discover.reorder',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

export const auditEntry = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int(),
  reason: z.string(),
  /** JSON text of what changed (e.g. `{"outcome":1}`); `{}` when nothing more. */
  detail: z.string(),
  createTime: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** A sent system notification as the console lists it. */
export const consoleSystemItem = z.object({
  id: z.number().int(),
  title: z.string(),
  intro: z.string(),
  coverUrl: z.string(),
  sendTime: z.number().int(),
  audience: z.enum(['all', 'users']),
  recipients: z.number().int(),
  senderId: z.number().int().nullable(),
  senderName: z.string(),
});
export type ConsoleSystemItem = z.infer<typeof consoleSystemItem>;

export const consolePage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

// ---- requests ----

export const consoleComplaintsQuery = z.object({
  status: queryInt.pipe(complaintStatus).optional(),
  page,
});
export const consoleIdQuery = z.object({ id });
export const consoleSearchQuery = z.object({ keyword: line(ConsoleLimits.KEYWORD_MAX).optional(), page });
export const consolePageQuery = z.object({ page });

const outcome = z.union([z.literal(ComplaintStatus.RESOLVED), z.literal(ComplaintStatus.REJECTED)], invalid);

export const consoleResolveRequest = z.strictObject({
  id: bodyId,
  outcome,
  answer: lines(ConsoleLimits.ANSWER_MAX, 1),
});
export type ConsoleResolveRequest = z.infer<typeof consoleResolveRequest>;

export const consoleBanRequest = z.strictObject({ id: bodyId, reason: line(ConsoleLimits.REASON_MAX, 1) });
export type ConsoleBanRequest = z.infer<typeof consoleBanRequest>;
export const consoleIdRequest = z.strictObject({ id: bodyId });

/** Everyone (`all: true, userIds: []`) or 1–1000 chosen users (`all: false`); the text fields are system-message.ts's. */
export const consoleSystemSendRequest = z
  .strictObject({
    ...systemMessageInput.omit({ tip: true }).shape,
    all: z.boolean(invalid),
    userIds: z.array(bodyId, invalid).max(ConsoleLimits.SYSTEM_USERS_MAX, invalid),
  })
  .superRefine((v, ctx) => {
    if (v.all && v.userIds.length > 0) {
      ctx.addIssue({ code: 'too_big', origin: 'array', maximum: 0, inclusive: true, path: ['userIds'], input: v });
    }
    if (!v.all && v.userIds.length === 0) {
      ctx.addIssue({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true, path: ['userIds'], input: v });
    }
  });
export type ConsoleSystemSendRequest = z.infer<typeof consoleSystemSendRequest>;
export const consoleSystemSendResult = z.object({ id: z.number().int(), recipients: z.number().int() });
