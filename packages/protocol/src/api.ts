/**
 * The REST endpoint table (wire-contract §2-§3, §7): one entry per endpoint with
 * its method, path (under API_BASE), inputs and reply data. The server registers
 * routes from it and the web client calls through it, so neither restates a path.
 * Later issues add their endpoints here.
 */
import { z } from 'zod';
import { modifyPasswordRequest, loginRequest, registerRequest, tokenPair } from './schemas/account.js';
import { nothing } from './schemas/common.js';
import { callEndpoints } from './api-calls.js';
import { messageChangeEndpoints } from './api-message-changes.js';
import { favouriteEndpoints } from './api-favourites.js';
import { friendRequestEndpoints } from './api-friend-requests.js';
import { deviceEndpoints } from './api-devices.js';
import { searchEndpoints } from './api-search.js';
import { consoleEndpoints } from './api-console.js';
import { systemEndpoints } from './api-system.js';
import { pushEndpoints } from './api-push.js';
import { passwordEndpoints } from './api-password.js';
import { chatDetailsEndpoints } from './api-chat-details.js';
import { e, type Endpoint } from './api-endpoint.js';
import { systemConfig } from './schemas/config.js';
import { imageUploadResult } from './schemas/file.js';
import { privateMessage } from './schemas/message.js';
import {
  fileUploadResult,
  friendIdOnlyQuery,
  messageIdParams,
  privateHistoryQuery,
  privateSendRequest,
  pullOfflineQuery,
  videoUploadResult,
} from './schemas/private-message.js';
import { id } from './schemas/fields.js';
import {
  blacklistEntry,
  complaint,
  complaintIdQuery,
  complaintPageQuery,
  complaintRequest,
  friend,
  friendDndRequest,
  friendIdParams,
  friendIdQuery,
  friendRemarkRequest,
  userIdQuery,
} from './schemas/friend.js';
import {
  group,
  groupCreateRequest,
  groupDndRequest,
  groupForbidAddFriendRequest,
  groupIdParams,
  groupInviteRequest,
  groupMember,
  groupMembersMutedRequest,
  groupModifyRequest,
  groupMutedRequest,
  groupUsersRequest,
} from './schemas/group.js';
import { groupHistoryQuery, groupMessage, groupMessageQuery, groupSendRequest } from './schemas/group-message.js';
import {
  findByNameQuery,
  onlineTerminals,
  selfUser,
  terminalOnlineQuery,
  user,
  userUpdateRequest,
  userPrivacyRequest,
} from './schemas/user.js';

export const API_BASE = '/api';
export const WS_PATH = '/im';
export const UPLOADS_PATH = '/uploads';
/** Request headers carrying the tokens (wire-contract §1). */
export const ACCESS_TOKEN_HEADER = 'accessToken';
export const REFRESH_TOKEN_HEADER = 'refreshToken';

export type { Endpoint, HttpMethod } from './api-endpoint.js';

