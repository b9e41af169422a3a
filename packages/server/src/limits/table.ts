/**
 * Default request limits per endpoint (issue 7): a budget per signed-in user and one
 * per client address, each `[points, seconds]`. Chosen so a heavy human user never
 * meets them (hundreds of messages an hour, a chat opened every second), while a
 * script is stopped within seconds. Every endpoint of the protocol table has a row;
 * RATE_LIMITS (JSON, same shape, merged over these) changes any of them.
 */
import { SocketBudget, type EndpointName } from '@parley/protocol';

export type Budget = readonly [points: number, seconds: number];
/** One socket's frames: a bucket of `burst` tokens, `perSecond` back; a frame costs 1, a TYPING frame `typingCost`. */
export interface FrameBudget {
  readonly burst: number;
  readonly perSecond: number;
  readonly typingCost: number;
}
export interface EndpointLimit {
  /** Per signed-in user (auth endpoints only). */
  user?: Budget;
  /** Per client address (a NAT may hide many users: kept wider). */
  address: Budget;
}

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Reads: cheap, but a loop over them is a scrape. */
const read: EndpointLimit = { user: [300, MIN], address: [1200, MIN] };
/** Small settings a person changes now and then. */
const setting: EndpointLimit = { user: [120, HOUR], address: [600, HOUR] };
/** Uploads, counted per request; bytes per day are a separate budget (UPLOAD_BYTES_PER_DAY). */
const upload: EndpointLimit = { user: [500, DAY], address: [2000, DAY] };
/** Call actions: accept, reject, cancel, handup, failed, join, quit, invite. */
const callAction: EndpointLimit = { user: [60, MIN], address: [600, MIN] };
/** Offer, answer, heartbeat, device and call info reads. */
const callSignal: EndpointLimit = { user: [120, MIN], address: [1200, MIN] };

/** A moderation decision (ban, resolve…): an operator clears a queue quickly, a script does not. */
const consoleAction: EndpointLimit = { user: [120, MIN], address: [600, MIN] };

