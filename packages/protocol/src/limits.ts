/** Business constants and limits (spec §9, wire-contract §1-§2). */
export const Limits = {
  USERNAME_MIN: 5,
  USERNAME_MAX: 64,
  PASSWORD_MIN: 5,
  PASSWORD_MAX: 20,
  /** Spec §5 has two readings (20 and 64); the stricter one is enforced. */
  NICKNAME_MAX: 20,
  SIGNATURE_MAX: 128,
  GROUP_NAME_MAX: 20,
  ANNOUNCEMENT_MAX: 1024,
  GROUP_NICKNAME_MAX: 20,
  GROUP_REMARK_MAX: 20,
  FRIEND_REMARK_MAX: 20,
  /** A friend request's greeting (issue 22 point 1), as WeChat's. */
  FRIEND_GREETING_MAX: 50,
  /** Friend requests listed by GET /friend/requests (incoming and outgoing together, newest first). */
  FRIEND_REQUESTS_PAGE: 100,
  TEXT_CONTENT_MAX: 1024,
  /** A voice message's waveform (issue 22 point 8): at most this many bars, each 0..WAVEFORM_LEVEL_MAX. */
  WAVEFORM_BARS_MAX: 64,
  WAVEFORM_LEVEL_MAX: 31,
  AT_USER_IDS_MAX: 20,
  INVITE_REMOVE_MAX: 50,
  GROUP_MEMBERS_MAX: 3000,
  /**
   * Admins of one group besides the owner: the admin picker's maximum (spec §5 leaves
   * it open). The server reads GROUP_ADMINS_MAX and tells clients in /system/config.
   */
  GROUP_ADMINS_MAX: 10,
  COMPLAINT_CONTENT_MAX: 512,
  COMPLAINT_IMAGES_MAX: 9,
  FIND_BY_NAME_MAX: 20,
  /** Shortest findByName query (after trim): one character would list nearly everyone. */
  FIND_BY_NAME_MIN: 2,
  /** System notifications: title 1-64, intro 0-256, Markdown content 1-20,000 characters. */
  SYSTEM_TITLE_MAX: 64,
  SYSTEM_INTRO_MAX: 256,
  SYSTEM_CONTENT_MAX: 20_000,
  /** Chosen recipients of one system notification. */
  SYSTEM_USER_IDS_MAX: 1000,
  /** Favourites a user may keep. */
  FAVOURITES_MAX: 2000,
  /** Default upload cap; the server reads UPLOAD_MAX_BYTES to change it. */
  UPLOAD_MAX_BYTES: 20 * 1024 * 1024,
  WS_FRAME_MAX_BYTES: 64 * 1024,
  /** Thumbnail edge for images and avatars, in pixels. */
  THUMB_MAX_EDGE: 240,
  /** Longest edge of the image viewers get (`originUrl`); the full original is `downloadUrl`. */
  IMAGE_MAX_EDGE: 4096,
  /** Default pixel cap of an uploaded image (IMAGE_MAX_PIXELS on the server), checked before decoding. */
  IMAGE_MAX_PIXELS: 40_000_000,
  /** Login and register attempts per client address and minute (server default). */
  AUTH_RATE_PER_MIN: 20,
} as const;

/** Timings, in milliseconds unless the name says otherwise. */
export const Timing = {
  RECALL_WINDOW_MS: 5 * 60 * 1000,
  /** Default edit window (issue 21); the server reads EDIT_WINDOW_HOURS to change it. */
  EDIT_WINDOW_MS: 48 * 60 * 60 * 1000,
  COMPLAINT_VERIFY_HOURS: 24,
  REQUEST_TIMEOUT_MS: 30_000,
  NETWORK_DEFAULT_TIMEOUT_MS: 60_000,
  HEARTBEAT_MS: 10_000,
  SOCKET_IDLE_CLOSE_MS: 60_000,
  /** A new socket must send its LOGIN frame within this time. */
  SOCKET_LOGIN_TIMEOUT_MS: 10_000,
  RECONNECT_MIN_GAP_MS: 10_000,
  /** After close code 4010 (RESTARTING) the client reconnects within a random 0..this delay, so a node's sockets spread out. */
  RESTART_RECONNECT_JITTER_MS: 3_000,
  USER_RELOAD_RETRY_MS: 5_000,
  PUSH_CID_RETRY_MS: 1_000,
  TIME_TIP_GAP_MS: 600_000,
  ONLINE_REFRESH_MS: 30_000,
  TOAST_MS: 1_500,
  PAGE_SPINNER_DELAY_MS: 200,
  PAGE_LOAD_TIMEOUT_MS: 60_000,
  SWIPER_INTERVAL_MS: 5_000,
  SWIPER_DURATION_MS: 500,
  CALL_RING_TIMEOUT_MS: 30_000,
  CALL_HEARTBEAT_MS: 15_000,
  CALL_DEAD_AFTER_MS: 60_000,
  /** Default token lifetimes, in seconds (wire-contract §2). */
  ACCESS_TOKEN_TTL_S: 1_800,
  REFRESH_TOKEN_TTL_S: 604_800,
  /** A just-rotated refresh token presented again within this time gets the same successor (two tabs at once). */
  REFRESH_GRACE_S: 30,
} as const;

/**
 * The frame budget of one socket (docs/PROTOCOL.md "Rate limits"): a token bucket,
 * full when the socket opens. A frame costs 1 token, a TYPING frame TYPING_COST; the
 * first frame the bucket cannot pay closes the socket with 4008 at once. The web
 * client keeps its typing frames within a bucket of its own (TYPING_BURST,
 * TYPING_PER_SECOND) that costs a small share of this one, so the rest holds its
 * login, heartbeats and any bunching of frames on the way: no use of the app trips it.
 */
export const SocketBudget = {
  /** Tokens of a full bucket: frames a socket may send at once. */
  BURST: 30,
  /** Tokens back per second, up to BURST. */
  PER_SECOND: 2,
  /** A typing frame's cost: its throttle (Typing) makes it cheap to handle. */
  TYPING_COST: 0.2,
  /** The web client's typing frames: at most this many at once… */
  TYPING_BURST: 20,
  /** …and this many a second after that. */
  TYPING_PER_SECOND: 1,
} as const;

export const CHAT_LIST_INITIAL_SIZE = 15;
export const IMAGE_ZOOM = { MIN: 1, MAX: 4 } as const;
export const WEBRTC_MAX_CHANNEL_DEFAULT = 9;
