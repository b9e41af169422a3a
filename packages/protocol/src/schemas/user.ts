import { z } from 'zod';
import { Sex, Terminal, UserType } from '../constants.js';
import { Limits } from '../limits.js';
import { cleanText } from '../text.js';
import { bodyId, mediaUrl, nickName, signature } from './fields.js';

export const sex = z.union([z.literal(Sex.MALE), z.literal(Sex.FEMALE)], { error: 'invalidParam' });

/** `User` as it travels (wire-contract §3). */
export const user = z.object({
  id: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  headImage: z.string(),
  headImageThumb: z.string(),
  sex,
  /** False while the user never chose a gender (`sex` is then 0 but means "not set"). */
  sexSet: z.boolean(),
  signature: z.string(),
  type: z.union([z.literal(UserType.NORMAL), z.literal(UserType.TRIAL)]),
  isBanned: z.boolean(),
  reason: z.string(),
  deleted: z.boolean(),
  online: z.boolean(),
});
export type User = z.infer<typeof user>;

/** GET /user/self: the caller's own profile, with their role (never in another user's profile). */
export const selfUser = user.extend({
  isOperator: z.boolean(),
  /** "Show my last seen" (issue 22 point 11): off hides it from friends and theirs from me. */
  showLastSeen: z.boolean(),
  /**
   * "Require my approval to add me" (issue 22 point 1): my choice, or the operator's
   * default (FRIEND_REQUESTS) while I never chose.
   */
  friendConsent: z.boolean(),
});
export type SelfUser = z.infer<typeof selfUser>;

/** PUT /user/update: own profile only; `id`, when sent, must be the caller's. */
export const userUpdateRequest = z
  .object({
    id: bodyId.optional(),
    nickName,
    headImage: mediaUrl.optional(),
    headImageThumb: mediaUrl.optional(),
    sex: sex.optional(),
    /** False sets the gender back to "not set" (then without `sex`); true or absent changes nothing. */
    sexSet: z.boolean({ error: 'invalidParam' }).optional(),
    signature: signature.optional(),
  })
  .refine((v) => !(v.sexSet === false && v.sex !== undefined), { error: 'invalidParam', path: ['sexSet'] });
export type UserUpdateRequest = z.infer<typeof userUpdateRequest>;

/** PUT /user/privacy: the caller's privacy settings; a field left out stays as it is, but one must be sent. */
export const userPrivacyRequest = z
  .strictObject({
    showLastSeen: z.boolean({ error: 'invalidParam' }).optional(),
    /** Require my approval to add me (friend requests, issue 22 point 1). */
    friendConsent: z.boolean({ error: 'invalidParam' }).optional(),
  })
  .refine((v) => v.showLastSeen !== undefined || v.friendConsent !== undefined, {
    error: 'invalidParam',
    path: ['showLastSeen'],
  });
export type UserPrivacyRequest = z.infer<typeof userPrivacyRequest>;

/**
 * GET /user/findByName: nicknames containing `name`, plus the user whose user name is
 * exactly `name` (never part of an e-mail address); case-insensitive.
 */
export const findByNameQuery = z.object({
  name: z
    .string({ error: 'invalidParam' })
    .overwrite(cleanText)
    .trim()
    .min(Limits.FIND_BY_NAME_MIN, { error: 'invalidParam' })
    .max(Limits.USERNAME_MAX, { error: 'invalidParam' }),
});

/** `userIds=1,2,3` as a comma-separated query. */
export const terminalOnlineQuery = z.object({
  userIds: z
    .string({ error: 'invalidParam' })
    .transform((s) =>
      s
        .split(',')
        .filter((p) => p.trim() !== '')
        .map(Number),
    )
    .pipe(
      z
        .array(z.number({ error: 'invalidParam' }).int({ error: 'invalidParam' }).positive({ error: 'invalidParam' }))
        .max(500, { error: 'invalidParam' }),
    ),
});

export const onlineTerminals = z.object({
  userId: z.number().int(),
  terminals: z.array(z.union([z.literal(Terminal.WEB), z.literal(Terminal.APP)])),
});
export type OnlineTerminals = z.infer<typeof onlineTerminals>;
