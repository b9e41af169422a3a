/**
 * The error catalogue (spec §8). Every server error carries a stable `key`
 * from here; clients translate by key (locale key `errors.<key>`), never by text.
 * `message` is the English sentence sent in the reply envelope.
 */
import { ReplyCode } from './constants.js';
import { describeRule, isFieldRule } from './validation.js';

interface CatalogueEntry {
  readonly code: ReplyCode;
  readonly message: string;
}

const entry = (code: ReplyCode, message: string): CatalogueEntry => ({ code, message });
const bad = (message: string): CatalogueEntry => entry(ReplyCode.BAD_REQUEST, message);

export const ServerErrors = {
  // accounts
  userNotExist: bad('User does not exist'),
  accountDeleted: entry(ReplyCode.FORBIDDEN, 'This account has been deleted'),
  passwordIncorrect: bad('Incorrect user name or password'),
  oldPasswordIncorrect: bad('Incorrect old password'),
  accountBanned: entry(ReplyCode.FORBIDDEN, 'Your account is banned ({{reason}}), please contact customer service'),
  loginExpired: entry(ReplyCode.UNAUTHORIZED, 'Login expired, please log in again'),
  userNameTaken: bad('This user name is already registered'),
  trialCannotChangePassword: bad('The demo account cannot change its password'),
  newPasswordSameAsOld: bad('The new password must differ from the old one'),
  resetTokenInvalid: bad('This reset link is invalid, used or expired; ask for a new one'),
  resetByOperator: bad('Ask your operator to reset your password'),
  cannotEditOtherUser: bad('You cannot edit other users’ information'),
  // validation (spec §5)
  userNameBlank: bad('Account cannot be blank'),
  userNameFormat: bad('User name must be an e-mail address'),
  userNameLength: bad('User name must be 5-64 characters'),
  userNameMixedScripts: bad('A user name cannot mix letters of different alphabets'),
  userNameConfusable: bad('This user name looks like one that is already registered'),
  passwordBlank: bad('Password cannot be blank'),
  passwordLength: bad('Password must be 5-20 characters'),
  nickNameBlank: bad('Nickname cannot be blank'),
  nickNameLength: bad('Nickname must be at most 20 characters'),
  signatureLength: bad('Signature must be at most 128 characters'),
  /** A field broke a rule: params `field` and `rule` (validation.ts), plus the rule's own slots. */
  invalidParam: bad('Invalid request: {{field}} {{rule}}'),
  // friends and blocklist
  alreadyBlocked: bad('The other party is already on your blocklist'),
  notFriend: bad('The other party is not your friend'),
  cannotAddSelf: bad('You cannot add yourself'),
  addFriendForbiddenInGroup: bad('A group you share with this user does not allow adding each other as contacts'),
  blockedByOther: bad('The other party has blocked you'),
  alreadyFriend: bad('You are already friends'),
  notBlocked: bad('This user is not on your blocklist'),
  cannotBlockSelf: bad('You cannot block yourself'),
  friendRemarkLength: bad('Remark must be at most 20 characters'),
  // friend requests (issue 22 point 1)
  friendGreetingLength: bad('The greeting must be at most 50 characters'),
  friendRequestNotExist: bad('The friend request does not exist'),
  friendRequestNotPending: bad('The friend request was already answered or withdrawn'),
  // complaints
  complaintContentBlank: bad('Please describe the problem'),
  complaintContentLength: bad('The description must be at most 512 characters'),
  complaintImagesTooMany: bad('At most 9 images can be attached'),
  complaintNotExist: bad('The complaint does not exist'),
  cannotReportSelf: bad('You cannot report yourself'),
  // groups
  notGroupMember: bad('You are not a member of the group chat'),
  onlyOwnerDisband: bad('Only the group owner may disband the group'),
  ownerCannotQuit: bad('The owner cannot leave the group, please disband it'),
  noPermissionKick: bad('You have no permission to remove members'),
  cannotRemoveSelf: bad('You cannot remove yourself'),
  groupNotExist: bad('The group does not exist'),
  groupNotJoined: bad('You have not joined the group'),
  inviteFailed: bad('Invitation failed: you are not in the group or some users are not your friends'),
  onlyOwnerOrAdminMute: bad('Only the owner or an admin may mute'),
  onlyOwnerSetAdmin: bad('Only the group owner may set admins'),
  tooManyAdmins: bad('A group can have at most {{max}} admins'),
  groupBanned: entry(ReplyCode.FORBIDDEN, 'This group is banned ({{reason}})'),
  groupDissolved: bad('The group has been dissolved'),
  groupNameBlank: bad('Group name cannot be blank'),
  groupNameLength: bad('Group name must be at most 20 characters'),
  noticeLength: bad('The announcement must be at most 1024 characters'),
  groupNickNameLength: bad('Your group nickname must be at most 20 characters'),
  groupRemarkLength: bad('The group remark must be at most 20 characters'),
  onlyOwnerEditGroup: bad('Only the group owner may change the group name, avatar or announcement'),
  groupFull: bad('The group is full (at most {{max}} members)'),
  notGroupMembers: bad('Some of these users are not members of the group'),
  cannotMuteManager: bad('An admin cannot mute the owner or another admin'),
  groupMutedAll: bad('All members are muted'),
  memberMuted: bad('You have been muted in this group'),
  atAllNotAllowed: bad('Only the owner or an admin may mention everyone'),
  onlyOwnerOrAdminForbid: bad('Only the owner or an admin may change this setting'),
  onlyOwnerMuteAll: bad('Only the group owner may mute all members'),
  // messages
  notFriendCannotSend: bad('You are no longer the other party’s friend, cannot send'),
  blockedCannotSend: bad('The other party has blocked you, cannot send'),
  messageNotExist: bad('The message does not exist'),
  recallNotOwn: bad('This message was not sent by you, cannot recall'),
  recallTimeout: bad('Sent more than 5 minutes ago, cannot recall'),
  editNotOwn: bad('This message was not sent by you, cannot edit'),
  editTimeout: bad('Sent more than {{hours}} hours ago, cannot edit'),
  editNotEditable: bad('Only your own texts and cards can be edited, not forwarded messages or call records'),
  editRecalled: bad('A recalled message cannot be edited'),
  editUnchanged: bad('The message is unchanged'),
  pinsFull: bad('At most {{max}} messages can be pinned in a chat, unpin one first'),
  pinNotAllowed: bad('Only the owner or an admin may pin messages in this group'),
  pinNotPinnable: bad('Only messages can be pinned, not tips or call records'),
  pinRecalled: bad('A recalled message cannot be pinned'),
  linkPreviewNone: bad('This page has nothing to preview'),
  linkPreviewFailed: bad('The page could not be read for a preview'),
  linkPreviewOff: bad('Link previews are switched off on this server'),
  reactionEmojiInvalid: bad('A reaction is one emoji'),
  reactionNotAllowed: bad('This kind of message cannot take reactions'),
  reactionRecalled: bad('A recalled message cannot take reactions'),
  reactionTooMany: bad('This message already has {{max}} different reactions'),
  messageBlank: bad('Cannot send a blank message'),
  messageTooLong: bad('The message is too long (at most 1024 characters)'),
  invalidContent: bad('The message content is not valid for its type'),
  invalidMessageType: bad('This kind of message cannot be sent'),
  coverRequired: bad('Please upload a cover'),
  tmpIdReused: bad('This message id was already used for another message'),
  recipientUnavailable: bad('This user cannot receive messages at the moment'),
  // system notifications
  systemNoRecipients: bad('None of the chosen users can receive notifications'),
  // favourites
  favouritesFull: bad('Favourites are full (at most {{max}}), remove some first'),
  favouriteRecalled: bad('A recalled message cannot be added to favourites'),
  favouriteNotExist: bad('The favourite does not exist'),
  deviceNotExist: bad('This device is not signed in'),
  // files
  fileTooLarge: entry(ReplyCode.TOO_LARGE, 'The file is too large (at most {{maxMb}} MB)'),
  fileTypeNotAllowed: bad('This file type is not allowed'),
  fileMissing: bad('No file was uploaded'),
  imageTooLarge: bad('The image is too large (at most {{maxMp}} megapixels)'),
  invalidMultipart: bad('The upload could not be read'),
  // requests the framework refuses before a route runs
  bodyTooLarge: entry(ReplyCode.TOO_LARGE, 'The request is too large (at most {{maxKb}} KB)'),
  invalidJson: bad('The request body is not valid JSON'),
  unsupportedMediaType: entry(ReplyCode.UNSUPPORTED_MEDIA_TYPE, 'Send the request body as JSON'),
  uriTooLong: entry(ReplyCode.URI_TOO_LONG, 'The request address is too long'),
  headersTooLarge: entry(ReplyCode.HEADERS_TOO_LARGE, 'The request headers are too large'),
  badRequest: bad('The request could not be read'),
  // calls (docs/CALLS.md §4)
  callNotFriend: bad('You can only call your friends'),
  cannotCallSelf: bad('You cannot call yourself'),
  callUserOffline: bad('The other party is not online'),
  callUserBusy: bad('The other party is busy, please try again later'),
  callSelfBusy: bad('You are already in a call'),
  callNotFound: bad('The call has already ended'),
  callOnOtherDevice: bad('This call is taking place on another of your devices'),
  callActionNotAllowed: bad('This cannot be done at this point of the call'),
  callNoInvitees: bad('Choose at least one member to call'),
  callNobodyAvailable: bad('Nobody you chose can take the call now'),
  callChannelFull: bad('At most {{max}} people can be in a call'),
  groupCallExists: bad('A call is already in progress in this group'),
  callNotInvited: bad('You were not invited to this call'),
  callNotJoined: bad('You are not in this call'),
  callOnlyHostCancel: bad('Only the person who started the call can cancel it'),
  // moderation console and Discover
  notOperator: entry(ReplyCode.FORBIDDEN, 'Only operators may use the moderation console'),
  operatorTarget: bad('Operators cannot act on themselves or on another operator'),
  complaintHandled: bad('This complaint has already been handled'),
  discoverLinkNotExist: bad('The link does not exist'),
  // generic
  notFound: entry(ReplyCode.NOT_FOUND, 'Not found'),
  tooManyRequests: entry(ReplyCode.TOO_MANY, 'Too many requests, please slow down'),
  serverBusy: entry(ReplyCode.SERVER_ERROR, 'Server busy, please try again later'),
  serverOverloaded: entry(ReplyCode.UNAVAILABLE, 'The server is overloaded; trying again in {{retryAfter}} s'),
} as const satisfies Record<string, CatalogueEntry>;

