import { z } from 'zod';
import { Terminal } from '../constants.js';
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

export const registerRequest = z.object({
  userName,
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
