/**
 * Field rules of spec §5. Each check's error is a catalogue key (errors.ts),
 * so the server answers with that entry and the client shows the same text.
 */
import { z } from 'zod';
import { Limits } from '../limits.js';
import type { ServerErrorKey } from '../errors.js';
import { cleanMultiline, cleanText, hasForbiddenChars } from '../text.js';
import { isUploadUrl } from '../uploads.js';

const k = (key: ServerErrorKey) => ({ error: key });
/** Practical e-mail shape: one @, no spaces, a dot in the domain. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const notBlank = (s: string) => s.trim().length > 0;
/** invalidParam with rule `characters` (validation.ts): a control, format or private-use character (text.ts). */
export const charactersIssue = { error: 'invalidParam', params: { rule: 'characters' } } as const;
/** No forbidden character (text.ts); run after cleanText. */
export const plainText = (s: string) => !hasForbiddenChars(s);

export const userName = z
  .string(k('userNameBlank'))
  .overwrite(cleanText)
  .trim()
  .min(1, k('userNameBlank'))
  .refine(plainText, charactersIssue)
  .min(Limits.USERNAME_MIN, k('userNameLength'))
  .max(Limits.USERNAME_MAX, k('userNameLength'))
  .regex(EMAIL_RE, k('userNameFormat'));

export const password = z
  .string(k('passwordBlank'))
  .refine(notBlank, k('passwordBlank'))
  .min(Limits.PASSWORD_MIN, k('passwordLength'))
  .max(Limits.PASSWORD_MAX, k('passwordLength'));

export const nickName = z
  .string(k('nickNameBlank'))
  .overwrite(cleanText)
  .trim()
  .min(1, k('nickNameBlank'))
  .refine(plainText, charactersIssue)
  .max(Limits.NICKNAME_MAX, k('nickNameLength'));

/** May span lines (`\n`); no other control or format character. */
export const signature = z
  .string(k('invalidParam'))
  .overwrite(cleanMultiline)
  .refine((s) => !hasForbiddenChars(s, { newlines: true }), charactersIssue)
  .max(Limits.SIGNATURE_MAX, k('signatureLength'));

/**
 * Query and path values arrive as text: plain decimal digits become a number, anything
 * else stays as sent (and fails). Past 16 digits the number is out of every range of
 * ours, so it is read as the largest number there is and fails its `max` rule.
 */
const fromDecimal = (v: unknown) =>
  typeof v === 'string' && /^\d+$/.test(v) ? (v.length > 16 ? Number.MAX_VALUE : Number(v)) : v;

/** An integer of a query string or path (`?page=2`, `/find/12`): decimal digits only, never `0x10`, `1e3` or ` 12`. */
export const queryInt = z.preprocess(
  fromDecimal,
  z.number(k('invalidParam')).int(k('invalidParam')).max(Number.MAX_SAFE_INTEGER, k('invalidParam')),
);

/** Positive integer id of a query string or path (decimal text). JSON bodies use `bodyId`. */
export const id = z.preprocess(
  fromDecimal,
  z
    .number(k('invalidParam'))
    .int(k('invalidParam'))
    .positive(k('invalidParam'))
    .max(Number.MAX_SAFE_INTEGER, k('invalidParam')),
);

/** Positive integer id in a JSON body: a number exactly; `"12"`, `[12]` and `true` are not ids (no coercion). */
export const bodyId = z
  .number(k('invalidParam'))
  .int(k('invalidParam'))
  .positive(k('invalidParam'))
  .max(Number.MAX_SAFE_INTEGER, k('invalidParam'));

/**
 * An image this server handed out (uploads.ts), or empty: never another host, so an
 * avatar or evidence image cannot become a tracking pixel. Failure: rule `uploadUrl`.
 */
export const mediaUrl = z
  .string(k('invalidParam'))
  .refine((s) => s === '' || isUploadUrl(s, 'image'), { error: 'invalidParam', params: { rule: 'uploadUrl' } });
