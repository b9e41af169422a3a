/**
 * Password recovery (issue 22 point 9, docs/PROTOCOL.md "Password recovery"): a reset
 * link by e-mail when the operator configured SMTP, else an operator resets it.
 */
import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { bodyId, password, userName } from './fields.js';

const invalid = { error: 'invalidParam' } as const;

/** 32 random bytes in base64url (43 characters), as the mailed link carries it. */
export const RESET_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** How long a mailed reset link works. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

/** GET /password/recovery: `mail` when the server can mail a reset link (SMTP configured). */
export const passwordRecovery = z.object({ mail: z.boolean() });
export type PasswordRecovery = z.infer<typeof passwordRecovery>;

/** `lang`: the app's language, the mail's language (English when absent). The login rules of a name. */
export const passwordForgotRequest = z.strictObject({
  userName,
  lang: z.enum(LOCALES, invalid).optional(),
});
export type PasswordForgotRequest = z.infer<typeof passwordForgotRequest>;

export const passwordResetRequest = z.strictObject({
  token: z.string(invalid).regex(RESET_TOKEN_RE, invalid),
  password,
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** The account's name, so the login page can be filled in. */
export const passwordResetResult = z.object({ userName: z.string() });
export type PasswordResetResult = z.infer<typeof passwordResetResult>;

/** An operator's reset: `password` typed by the operator, or absent for a random temporary one. */
export const consoleResetPasswordRequest = z.strictObject({ id: bodyId, password: password.optional() });
export type ConsoleResetPasswordRequest = z.infer<typeof consoleResetPasswordRequest>;

/** The new password, shown once to the operator to hand over. */
export const consoleResetPasswordResult = z.object({ password: z.string() });
export type ConsoleResetPasswordResult = z.infer<typeof consoleResetPasswordResult>;
