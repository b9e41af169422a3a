/**
 * System notifications (wire-contract §6, spec §3 SystemMessage): one stream per user,
 * numbered by `seqNo` 1, 2, 3… for each user. docs/PROTOCOL.md "System notifications".
 */
import { z } from 'zod';
import { MessageType } from '../constants.js';
import { Limits } from '../limits.js';
import { cleanMultiline, cleanText, hasForbiddenChars } from '../text.js';
import { charactersIssue, id, mediaUrl, plainText, queryInt } from './fields.js';

/** Tips the server fills in: the client shows `tips.system.<key>.title` / `.intro` in its language. */
export const SYSTEM_TIP_KEYS = ['complaintResolved', 'complaintRejected'] as const;
export type SystemTipKey = (typeof SYSTEM_TIP_KEYS)[number];

export const systemTip = z.object({
  key: z.enum(SYSTEM_TIP_KEYS),
  params: z.object({ complaintId: z.string(), targetName: z.string(), answer: z.string() }),
});
export type SystemTip = z.infer<typeof systemTip>;

/** cmd 5 frame data of type SYSTEM_MESSAGE (53); also what a pull sends. */
export const systemMessage = z.object({
  /** The notification's id (the same for every recipient): `GET /message/system/content?id=`. */
  id: z.number().int(),
  /** Per user: 1, 2, 3… The client's cursor is the largest seqNo it holds. */
  seqNo: z.number().int(),
  type: z.literal(MessageType.SYSTEM_MESSAGE),
  title: z.string(),
  coverUrl: z.string(),
  intro: z.string(),
  /** READED when seqNo ≤ the user's read position, else SENDED. */
  status: z.number().int(),
  sendTime: z.number().int(),
  tip: systemTip.optional(),
});
export type SystemMessage = z.infer<typeof systemMessage>;

/** `GET /message/system/content?id=`: `content` is Markdown (CommonMark, no raw HTML, no images). */
export const systemMessageContent = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  intro: z.string(),
  content: z.string(),
  sendTime: z.number().int(),
  tip: systemTip.optional(),
});
export type SystemMessageContent = z.infer<typeof systemMessageContent>;

/** cmd 5 READED (11) to the reader's other terminals: `content` is the read position (a seqNo, decimal). */
export const systemReadNotice = z.object({
  type: z.literal(MessageType.READED),
  content: z.string(),
});
export type SystemReadNotice = z.infer<typeof systemReadNotice>;

const invalid = { error: 'invalidParam' } as const;
/** Markdown may indent with tabs. */
const contentChars = (s: string) => !hasForbiddenChars(s.replace(/\t/g, ' '), { newlines: true });

/**
 * What `services.systemMessages.send` takes (it checks its input with this; the console's
 * send body has the same rules). Title and intro are one line; content is Markdown.
 */
export const systemMessageInput = z.strictObject({
  title: z
    .string(invalid)
    .overwrite(cleanText)
    .trim()
    .min(1, invalid)
    .max(Limits.SYSTEM_TITLE_MAX, invalid)
    .refine(plainText, charactersIssue),
  coverUrl: mediaUrl,
  intro: z
    .string(invalid)
    .overwrite(cleanText)
    .trim()
    .max(Limits.SYSTEM_INTRO_MAX, invalid)
    .refine(plainText, charactersIssue),
  content: z
    .string(invalid)
    .overwrite(cleanMultiline)
    .trim()
    .min(1, invalid)
    .max(Limits.SYSTEM_CONTENT_MAX, invalid)
    .refine(contentChars, charactersIssue),
  tip: systemTip.optional(),
});
export type SystemMessageInput = z.infer<typeof systemMessageInput>;

const seqNo = queryInt.pipe(
  z.number().min(0, { error: 'invalidParam' }).max(Number.MAX_SAFE_INTEGER, { error: 'invalidParam' }),
);

/** `minSeqNo`: the largest seqNo the client holds (0 for none); the server sends everything above it. */
export const systemPullQuery = z.object({ minSeqNo: seqNo });
/** `maxSeqNo`: the largest seqNo read; a smaller one than the stored position changes nothing. */
export const systemReadedQuery = z.object({ maxSeqNo: seqNo });
export const systemContentQuery = z.object({ id });
