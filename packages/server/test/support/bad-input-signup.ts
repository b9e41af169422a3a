/**
 * Baselines of the bad-input walk (bad-input.test.ts) for password recovery: each
 * field of these valid requests is broken in turn. Their own refusals (a malformed
 * token, a language that is no locale…) are in bad-input-signup.test.ts.
 */
import type { EndpointName } from '@parley/protocol';

interface Baseline {
  body: Record<string, unknown>;
  optional?: string[];
}

/** `userId`: a normal user the console reset names (the caller is no operator: validation comes first). */
export const signupBaselines = (userId: number): Partial<Record<EndpointName, Baseline>> => ({
  passwordForgot: { body: { userName: 'nobody@example.com', lang: 'en-US' }, optional: ['lang'] },
  passwordReset: { body: { token: 'A'.repeat(43), password: 'another1' } },
  consoleUserResetPassword: { body: { id: userId, password: 'another1' }, optional: ['password'] },
});
