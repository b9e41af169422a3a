import { z } from 'zod';
import { Terminal } from '../constants.js';
import { mixesScripts } from '../text.js';
import { nickName, password, userName } from './fields.js';

export const terminal = z.union([z.literal(Terminal.WEB), z.literal(Terminal.APP)], {
  error: 'invalidParam',
});

export const loginRequest = z.object({
  terminal,
  userName,
  password,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({
  accessToken: z.string(),
  accessTokenExpiresIn: z.number().int(),
  refreshToken: z.string(),
  refreshTokenExpiresIn: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPair>;

/**
 * A new account's name: the field rules, and no mix of scripts (text.ts). Login keeps
 * the plain rules, so an account named before this rule still signs in.
 */
const newUserName = userName.refine((s) => !mixesScripts(s), { error: 'userNameMixedScripts' });

/** `terminal`: where the new account is signed in (issue 22 point 9); web when absent. */
export const registerRequest = z.object({
  terminal: terminal.optional(),
  userName: newUserName,
  password,
  nickName: nickName.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const modifyPasswordRequest = z
  .object({
    oldPassword: password,
    newPassword: password,
  })
  .refine((v) => v.oldPassword !== v.newPassword, { error: 'newPasswordSameAsOld', path: ['newPassword'] });
export type ModifyPasswordRequest = z.infer<typeof modifyPasswordRequest>;
