/**
 * Every number of spec §3 and wire-contract §1/§9. Server and web import these;
 * a number that travels on the wire is defined here and nowhere else.
 */

/** Message type numbers (spec §3). */
export const MessageType = {
  TEXT: 0,
  IMAGE: 1,
  FILE: 2,
  AUDIO: 3,
  VIDEO: 4,
  CARD: 5,
  RECALL: 10,
  READED: 11,
  RECEIPT: 12,
  /** An edit of a stored message (docs/PROTOCOL.md "Edit"): content is `EditNotice` JSON. */
  EDIT: 13,
  /** A message's reactions changed (issue 21 point 2, docs/PROTOCOL.md "Reactions"): content is `ReactionNotice` JSON. */
  REACTION: 14,
  /** A message was pinned or unpinned (issue 21 point 3, docs/PROTOCOL.md "Pinned messages"): content is `PinNotice` JSON. */
  PIN: 15,
  TIP_TIME: 20,
  TIP_TEXT: 21,
  /** A group's new announcement as a card in the chat (issue 22 point 4): `content` the text, sent by who changed it. */
  GROUP_ANNOUNCEMENT: 22,
  LOADING: 30,
  ACT_RT_VOICE: 40,
  ACT_RT_VIDEO: 41,
  USER_BANNED: 50,
  SYSTEM_MESSAGE: 53,
  USER_UNREG: 54,
  /** Favourites sync to a user's terminals (docs/PROTOCOL.md, Favourites). */
  FAVOURITE_NEW: 70,
  FAVOURITE_DEL: 71,
  /** Friend-list sync to a user's terminals (wire-contract §4). */
  FRIEND_NEW: 80,
  FRIEND_DEL: 81,
  FRIEND_UPDATE: 82,
  /** A friend request changed (issue 22 point 1, docs/PROTOCOL.md "Friend requests"): content is the `FriendRequest` JSON. Never stored. */
  FRIEND_REQUEST: 83,
  /** Group-list sync to a user's terminals (wire-contract §5). */
  GROUP_NEW: 90,
  GROUP_DEL: 91,
  GROUP_UPDATE: 92,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

/** Inclusive type ranges (spec §3). */
export const MessageTypeRange = {
  NORMAL: [0, 9],
  STATUS: [10, 19],
  TIP: [20, 29],
  ACTION: [40, 49],
  FAVOURITE_SYNC: [70, 79],
  FRIEND_SYNC: [80, 89],
  GROUP_SYNC: [90, 99],
  PRIVATE_CALL: [100, 199],
  GROUP_CALL: [200, 299],
} as const;

type Range = readonly [number, number];
const inRange = (type: number, [lo, hi]: Range): boolean => type >= lo && type <= hi;
export const isNormalType = (t: number): boolean => inRange(t, MessageTypeRange.NORMAL);
export const isStatusType = (t: number): boolean => inRange(t, MessageTypeRange.STATUS);
export const isTipType = (t: number): boolean => inRange(t, MessageTypeRange.TIP);
export const isActionType = (t: number): boolean => inRange(t, MessageTypeRange.ACTION);
export const isFavouriteSyncType = (t: number): boolean => inRange(t, MessageTypeRange.FAVOURITE_SYNC);
export const isPrivateCallType = (t: number): boolean => inRange(t, MessageTypeRange.PRIVATE_CALL);
export const isGroupCallType = (t: number): boolean => inRange(t, MessageTypeRange.GROUP_CALL);

/** Private call signals 100-109, in spec order. */
export const PrivateCallSignal = {
  SETUP_VOICE: 100,
  SETUP_VIDEO: 101,
  ACCEPT: 102,
  REJECT: 103,
  CANCEL: 104,
  FAILED: 105,
  HANDUP: 106,
  OFFER: 107,
  ANSWER: 108,
  CANDIDATE: 109,
} as const;
export type PrivateCallSignal = (typeof PrivateCallSignal)[keyof typeof PrivateCallSignal];

/** Group call signals 200-211, in spec order. */
export const GroupCallSignal = {
  SETUP: 200,
  ACCEPT: 201,
  REJECT: 202,
  FAILED: 203,
  CANCEL: 204,
  QUIT: 205,
  INVITE: 206,
  JOIN: 207,
  OFFER: 208,
  ANSWER: 209,
  CANDIDATE: 210,
  DEVICE: 211,
} as const;
export type GroupCallSignal = (typeof GroupCallSignal)[keyof typeof GroupCallSignal];

/** Terminals: an installed PWA or a native shell is APP. */
export const Terminal = { WEB: 0, APP: 1 } as const;
export type Terminal = (typeof Terminal)[keyof typeof Terminal];
export const TERMINALS: readonly Terminal[] = [Terminal.WEB, Terminal.APP];

export const MessageStatus = { UNSEND: 0, SENDED: 1, RECALL: 2, READED: 3 } as const;
export type MessageStatus = (typeof MessageStatus)[keyof typeof MessageStatus];

export const UserState = { OFFLINE: 0, FREE: 1, BUSY: 2 } as const;
export type UserState = (typeof UserState)[keyof typeof UserState];

/** WebSocket commands (wire-contract §9). */
export const Cmd = {
  LOGIN: 0,
  HEARTBEAT: 1,
  FORCE_LOGOUT: 2,
  PRIVATE_MESSAGE: 3,
  GROUP_MESSAGE: 4,
  SYSTEM_MESSAGE: 5,
  /** Typing indicator, both directions, never stored (docs/PROTOCOL.md "Typing"). */
  TYPING: 6,
} as const;
export type Cmd = (typeof Cmd)[keyof typeof Cmd];

/** Chat kinds of the chat list (spec §3). */
export const ChatType = { PRIVATE: 'PRIVATE', GROUP: 'GROUP', SYSTEM: 'SYSTEM' } as const;
export type ChatType = (typeof ChatType)[keyof typeof ChatType];

/** User kind: 1 normal, 2 the public trial account. */
export const UserType = { NORMAL: 1, TRIAL: 2 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** sex field: 0 male, 1 female. */
export const Sex = { MALE: 0, FEMALE: 1 } as const;
export type Sex = (typeof Sex)[keyof typeof Sex];

/** Reply codes of the REST envelope; the HTTP status mirrors them. */
export const ReplyCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY: 429,
  HEADERS_TOO_LARGE: 431,
  SERVER_ERROR: 500,
  /** Load shed before any work (issue 12): nothing was done, the same request may be sent again after `Retry-After`. */
  UNAVAILABLE: 503,
} as const;
export type ReplyCode = (typeof ReplyCode)[keyof typeof ReplyCode];

/** Socket close codes. 3099 is the spec's banned/unregistered close. */
export const CloseCode = {
  NORMAL: 1000,
  /** The server is shutting down (or restarting): clients show "connecting", no lost/reconnected notice. */
  GOING_AWAY: 1001,
  BANNED_OR_UNREG: 3099,
  /** The server rejects the login frame (bad or expired token). */
  AUTH_FAILED: 4001,
  /** Another socket logged in on the same terminal. */
  REPLACED: 4002,
  /** No frame for the idle limit. */
  IDLE: 4003,
  /** A frame that is not valid protocol. */
  BAD_FRAME: 4004,
  /** More frames than the per-socket budget (a heartbeat flood); the client reconnects after its usual gap. */
  TOO_MANY_FRAMES: 4008,
  /**
   * The node is restarting (a drain on SIGTERM, issue 23 point 5): reconnect now, after a
   * random delay within Timing.RESTART_RECONNECT_JITTER_MS (the balancer sends the socket
   * to another node); no "connection lost" notice, no logout.
   */
  RESTARTING: 4010,
} as const;

/** Client-side runtime codes of spec §8. */
export const RuntimeCode = {
  REQUEST_TIMEOUT: 5,
  NETWORK_FAILURE: 5,
  REQUEST_ABORTED: 600003,
  UPLOAD_DOWNLOAD_FAILURE: 602001,
  SOCKET_CONNECT_FAILURE: 600009,
  SOCKET_NOT_CONNECTED: 10002,
} as const;

/** Complaint target and reason kinds (wire-contract §4). */
export const ComplaintTargetType = { USER: 1, GROUP: 2 } as const;
export const ComplaintType = { HARASSMENT: 1, FRAUD: 2, HARMFUL: 3, OTHER: 99 } as const;
export const ComplaintStatus = { PENDING: 0, RESOLVED: 1, REJECTED: 2 } as const;

/** App identity shown on the mine screen (spec §1). */
export const APP_VERSION = '1.0.01';
export const APP_VERSION_CODE = 1001;
