/** Route table of spec §2 (hash mode, base /). Only the routes built so far. */
export const Paths = {
  root: '/',
  chat: '/pages/chat/chat',
  chatBox: '/pages/chat/chat-box',
  /** Not in spec §2: search the messages of one chat (`?type=&targetId=`). */
  chatSearch: '/pages/chat/chat-search',
  /** Not in spec §2: a private chat's details and a chat's shared media, files and links (issue 22). */
  chatDetails: '/pages/chat/chat-details',
  chatShared: '/pages/chat/chat-shared',
  friend: '/pages/friend/friend',
  discover: '/pages/discover/discover',
  mine: '/pages/mine/mine',
  login: '/pages/login/login',
  register: '/pages/register/register',
  /** Not in spec §2: "Forgot password?" from login, and the mailed link's page (issue 22 point 9). */
  forgotPassword: '/pages/login/forgot-password',
  resetPassword: '/pages/login/reset-password',
  mineEdit: '/pages/mine/mine-edit',
  minePassword: '/pages/mine/mine-password',
  lang: '/pages/lang/lang',
  externalLink: '/pages/common/external-link',
  discoverExternalLink: '/pages/common/discover-external-link',
  agreement: '/pages/common/agreement',
  privacy: '/pages/common/privacy',
  friendAdd: '/pages/friend/friend-add',
  friendRemark: '/pages/friend/friend-remark',
  /** Not in spec §2: "New friends", the friend requests to and from me (issue 22 point 1). */
  friendRequests: '/pages/friend/friend-requests',
  userInfo: '/pages/common/user-info',
  complaint: '/pages/common/complaint',
  /** Not in spec §2: the user's own complaints and one complaint's state. */
  complaintList: '/pages/common/complaint-list',
  complaintInfo: '/pages/common/complaint-info',
  /** Not in spec §2: the blocklist, reached from mine. */
  blacklist: '/pages/mine/blacklist',
  /** Not in spec §2: the user's favourites, reached from mine. */
  mineFavourites: '/pages/mine/mine-favourites',
  /** Not in spec §2: the account's signed-in devices, reached from mine (issue 11). */
  mineDevices: '/pages/mine/mine-devices',
  /** Not in spec §2: privacy settings ("show my last seen"), reached from mine (issue 22). */
  minePrivacy: '/pages/mine/mine-privacy',
  group: '/pages/group/group',
  groupInfo: '/pages/group/group-info',
  groupEdit: '/pages/group/group-edit',
  groupInvite: '/pages/group/group-invite',
  groupMember: '/pages/group/group-member',
  /** The private voice/video call page (spec §2; docs/CALLS.md §8.3). */
  chatPrivateVideo: '/pages/chat/chat-private-video',
  /** The group voice/video call page (spec §2; docs/CALLS.md §8.5). */
  chatGroupVideo: '/pages/chat/chat-group-video',
  /** The system notifications chat and one notification's content (spec §2). */
  chatSystem: '/pages/chat/chat-system',
  chatSystemContent: '/pages/chat/chat-system-content',
  /** Not in spec §2: the moderation console (operators only; the server checks too). */
  console: '/pages/console/console',
  consoleComplaints: '/pages/console/complaints',
  consoleComplaint: '/pages/console/complaint',
  consoleUsers: '/pages/console/users',
  consoleUser: '/pages/console/user',
  consoleGroups: '/pages/console/groups',
  consoleGroup: '/pages/console/group',
  consoleSystem: '/pages/console/system',
  consoleDiscover: '/pages/console/discover',
  consoleAudit: '/pages/console/audit',
} as const;

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/** Links with the query parameters the pages read. */
export const Links = {
  userInfo: (id: number) => withQuery(Paths.userInfo, { id }),
  friendRemark: (friendId: number) => withQuery(Paths.friendRemark, { friendId }),
  complaint: (target: { targetType: number; targetId: number; targetName: string }) =>
    withQuery(Paths.complaint, target),
  complaintInfo: (id: number) => withQuery(Paths.complaintInfo, { id }),
  groupInfo: (groupId: number) => withQuery(Paths.groupInfo, { groupId }),
  /** Without a group id: create a group. */
  groupEdit: (groupId?: number) => (groupId ? withQuery(Paths.groupEdit, { groupId }) : Paths.groupEdit),
  /** Create a group with this friend already picked (a private chat's details, "+"). */
  groupCreateWith: (friendId: number) => withQuery(Paths.groupEdit, { with: friendId }),
  groupInvite: (groupId: number) => withQuery(Paths.groupInvite, { groupId }),
  groupMember: (groupId: number) => withQuery(Paths.groupMember, { groupId }),
  chatSearch: (type: string, targetId: number) => withQuery(Paths.chatSearch, { type, targetId }),
  systemContent: (id: number) => withQuery(Paths.chatSystemContent, { id }),
  consoleComplaint: (id: number) => withQuery(Paths.consoleComplaint, { id }),
  consoleUser: (id: number) => withQuery(Paths.consoleUser, { id }),
  consoleGroup: (id: number) => withQuery(Paths.consoleGroup, { id }),
  /** A Discover link; `chatIdx` (index in the chat list, -1 for none) is where "back" returns. */
  discoverExternalLink: (url: string, chatIdx = -1) => withQuery(Paths.discoverExternalLink, { url, chatIdx }),
  /** `friend` travels as JSON (box-im passes the whole friend); only its id is trusted. */
  privateCall: (mode: 'voice' | 'video', friend: CallFriend, isHost: boolean) =>
    withQuery(Paths.chatPrivateVideo, { mode, friend: JSON.stringify(friend), isHost: String(isHost) }),
  /** `userInfos` is the JSON list of participants (a 200's content, or the picked members). */
  groupCall: (groupId: number, isHost: boolean, inviterId: number, userInfos: string) =>
    withQuery(Paths.chatGroupVideo, { groupId, isHost: String(isHost), inviterId, userInfos }),
};

/** What a call link carries of the friend. */
export interface CallFriend {
  id: number;
  nickName?: string;
  showNickName?: string;
  headImage?: string;
  headImageThumb?: string;
}

/** The chat box of one chat: `/pages/chat/chat-box?type=PRIVATE&targetId=7`. */
export function chatBoxPath(type: string, targetId: number): string {
  return withQuery(Paths.chatBox, { type, targetId });
}

export type TabKey = 'chat' | 'friend' | 'discover' | 'mine';
export const TABS: readonly TabKey[] = ['chat', 'friend', 'discover', 'mine'];

/** Which tab a path shows; `/` is an alias of the messages tab. */
export function tabOfPath(pathname: string): TabKey | null {
  if (pathname === Paths.root || pathname === '') return 'chat';
  return TABS.find((tab) => Paths[tab] === pathname) ?? null;
}
