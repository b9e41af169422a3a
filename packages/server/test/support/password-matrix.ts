/**
 * The password recovery rows of the authorization matrix (authorization-matrix.test.ts):
 * the three calls before login act on no one the caller is related to. On this world's
 * server no SMTP is configured, so "Forgot password?" is refused (resetByOperator) and
 * a token nobody was mailed is refused, each with nothing changed. The console reset
 * is in console-matrix.ts (403 notOperator); the operator's own column, and the mailed
 * link, are in authorization-matrix-signup.test.ts and password-reset.test.ts.
 */
import { expect } from 'vitest';
import type { EndpointName } from '@parley/protocol';
import { allowed, refused, selfOnly, w, type Row } from './user-world.js';

type PasswordEndpoint = Extract<EndpointName, `password${string}`>;

export const passwordRows = (): Record<PasswordEndpoint, Row> => ({
  passwordRecovery: selfOnly(async () => expect(await allowed('passwordRecovery')).toEqual({ mail: false })),
  passwordForgot: selfOnly(() => refused('passwordForgot', 'resetByOperator', { body: { userName: w.a.userName } })),
  passwordReset: selfOnly(() =>
    refused('passwordReset', 'resetTokenInvalid', { body: { token: 'A'.repeat(43), password: 'another1' } }),
  ),
});