export type ServerErrorKey = keyof typeof ServerErrors;
export const SERVER_ERROR_KEYS = Object.keys(ServerErrors) as ServerErrorKey[];

/**
 * Success texts some endpoints send in the reply `message` instead of "success".
 * The reply then also carries `key` (an entry of this map, locale key
 * `success.<key>`) and `params` for the `{{slots}}`, like an error does.
 */
export const SuccessMessages = {
  complaintSubmitted: 'Your complaint was submitted and will be verified within {{hours}} hours',
} as const;
export type SuccessMessageKey = keyof typeof SuccessMessages;

/** Client-side messages of spec §8; each is a locale key `errors.<key>`. */
export const CLIENT_ERROR_KEYS = [
  'networkWeak',
  'copyFailed',
  'originalNotFound',
  'callFailed',
  'callEnded',
  'playbackFailed',
  'recordingFailed',
  'recordingTooShort',
  'recordingNeedsHttps',
  'recordingUnsupported',
  'permissionFailed',
  'notificationPermissionMissing',
  'fileSendFailed',
  'connectionLost',
  'reconnected',
  'forcedOffline',
  'callNonFriend',
  'externalLinkWarning',
  'requestTimeout',
  'requestAborted',
  'socketConnectFailed',
  'socketNotConnected',
  'fileReadError',
  'pageLoadFailed',
  'callRejected',
  'callCancelled',
  'callNotAnswered',
  'callMissed',
  'callHungUp',
  'callAnsweredElsewhere',
  'callRejectedElsewhere',
  'callNeedsHttps',
  'callUnsupported',
  'cameraPermissionDenied',
  'microphonePermissionDenied',
] as const;
export type ClientErrorKey = (typeof CLIENT_ERROR_KEYS)[number];

/**
 * The English sentence of a catalogue entry: `{{name}}` slots filled from params; for
 * `invalidParam` the `rule` slot gets the rule's phrase (validation.ts), not its key.
 */
export function describeServerError(
  key: ServerErrorKey,
  params: Readonly<Record<string, string | number>> = {},
): string {
  const rule = params.rule;
  if (isFieldRule(rule)) {
    return formatCatalogueMessage(ServerErrors[key].message, { ...params, rule: describeRule(rule, params) });
  }
  return formatCatalogueMessage(ServerErrors[key].message, params);
}

/** Fill `{{name}}` slots of a catalogue message. */
export function formatCatalogueMessage(
  template: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