export const DEFAULT_LIMITS: Record<EndpointName, EndpointLimit> = {
  // accounts: login and register also follow AUTH_RATE_PER_MIN per address; login has a per-account backoff.
  login: { address: [20, MIN] },
  register: { address: [20, MIN] },
  refreshToken: { address: [120, MIN] },
  logout: { user: [30, MIN], address: [300, MIN] },
  modifyPassword: { user: [10, HOUR], address: [60, HOUR] },
  // password recovery: the mail budget per account is DEFAULT_EXTRA_LIMITS.resetMailsPerAccount (the reply never tells)
  passwordRecovery: { address: [600, MIN] },
  passwordForgot: { address: [20, HOUR] },
  passwordReset: { address: [30, HOUR] },
  // users
  userSelf: read,
  userFind: read,
  userUpdate: setting,
  userPrivacy: setting,
  userFindByName: { user: [30, MIN], address: [120, MIN] },
  userTerminalOnline: { user: [60, MIN], address: [600, MIN] },
  userUpdateOnlineTime: { user: [30, MIN], address: [600, MIN] },
  // web push registration: a page load reports once; a retry loop every second is stopped
  userReportCid: { user: [30, MIN], address: [300, MIN] },
  userRemoveCid: { user: [30, MIN], address: [300, MIN] },
  userPushKey: read,
  // friends, blocklist, complaints
  friendList: { user: [60, MIN], address: [600, MIN] },
  friendAdd: { user: [60, HOUR], address: [300, HOUR] },
  friendFind: read,
  friendDelete: { user: [60, HOUR], address: [300, HOUR] },
  friendRemark: setting,
  friendDnd: setting,
  // friend requests: a person asks a few people a day; each request reaches someone who did not ask for it.
  friendRequest: { user: [60, DAY], address: [300, DAY] },
  friendRequests: { user: [60, MIN], address: [600, MIN] },
  friendRequestAccept: { user: [120, HOUR], address: [600, HOUR] },
  friendRequestDecline: { user: [120, HOUR], address: [600, HOUR] },
  friendRequestCancel: { user: [120, HOUR], address: [600, HOUR] },
  blacklistList: { user: [60, MIN], address: [600, MIN] },
  blacklistAdd: { user: [60, HOUR], address: [300, HOUR] },
  blacklistRemove: { user: [60, HOUR], address: [300, HOUR] },
  complaintInitiate: { user: [20, HOUR], address: [100, HOUR] },
  complaintPage: read,
  complaintInfo: read,
  // private messages: 120 a minute is two a second, sustained; forwarding to 9 chats is 9.
  privateSend: { user: [120, MIN], address: [1200, MIN] },
  privateRecall: { user: [30, MIN], address: [300, MIN] },
  // edits: a person fixes a typo now and then; a script rewriting history is stopped.
  privateEdit: { user: [60, MIN], address: [600, MIN] },
  // pins: a person pins a few messages; each one stores and pushes two messages.
  privatePin: { user: [30, MIN], address: [300, MIN] },
  privateUnpin: { user: [30, MIN], address: [300, MIN] },
  privatePins: { user: [60, MIN], address: [600, MIN] },
  // link previews: the composer asks once per link typed (debounced); each miss fetches a page.
  linkPreview: { user: [30, MIN], address: [120, MIN] },
  // reactions: a lively chat is a tap a second; the who-reacted list is a page a second.
  privateReact: { user: [120, MIN], address: [1200, MIN] },
  privateReactions: { user: [60, MIN], address: [600, MIN] },
  privatePullOffline: { user: [30, MIN], address: [300, MIN] },
  privateReaded: { user: [300, MIN], address: [1200, MIN] },
  privateMaxReadedId: read,
  privateHistory: read,
  // groups: settings a person changes now and then; membership changes in bulk (50 a call)
  groupCreate: { user: [30, HOUR], address: [300, HOUR] },
  groupModify: setting,
  groupDelete: { user: [30, HOUR], address: [300, HOUR] },
  groupFind: read,
  groupList: { user: [60, MIN], address: [600, MIN] },
  groupInvite: { user: [120, HOUR], address: [600, HOUR] },
  groupMembers: read,
  groupRemoveMembers: { user: [120, HOUR], address: [600, HOUR] },
  groupQuit: { user: [60, HOUR], address: [300, HOUR] },
  groupDnd: setting,
  groupAddManagers: setting,
  groupRemoveManagers: setting,
  groupMuted: setting,
  groupMembersMuted: setting,
  groupForbidAddFriend: setting,
  groupPinByMembers: setting,
  // chat details (issue 22 point 4): pinning a chat is a setting; a shared-content page is a costly read
  // (a tab switch or a scroll of the grid is a page).
  friendTop: setting,
  groupTop: setting,
  privateShared: { user: [60, MIN], address: [600, MIN] },
  groupShared: { user: [60, MIN], address: [600, MIN] },
  // group messages: as private ones
  groupSend: { user: [120, MIN], address: [1200, MIN] },
  groupRecall: { user: [30, MIN], address: [300, MIN] },
  groupEdit: { user: [60, MIN], address: [600, MIN] },
  groupPin: { user: [30, MIN], address: [300, MIN] },
  groupUnpin: { user: [30, MIN], address: [300, MIN] },
  groupPins: { user: [60, MIN], address: [600, MIN] },
  groupReact: { user: [120, MIN], address: [1200, MIN] },
  groupReactions: { user: [60, MIN], address: [600, MIN] },
  groupPullOffline: { user: [30, MIN], address: [300, MIN] },
  groupReaded: { user: [300, MIN], address: [1200, MIN] },
  groupFindReadedUsers: read,
  groupHistory: read,
  // system notifications: as group messages (one pull per socket login, a read each time the list opens)
  systemPullOffline: { user: [30, MIN], address: [300, MIN] },
  systemContent: read,
  systemReaded: { user: [300, MIN], address: [1200, MIN] },
  systemMaxReadedSeqNo: read,
  // files and config
  imageUpload: upload,
  fileUpload: upload,
  videoUpload: upload,
  systemConfig: read,
  // calls (docs/CALLS.md §9): a call page sends a heartbeat every 15 s and a burst of candidates at start.
  privateCallSetup: { user: [20, MIN], address: [200, MIN] },
  privateCallAccept: callAction,
  privateCallReject: callAction,
  privateCallCancel: callAction,
  privateCallHandup: callAction,
  privateCallFailed: callAction,
  privateCallOffer: callSignal,
  privateCallAnswer: callSignal,
  privateCallCandidate: { user: [1200, MIN], address: [6000, MIN] },
  privateCallHeartbeat: callSignal,
  privateCallInfo: callSignal,
  currentCall: callSignal,
  groupCallSetup: { user: [20, MIN], address: [200, MIN] },
  groupCallAccept: callAction,
  groupCallReject: callAction,
  groupCallFailed: callAction,
  groupCallJoin: callAction,
  groupCallCancel: callAction,
  groupCallQuit: callAction,
  groupCallInvite: callAction,
  groupCallOffer: callSignal,
  groupCallAnswer: callSignal,
  groupCallCandidate: { user: [1200, MIN], address: [6000, MIN] },
  groupCallDevice: callSignal,
  groupCallHeartbeat: callSignal,
  groupCallInfo: callSignal,
  // moderation console (operators only): paging a queue is a read; each action is one decision.
  consoleComplaints: read,
  consoleComplaint: read,
  consoleComplaintResolve: consoleAction,
  consoleUsers: read,
  consoleUser: read,
  consoleUserBan: consoleAction,
  consoleUserUnban: consoleAction,
  consoleUserDelete: consoleAction,
  consoleUserResetPassword: consoleAction,
  consoleGroups: read,
  consoleGroup: read,
  consoleGroupBan: consoleAction,
  consoleGroupUnban: consoleAction,
  // One notification to everyone writes a row per user: a few a minute is plenty.
  consoleSystemSend: { user: [10, MIN], address: [30, MIN] },
  consoleSystemList: read,
  consoleAudit: read,
  // Saving probes the link's URL (an outbound request, 3 s at most).
  consoleDiscoverSave: { user: [30, MIN], address: [120, MIN] },
  consoleDiscoverDelete: consoleAction,
  consoleDiscoverReorder: consoleAction,
  discoverLinks: read,
  // favourites: saving is a tap per message; the list pages as the user scrolls.
  favouriteAdd: { user: [120, MIN], address: [1200, MIN] },
  // the list with a keyword reads up to the whole collection (2,000): fewer than a plain read.
  favouriteList: { user: [120, MIN], address: [1200, MIN] },
  favouriteDelete: { user: [120, MIN], address: [1200, MIN] },
  // search: a costly read (an index scan per keystroke pause); the client waits for a pause in typing.
  messageSearch: { user: [60, MIN], address: [600, MIN] },
  // devices: the list opens from Mine; signing a device out is rare (each ends a session).
  deviceList: read,
  deviceSignOut: { user: [30, MIN], address: [300, MIN] },
};

