/** Private message endpoints (wire-contract §6): send, recall, read, pull, history. */
import { z } from 'zod';
import { MessageType } from '../constants.js';
import { bodyId, id, queryInt } from './fields.js';
import { linkPreviewChoice } from './link-preview.js';

/** Client-made id that makes a send idempotent per sender (wire-contract §6). */
export const tmpId = z
  .string({ error: 'invalidParam' })
  .trim()
  .min(1, { error: 'invalidParam' })
  .max(64, { error: 'invalidParam' });

export const privateSendRequest = z.object({
  tmpId,
  recvId: bodyId,
  type: z.number({ error: 'invalidMessageType' }).int({ error: 'invalidMessageType' }),
  /** Checked per type by `checkMessageContent`. */
  content: z.string({ error: 'messageBlank' }),
  quoteMessageId: bodyId.optional(),
  /** A copy sent by the forward action (shown as "Forwarded"). */
  forwarded: z.boolean({ error: 'invalidParam' }).optional(),
  /** TEXT only: the link (in `content`) whose cached preview goes with the message (link-preview.ts). */
  linkPreview: linkPreviewChoice.optional(),
});
export type PrivateSendRequest = z.infer<typeof privateSendRequest>;

export const messageIdParams = z.object({ id });
/** `minId`: the largest id the client holds; the server sends everything above it. */
export const pullOfflineQuery = z.object({ minId: queryInt.pipe(z.number().min(0, { error: 'invalidParam' })) });
export const friendIdOnlyQuery = z.object({ friendId: id });

export const PRIVATE_HISTORY_MAX_SIZE = 100;
export const privateHistoryQuery = z.object({
  friendId: id,
  /** 1-based page, newest first. */
  page: queryInt.pipe(z.number().min(1, { error: 'invalidParam' })).default(1),
  size: queryInt
    .pipe(z.number().min(1, { error: 'invalidParam' }).max(PRIVATE_HISTORY_MAX_SIZE, { error: 'invalidParam' }))
    .default(20),
});

/** Forward: the same message to several chats at once (a copy each). */
export const FORWARD_TARGETS_MAX = 9;

/**
 * `POST /file/upload`: multipart with one `file` part. The reply is the file's
 * root-relative URL, `/uploads/files/<yyyy>/<mm>/<32 hex>/<file name>`; it is
 * served as an attachment under its original name.
 */
export const fileUploadResult = z.string();

/**
 * `POST /video/upload` form parts, in any order: `file` (MP4/MOV or WebM, by
 * content), optional `cover` (an image, stored like /image/upload), and optional
 * number fields `width`, `height` (pixels) and `duration` (seconds) measured by
 * the client (the server does not decode video). Missing sizes fall back to the
 * cover's, else 0; no cover gives `coverUrl: ""`.
 */
export const VideoUploadField = {
  FILE: 'file',
  COVER: 'cover',
  WIDTH: 'width',
  HEIGHT: 'height',
  DURATION: 'duration',
} as const;
export const videoUploadResult = z.object({
  videoUrl: z.string(),
  coverUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  duration: z.number(),
});
export type VideoUploadResult = z.infer<typeof videoUploadResult>;

/**
 * Data of the cmd 3 LOADING frames that bracket an offline pull on the pulling
 * socket: `"true"` before the first pulled message, `"false"` after the last.
 */
export const loadingNotice = z.object({
  type: z.literal(MessageType.LOADING),
  content: z.enum(['true', 'false']),
});
export type LoadingNotice = z.infer<typeof loadingNotice>;

/**
 * Data of the cmd 3 read frames of `PUT /message/private/readed` (not stored, no id).
 * `sendId` is always the reader and `recvId` the friend whose messages were read;
 * `content` is the largest id read, in decimal (`"-1"` when there is none).
 * - READED (11) goes to the reader's other terminals: clear that chat's unread count.
 * - RECEIPT (12) goes to the friend's terminals: their messages to the reader with
 *   an id up to `content` and a status below RECALL are now READED.
 */
export const privateReadNotice = z.object({
  type: z.union([z.literal(MessageType.READED), z.literal(MessageType.RECEIPT)]),
  sendId: z.number().int(),
  recvId: z.number().int(),
  content: z.string(),
  sendTime: z.number().int(),
});
export type PrivateReadNotice = z.infer<typeof privateReadNotice>;