export const api = {
  // accounts (§2)
  login: e({ method: 'POST', path: '/login', auth: false, body: loginRequest, reply: tokenPair }),
  refreshToken: e({ method: 'PUT', path: '/refreshToken', auth: false, reply: tokenPair }),
  /** Signs the new account in on its terminal, exactly as a login would (issue 22 point 9). */
  register: e({ method: 'POST', path: '/register', auth: false, body: registerRequest, reply: tokenPair }),
  logout: e({ method: 'POST', path: '/logout', auth: true, reply: nothing }),
  modifyPassword: e({ method: 'PUT', path: '/modifyPwd', auth: true, body: modifyPasswordRequest, reply: nothing }),
  // users (§3)
  userSelf: e({ method: 'GET', path: '/user/self', auth: true, reply: selfUser }),
  userFind: e({ method: 'GET', path: '/user/find/:id', auth: true, params: z.object({ id }), reply: user }),
  userUpdate: e({ method: 'PUT', path: '/user/update', auth: true, body: userUpdateRequest, reply: nothing }),
  userPrivacy: e({ method: 'PUT', path: '/user/privacy', auth: true, body: userPrivacyRequest, reply: nothing }),
  userFindByName: e({
    method: 'GET',
    path: '/user/findByName',
    auth: true,
    query: findByNameQuery,
    reply: z.array(user),
  }),
  userTerminalOnline: e({
    method: 'GET',
    path: '/user/terminal/online',
    auth: true,
    query: terminalOnlineQuery,
    reply: z.array(onlineTerminals),
  }),
  userUpdateOnlineTime: e({ method: 'GET', path: '/user/updateOnlineTime', auth: true, reply: nothing }),
  // friends, blocklist, complaints (§4)
  friendList: e({ method: 'GET', path: '/friend/list', auth: true, reply: z.array(friend) }),
  friendAdd: e({ method: 'POST', path: '/friend/add', auth: true, query: friendIdQuery, reply: nothing }),
  friendFind: e({ method: 'GET', path: '/friend/find/:friendId', auth: true, params: friendIdParams, reply: friend }),
  friendDelete: e({
    method: 'DELETE',
    path: '/friend/delete/:friendId',
    auth: true,
    params: friendIdParams,
    reply: nothing,
  }),
  friendRemark: e({
    method: 'PUT',
    path: '/friend/update/remark',
    auth: true,
    body: friendRemarkRequest,
    reply: nothing,
  }),
  friendDnd: e({ method: 'PUT', path: '/friend/dnd', auth: true, body: friendDndRequest, reply: nothing }),
  blacklistList: e({ method: 'GET', path: '/blacklist/list', auth: true, reply: z.array(blacklistEntry) }),
  blacklistAdd: e({ method: 'POST', path: '/blacklist/add', auth: true, query: userIdQuery, reply: nothing }),
  blacklistRemove: e({ method: 'DELETE', path: '/blacklist/remove', auth: true, query: userIdQuery, reply: nothing }),
  complaintInitiate: e({
    method: 'POST',
    path: '/complaint/initiate',
    auth: true,
    body: complaintRequest,
    reply: nothing,
  }),
  complaintPage: e({
    method: 'GET',
    path: '/complaint/page',
    auth: true,
    query: complaintPageQuery,
    reply: z.array(complaint),
  }),
  complaintInfo: e({ method: 'GET', path: '/complaint/info', auth: true, query: complaintIdQuery, reply: complaint }),
  // private messages (§6)
  privateSend: e({
    method: 'POST',
    path: '/message/private/send',
    auth: true,
    body: privateSendRequest,
    reply: privateMessage,
  }),
  privateRecall: e({
    method: 'DELETE',
    path: '/message/private/recall/:id',
    auth: true,
    params: messageIdParams,
    reply: privateMessage,
  }),
  privatePullOffline: e({
    method: 'GET',
    path: '/message/private/pullOfflineMessage',
    auth: true,
    query: pullOfflineQuery,
    reply: nothing,
  }),
  privateReaded: e({
    method: 'PUT',
    path: '/message/private/readed',
    auth: true,
    query: friendIdOnlyQuery,
    reply: nothing,
  }),
  privateMaxReadedId: e({
    method: 'GET',
    path: '/message/private/maxReadedId',
    auth: true,
    query: friendIdOnlyQuery,
    reply: z.number().int(),
  }),
  privateHistory: e({
    method: 'GET',
    path: '/message/private/history',
    auth: true,
    query: privateHistoryQuery,
    reply: z.array(privateMessage),
  }),
  // groups (§5)
  groupCreate: e({ method: 'POST', path: '/group/create', auth: true, body: groupCreateRequest, reply: group }),
  groupModify: e({ method: 'PUT', path: '/group/modify', auth: true, body: groupModifyRequest, reply: group }),
  groupDelete: e({
    method: 'DELETE',
    path: '/group/delete/:groupId',
    auth: true,
    params: groupIdParams,
    reply: nothing,
  }),
  groupFind: e({ method: 'GET', path: '/group/find/:groupId', auth: true, params: groupIdParams, reply: group }),
  groupList: e({ method: 'GET', path: '/group/list', auth: true, reply: z.array(group) }),
  groupInvite: e({ method: 'POST', path: '/group/invite', auth: true, body: groupInviteRequest, reply: nothing }),
  groupMembers: e({
    method: 'GET',
    path: '/group/members/:groupId',
    auth: true,
    params: groupIdParams,
    reply: z.array(groupMember),
  }),
  groupRemoveMembers: e({
    method: 'DELETE',
    path: '/group/members/remove',
    auth: true,
    body: groupUsersRequest,
    reply: nothing,
  }),
  groupQuit: e({ method: 'DELETE', path: '/group/quit/:groupId', auth: true, params: groupIdParams, reply: nothing }),
  groupDnd: e({ method: 'PUT', path: '/group/dnd', auth: true, body: groupDndRequest, reply: nothing }),
  groupAddManagers: e({
    method: 'POST',
    path: '/group/manager/add',
    auth: true,
    body: groupUsersRequest,
    reply: nothing,
  }),
  groupRemoveManagers: e({
    method: 'POST',
    path: '/group/manager/remove',
    auth: true,
    body: groupUsersRequest,
    reply: nothing,
  }),
  groupMuted: e({ method: 'PUT', path: '/group/muted', auth: true, body: groupMutedRequest, reply: nothing }),
  groupMembersMuted: e({
    method: 'PUT',
    path: '/group/members/muted',
    auth: true,
    body: groupMembersMutedRequest,
    reply: nothing,
  }),
  groupForbidAddFriend: e({
    method: 'PUT',
    path: '/group/forbidAddFriend',
    auth: true,
    body: groupForbidAddFriendRequest,
    reply: nothing,
  }),
  // group messages (§6)
  groupSend: e({
    method: 'POST',
    path: '/message/group/send',
    auth: true,
    body: groupSendRequest,
    reply: groupMessage,
  }),
  groupRecall: e({
    method: 'DELETE',
    path: '/message/group/recall/:id',
    auth: true,
    params: messageIdParams,
    reply: groupMessage,
  }),
  groupPullOffline: e({
    method: 'GET',
    path: '/message/group/pullOfflineMessage',
    auth: true,
    query: pullOfflineQuery,
    reply: nothing,
  }),
  groupReaded: e({
    method: 'PUT',
    path: '/message/group/readed',
    auth: true,
    query: groupMessageQuery,
    reply: nothing,
  }),
  groupFindReadedUsers: e({
    method: 'GET',
    path: '/message/group/findReadedUsers',
    auth: true,
    query: groupMessageQuery,
    reply: z.array(z.number().int()),
  }),
  groupHistory: e({
    method: 'GET',
    path: '/message/group/history',
    auth: true,
    query: groupHistoryQuery,
    reply: z.array(groupMessage),
  }),
  // files and config (§7)
  imageUpload: e({ method: 'POST', path: '/image/upload', auth: true, multipart: true, reply: imageUploadResult }),
  fileUpload: e({ method: 'POST', path: '/file/upload', auth: true, multipart: true, reply: fileUploadResult }),
  videoUpload: e({ method: 'POST', path: '/video/upload', auth: true, multipart: true, reply: videoUploadResult }),
  systemConfig: e({ method: 'GET', path: '/system/config', auth: true, reply: systemConfig }),
  ...messageChangeEndpoints,
  ...callEndpoints,
  ...favouriteEndpoints,
  ...friendRequestEndpoints,
  ...deviceEndpoints,
  ...searchEndpoints,
  ...consoleEndpoints,
  ...systemEndpoints,
  ...pushEndpoints,
  ...passwordEndpoints,
  ...chatDetailsEndpoints,
} as const satisfies Record<string, Endpoint>;

export type Api = typeof api;
export type EndpointName = keyof Api;
export type ReplyOf<N extends EndpointName> = z.infer<Api[N]['reply']>;
export type BodyOf<N extends EndpointName> = Api[N] extends { body: z.ZodType } ? z.input<Api[N]['body']> : never;
export type QueryOf<N extends EndpointName> = Api[N] extends { query: z.ZodType } ? z.input<Api[N]['query']> : never;

/** Fill `:name` path segments. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
