/** Groups (wire-contract §5): the group and member shapes, and the management requests. */
import { z } from 'zod';
import { Limits } from '../limits.js';
import { bodyId, charactersIssue, id, mediaUrl, plainText } from './fields.js';
import { cleanMultiline, cleanText, hasForbiddenChars } from '../text.js';

type GroupFieldKey =
  'groupNameBlank' | 'groupNameLength' | 'noticeLength' | 'groupNickNameLength' | 'groupRemarkLength';
const k = (key: GroupFieldKey) => ({ error: key });

/** Group name: 1–20 after trimming, no control, format or bidi characters. */
export const groupName = z
  .string(k('groupNameBlank'))
  .overwrite(cleanText)
  .trim()
  .min(1, k('groupNameBlank'))
  .max(Limits.GROUP_NAME_MAX, k('groupNameLength'))
  .refine(plainText, charactersIssue);
/** Announcement: at most 1024, line breaks allowed. */
export const groupNotice = z
  .string({ error: 'invalidParam' })
  .overwrite(cleanMultiline)
  .trim()
  .max(Limits.ANNOUNCEMENT_MAX, k('noticeLength'))
  .refine((s) => !hasForbiddenChars(s, { newlines: true }), charactersIssue);
/** My display nickname in the group, or my remark for the group: at most 20, empty clears it. */
const shortLabel = (key: 'groupNickNameLength' | 'groupRemarkLength', max: number) =>
  z.string({ error: 'invalidParam' }).overwrite(cleanText).trim().max(max, k(key)).refine(plainText, charactersIssue);
export const groupNickName = shortLabel('groupNickNameLength', Limits.GROUP_NICKNAME_MAX);
export const groupRemark = shortLabel('groupRemarkLength', Limits.GROUP_REMARK_MAX);

/** `Group` as a member sees it (wire-contract §5). */
export const group = z.object({
  id: z.number().int(),
  name: z.string(),
  /** My remark for the group when set, else its name. */
  showGroupName: z.string(),
  headImage: z.string(),
  headImageThumb: z.string(),
  notice: z.string(),
  ownerId: z.number().int(),
  /** My display nickname in the group ('' = my nickname). */
  remarkNickName: z.string(),
  /** My display nickname when set, else my nickname. */
  showNickName: z.string(),
  remarkGroupName: z.string(),
  isMuted: z.boolean(),
  forbidAddFriend: z.boolean(),
  /** Every member may pin messages (off: only the owner and admins; docs/PROTOCOL.md "Pinned messages"). */
  pinByMembers: z.boolean(),
  isDnd: z.boolean(),
  /** When I pinned this group's chat to the top of my chat list (ms; 0 = not pinned; `PUT /group/top`). */
  pinnedAt: z.number().int(),
  /** I am the owner or an admin. */
  isManager: z.boolean(),
  /** My own voice in this group is muted (mute-all does not set it). */
  isMemberMuted: z.boolean(),
  isBanned: z.boolean(),
  reason: z.string(),
  dissolve: z.boolean(),
  /** I left or was removed: the group stays in my list, read-only, as it was when I left. */
  quit: z.boolean(),
  memberCount: z.number().int(),
  createTime: z.number().int(),
  /**
   * The newest message id I have read in this group (`readed` moves it forward; 0 or
   * my join point before any read): lets a terminal whose own read state was lost
   * (a tab closed before it saved) count unread messages again from the server's answer.
   */
  readedMaxId: z.number().int(),
});
export type Group = z.infer<typeof group>;

/** `Member` (wire-contract §5). */
export const groupMember = z.object({
  userId: z.number().int(),
  /** Display nickname in the group when set, else the user's nickname. */
  showNickName: z.string(),
  remarkNickName: z.string(),
  headImage: z.string(),
  headImageThumb: z.string(),
  isOwner: z.boolean(),
  isManager: z.boolean(),
  isMuted: z.boolean(),
  online: z.boolean(),
  quit: z.boolean(),
  /**
   * The group's newest message id when they joined: they received the messages above it
   * (so a receipt message's unread list leaves out those who joined after it).
   */
  joinedAtId: z.number().int(),
});
export type GroupMember = z.infer<typeof groupMember>;

const userIds = z
  .array(bodyId, { error: 'invalidParam' })
  .min(1, { error: 'invalidParam' })
  .max(Limits.INVITE_REMOVE_MAX, { error: 'invalidParam' });

/** POST /group/create: the group's fields, and friends to add at once (an extension: box-im invites after). */
export const groupCreateRequest = z.object({
  name: groupName,
  headImage: mediaUrl.optional(),
  headImageThumb: mediaUrl.optional(),
  notice: groupNotice.optional(),
  friendIds: z
    .array(bodyId, { error: 'invalidParam' })
    .max(Limits.INVITE_REMOVE_MAX, { error: 'invalidParam' })
    .default([]),
});
export type GroupCreateRequest = z.infer<typeof groupCreateRequest>;

/**
 * PUT /group/modify: owner fields (name, headImage, headImageThumb, notice) and my
 * own fields (remarkNickName, remarkGroupName). A field left out is unchanged; an
 * owner field from anyone else but the owner is refused (onlyOwnerEditGroup).
 */
export const groupModifyRequest = z.object({
  id: bodyId,
  name: groupName.optional(),
  headImage: mediaUrl.optional(),
  headImageThumb: mediaUrl.optional(),
  notice: groupNotice.optional(),
  remarkNickName: groupNickName.optional(),
  remarkGroupName: groupRemark.optional(),
});
export type GroupModifyRequest = z.infer<typeof groupModifyRequest>;

export const groupIdParams = z.object({ groupId: id });
export const groupInviteRequest = z.object({ groupId: bodyId, friendIds: userIds });
export const groupUsersRequest = z.object({ groupId: bodyId, userIds });
export const groupDndRequest = z.object({ groupId: bodyId, isDnd: z.boolean({ error: 'invalidParam' }) });
export const groupMutedRequest = z.object({ groupId: bodyId, isMuted: z.boolean({ error: 'invalidParam' }) });
export const groupMembersMutedRequest = z.object({
  groupId: bodyId,
  userIds,
  isMuted: z.boolean({ error: 'invalidParam' }),
});
export const groupForbidAddFriendRequest = z.object({ groupId: bodyId, enabled: z.boolean({ error: 'invalidParam' }) });

/**
 * Group-list sync frames (cmd 4, types 90 new, 91 deleted, 92 updated) to a member's
 * terminals: 90 and 92 carry the whole `Group` (as that member sees it) in `content`
 * (JSON text), 91 the group id. `groupId` names the group. When the change touched
 * members (joined, left or removed, admin, muted, display nickname), `members` holds
 * those members' new entries (`quit` for those who are gone), so a terminal holding the
 * member list patches it instead of loading 3,000 members again.
 */
export const groupSyncMessage = z.object({
  type: z.number().int(),
  groupId: z.number().int(),
  content: z.string(),
  sendTime: z.number().int(),
  members: z.array(groupMember).optional(),
});
export type GroupSyncMessage = z.infer<typeof groupSyncMessage>;