/** Other budgets that are not one endpoint's. */
export const DEFAULT_EXTRA_LIMITS = {
  /** Bytes uploaded per user and day, all upload endpoints together. */
  uploadBytesPerDay: 2 * 1024 ** 3,
  /** Socket frames per connection: a token bucket (protocol SocketBudget, which the web client sizes its typing frames by). */
  socketFrames: {
    burst: SocketBudget.BURST,
    perSecond: SocketBudget.PER_SECOND,
    typingCost: SocketBudget.TYPING_COST,
  } as FrameBudget,
  /** Failed logins of one account before each further try waits (1 s, 2 s, 4 s … up to loginBackoffMaxS). */
  loginFreeFailures: 5,
  loginBackoffMaxS: 600,
  /** Reset mails per account and hour, counted by the name asked for; past it the reply is the same and no mail goes. */
  resetMailsPerAccount: [3, HOUR] as Budget,
};

export type LimitTable = Record<EndpointName, EndpointLimit>;

const isBudget = (v: unknown): v is Budget =>
  Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n) && n >= 0) && (v[1] as number) > 0;

/**
 * The table with RATE_LIMITS merged over the defaults, e.g.
 * `{"privateSend":{"user":[300,60]},"fileUpload":{"address":[5000,86400]}}`. A budget of 0 points switches that check off.
 */
export function limitTable(raw: string | undefined, authRatePerMin: number): LimitTable {
  const table: LimitTable = { ...DEFAULT_LIMITS };
  table.login = { address: [authRatePerMin, MIN] };
  table.register = { address: [authRatePerMin, MIN] };
  if (!raw) return table;
  const parsed: unknown = JSON.parse(raw);
  if (!parsed || typeof parsed !== 'object') throw new Error('RATE_LIMITS must be a JSON object');
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!Object.hasOwn(table, name)) throw new Error(`RATE_LIMITS: unknown endpoint "${name}"`);
    const entry = { ...table[name as EndpointName] };
    for (const [scope, budget] of Object.entries((value ?? {}) as Record<string, unknown>)) {
      if ((scope !== 'user' && scope !== 'address') || !isBudget(budget)) {
        throw new Error(`RATE_LIMITS.${name}.${scope} must be [points, seconds]`);
      }
      entry[scope] = budget;
    }
    table[name as EndpointName] = entry;
  }
  return table;
}
