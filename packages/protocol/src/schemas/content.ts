/**
 * Message content by type (wire-contract §6). TEXT travels as plain text (with
 * `#name;` emoji tokens); every other normal type travels as JSON text of the
 * shape below. The server checks the shape before storing; the client builds
 * content with the same schemas, so both agree on what a message may hold.
 */
import { z } from 'zod';
import { MessageType } from '../constants.js';
import { parseJson } from '../json.js';
import { Limits } from '../limits.js';
import { ServerErrors, type ServerErrorKey } from '../errors.js';
import { isUploadUrl, type UploadKind } from '../uploads.js';

const k = (key: ServerErrorKey) => ({ error: key });
/**
 * Media must be this server's uploads of the right kind (uploads.ts), never another
 * host; every failure is `invalidContent`. `optional` also takes the empty string.
 */
const upload = (kind: UploadKind | readonly UploadKind[], optional = false) =>
  z.string(k('invalidContent')).refine((s) => (optional && s === '') || isUploadUrl(s, kind), k('invalidContent'));
const imageUrl = upload('image');
const dim = z
  .number(k('invalidContent'))
  .int(k('invalidContent'))
  .min(0, k('invalidContent'))
  .max(100_000, k('invalidContent'));
/** Seconds, as recorded; a voice message or video of over 24 h is not a message. */
const duration = z.number(k('invalidContent')).min(0, k('invalidContent')).max(86_400, k('invalidContent'));

/**
 * A caption that travels inside the first item of an album, a video or a file (issue 22
 * point 8) instead of a text message before it: a text's rules (not blank, the text limit).
 */
const caption = z
  .string(k('invalidContent'))
  .refine((s) => s.trim().length > 0, k('messageBlank'))
  .refine((s) => s.length <= Limits.TEXT_CONTENT_MAX, k('messageTooLong'))
  .optional();
/** A voice message's loudness bars, oldest first: 1..64 integers of 0..31. */
const waveform = z
  .array(
    z
      .number(k('invalidContent'))
      .int(k('invalidContent'))
      .min(0, k('invalidContent'))
      .max(Limits.WAVEFORM_LEVEL_MAX, k('invalidContent')),
    k('invalidContent'),
  )
  .min(1, k('invalidContent'))
  .max(Limits.WAVEFORM_BARS_MAX, k('invalidContent'))
  .optional();

export const textContent = z
  .string(k('messageBlank'))
  .refine((s) => s.trim().length > 0, k('messageBlank'))
  .refine((s) => s.length <= Limits.TEXT_CONTENT_MAX, k('messageTooLong'));

/** `downloadUrl` (optional): the full-size original when `originUrl` was shrunk (image upload reply). */
export const imageContent = z.object({
  originUrl: imageUrl,
  thumbUrl: imageUrl,
  width: dim,
  height: dim,
  downloadUrl: imageUrl.optional(),
  caption,
});
export const fileContent = z.object({
  name: z.string(k('invalidContent')).trim().min(1, k('invalidContent')).max(255, k('invalidContent')),
  size: z.number(k('invalidContent')).int(k('invalidContent')).min(0, k('invalidContent')),
  // Any upload downloads as a file (a forwarded image or video too).
  url: upload(['file', 'image', 'video']),
  caption,
});
/** Voice recordings go through the file upload; a recorded clip may also come from the video upload. */
export const audioContent = z.object({ duration, url: upload(['file', 'video']), waveform });
/** `coverUrl` may be empty: a video whose cover the client could not capture shows a placeholder. */
export const videoContent = z.object({
  videoUrl: upload('video'),
  coverUrl: upload('image', true),
  width: dim,
  height: dim,
  duration,
  caption,
});
export const cardContent = z.object({
  cover: z.string(k('coverRequired')).min(1, k('coverRequired')).pipe(imageUrl),
  title: z.string(k('invalidContent')).trim().min(1, k('invalidContent')).max(64, k('invalidContent')),
  description: z.string(k('invalidContent')).max(256, k('invalidContent')).default(''),
  link: z
    .string(k('invalidContent'))
    .max(1024, k('invalidContent'))
    .refine((s) => s === '' || /^https?:\/\//.test(s), k('invalidContent'))
    .default(''),
});

export type ImageContent = z.infer<typeof imageContent>;
export type FileContent = z.infer<typeof fileContent>;
export type AudioContent = z.infer<typeof audioContent>;
export type VideoContent = z.infer<typeof videoContent>;
export type CardContent = z.infer<typeof cardContent>;

const JSON_CONTENT = {
  [MessageType.IMAGE]: imageContent,
  [MessageType.FILE]: fileContent,
  [MessageType.AUDIO]: audioContent,
  [MessageType.VIDEO]: videoContent,
  [MessageType.CARD]: cardContent,
} as const;

/** Types a user may send (0-5). */
export const SENDABLE_TYPES: readonly number[] = [MessageType.TEXT, ...Object.keys(JSON_CONTENT).map(Number)];

export type ContentCheck = { ok: true; content: string } | { ok: false; key: ServerErrorKey };

/**
 * Check `content` for a sendable `type`; on success returns the normalised text
 * to store (JSON re-serialised from the parsed shape, so no stray fields travel).
 */
export function checkMessageContent(type: number, content: unknown): ContentCheck {
  if (type === MessageType.TEXT) {
    const r = textContent.safeParse(content);
    return r.success ? { ok: true, content: r.data } : { ok: false, key: firstKey(r.error, 'messageBlank') };
  }
  const schema = JSON_CONTENT[type as keyof typeof JSON_CONTENT];
  if (!schema) return { ok: false, key: 'invalidMessageType' };
  if (typeof content !== 'string' || content.trim() === '') return { ok: false, key: 'messageBlank' };
  let parsed: unknown;
  try {
    parsed = parseJson(content);
  } catch {
    return { ok: false, key: 'invalidContent' };
  }
  const r = schema.safeParse(parsed);
  return r.success
    ? { ok: true, content: JSON.stringify(r.data) }
    : { ok: false, key: firstKey(r.error, 'invalidContent') };
}

function firstKey(error: z.ZodError, fallback: ServerErrorKey): ServerErrorKey {
  // Issues without a catalogue key (e.g. an array where an object belongs) get the fallback.
  const message = error.issues[0]?.message;
  return message !== undefined && Object.hasOwn(ServerErrors, message) ? (message as ServerErrorKey) : fallback;
}
