/** Private message endpoints (wire-contract §6): send, recall, read, pull, history. */
import { z } from 'zod';
import { id } from './fields.js';

/** Client-made id that makes a send idempotent per sender (wire-contract §6). */
export const tmpId = z
  .string({ error: 'invalidParam' })
  .trim()
  .min(1, { error: 'invalidParam' })
  .max(64, { error: 'invalidParam' });

export const privateSendRequest = z.object({
  tmpId,
  recvId: id,
  type: z.number({ error: 'invalidMessageType' }).int({ error: 'invalidMessageType' }),
  /** Checked per type by `checkMessageContent`. */
  content: z.string({ error: 'messageBlank' }),
  quoteMessageId: id.optional(),
});
export type PrivateSendRequest = z.infer<typeof privateSendRequest>;

export const messageIdParams = z.object({ id });
/** `minId`: the largest id the client holds; the server sends everything above it. */
export const pullOfflineQuery = z.object({ minId: z.coerce.number({ error: 'invalidParam' }).int().min(0) });
export const friendIdOnlyQuery = z.object({ friendId: id });

export const PRIVATE_HISTORY_MAX_SIZE = 100;
export const privateHistoryQuery = z.object({
  friendId: id,
  /** 1-based page, newest first. */
  page: z.coerce.number({ error: 'invalidParam' }).int().min(1, { error: 'invalidParam' }).default(1),
  size: z.coerce
    .number({ error: 'invalidParam' })
    .int()
    .min(1, { error: 'invalidParam' })
    .max(PRIVATE_HISTORY_MAX_SIZE, { error: 'invalidParam' })
    .default(20),
});

/** Forward: the same message to several chats at once (a copy each). */
export const FORWARD_TARGETS_MAX = 9;

export const fileUploadResult = z.string();
export const videoUploadResult = z.object({
  videoUrl: z.string(),
  coverUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  duration: z.number(),
});
export type VideoUploadResult = z.infer<typeof videoUploadResult>;
