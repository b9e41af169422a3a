/** Group message endpoints and frames (wire-contract §6). */
import { z } from 'zod';
import { reactionSummary } from './message-reaction.js';
import { Limits } from '../limits.js';
import { MessageType } from '../constants.js';
import { bodyId, id } from './fields.js';
import { groupTip } from './group-tip.js';
import { linkPreview, linkPreviewChoice } from './link-preview.js';
import { quoteMessage } from './message.js';
import { privateHistoryQuery, tmpId } from './private-message.js';

/** `-1` in atUserIds mentions everyone (owner and admins only). */
export const AT_ALL = -1;
/**
 * How a mention of everyone is written in a text message's content: the same in every
 * language, so each reader's app shows it in their own ("@All", "@所有人", "@الجميع")
 * when atUserIds holds AT_ALL, and a reader without that list still reads "@all".
 */
export const AT_ALL_TEXT = '@all';

export const groupMessage = z.object({
  id: z.number().int(),
  tmpId: z.string().optional(),
  groupId: z.number().int(),
  sendId: z.number().int(),
  /** The sender's display name in the group when sent. */
  sendNickName: z.string(),
  type: z.number().int(),
  content: z.string(),
  status: z.number().int(),
  sendTime: z.number().int(),
  atUserIds: z.array(z.number().int()),
  receipt: z.boolean(),
  /** Every member (but the sender) has read this receipt message. */
  receiptOk: z.boolean(),
  readedCount: z.number().int(),
  quoteMessage: quoteMessage.optional(),
  /** TIP_TEXT the server stored for a group change: `content` is its English sentence (group-tip.ts). */
  tip: groupTip.optional(),
  /** Present (true) when the sender forwarded it. */
  forwarded: z.literal(true).optional(),
  /** Present when the sender edited it: the time of the last edit (docs/PROTOCOL.md "Edit"). */
  editTime: z.number().int().optional(),
  /** A TEXT message's link preview, attached by the server from its cache (link-preview.ts). */
  linkPreview: linkPreview.optional(),
  /** Present when it has reactions: the summary as of `reactTime` (docs/PROTOCOL.md "Reactions"). */
  reactions: reactionSummary.optional(),
  /** Present when its reactions ever changed: the time of the summary it carries. */
  reactTime: z.number().int().optional(),
});
export type GroupMessage = z.infer<typeof groupMessage>;

export const groupSendRequest = z.object({
  tmpId,
  groupId: bodyId,
  type: z.number({ error: 'invalidMessageType' }).int({ error: 'invalidMessageType' }),
  /** Checked per type by `checkMessageContent`, as for private messages. */
  content: z.string({ error: 'messageBlank' }),
  receipt: z.boolean({ error: 'invalidParam' }).default(false),
  atUserIds: z
    .array(z.number({ error: 'invalidParam' }).int({ error: 'invalidParam' }).min(AT_ALL, { error: 'invalidParam' }), {
      error: 'invalidParam',
    })
    .max(Limits.AT_USER_IDS_MAX, { error: 'invalidParam' })
    .default([]),
  quoteMessageId: bodyId.optional(),
  /** A copy sent by the forward action (shown as "Forwarded"). */
  forwarded: z.boolean({ error: 'invalidParam' }).optional(),
  /** TEXT only: the link (in `content`) whose cached preview goes with the message (link-preview.ts). */
  linkPreview: linkPreviewChoice.optional(),
});
export type GroupSendRequest = z.infer<typeof groupSendRequest>;

export const groupMessageQuery = z.object({ groupId: id, messageId: id });
export const groupHistoryQuery = privateHistoryQuery.omit({ friendId: true }).extend({ groupId: id });

/**
 * Read frames of `PUT /message/group/readed` (cmd 4, not stored):
 * - READED (11) to the reader's other terminals: `content` is the largest id read in `groupId`;
 * - RECEIPT (12) to the sender of each receipt message the read covers: `id`, `readedCount`, `receiptOk`.
 */
export const groupReadNotice = z.object({
  type: z.literal(MessageType.READED),
  groupId: z.number().int(),
  sendId: z.number().int(),
  content: z.string(),
  sendTime: z.number().int(),
});
export const groupReceiptNotice = z.object({
  type: z.literal(MessageType.RECEIPT),
  groupId: z.number().int(),
  id: z.number().int(),
  readedCount: z.number().int(),
  receiptOk: z.boolean(),
  sendTime: z.number().int(),
});
export type GroupReadNotice = z.infer<typeof groupReadNotice>;
export type GroupReceiptNotice = z.infer<typeof groupReceiptNotice>;
