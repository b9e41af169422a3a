/**
 * Field rules of spec §5. Each check's error is a catalogue key (errors.ts),
 * so the server answers with that entry and the client shows the same text.
 */
import { z } from 'zod';
import { Limits } from '../limits.js';
import type { ServerErrorKey } from '../errors.js';

const k = (key: ServerErrorKey) => ({ error: key });
/** Practical e-mail shape: one @, no spaces, a dot in the domain. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const notBlank = (s: string) => s.trim().length > 0;

export const userName = z
  .string(k('userNameBlank'))
  .trim()
  .min(1, k('userNameBlank'))
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
  .trim()
  .min(1, k('nickNameBlank'))
  .max(Limits.NICKNAME_MAX, k('nickNameLength'));

export const signature = z.string(k('invalidParam')).max(Limits.SIGNATURE_MAX, k('signatureLength'));

/** Positive integer id; query strings arrive as text, so coerce. */
export const id = z.coerce.number(k('invalidParam')).int(k('invalidParam')).positive(k('invalidParam'));

/** A URL the server handed out (uploads) or an absolute http(s) URL. */
export const mediaUrl = z
  .string(k('invalidParam'))
  .max(512, k('invalidParam'))
  .refine((s) => s === '' || s.startsWith('/') || /^https?:\/\//.test(s), k('invalidParam'));
