/**
 * Typed database schema. Column names are snake_case; booleans are integers 0/1
 * and times are epoch milliseconds (bigint), so both SQLite and PostgreSQL agree.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  MessagePinClocksTable,
  MessagePinsTable,
  MessageReactionsTable,
  ReactionPendingTable,
} from './schema-message-changes.js';

export type { MessagePinClocksTable, MessagePinsTable, MessageReactionsTable, ReactionPendingTable };

export interface UsersTable {
  id: Generated<number>;
  /** Stored lowercased; unique. */
  user_name: string;
  /**
   * UTS #39 skeleton of user_name (services/name-skeleton.ts); unique, so no two names
   * look alike. Null for rows written outside the server, and for a name confusable
   * with an older one when migration 0019 backfilled.
   */
  user_name_skeleton: ColumnType<string | null, string | null | undefined, string | null>;
  nick_name: string;
  head_image: string;
  head_image_thumb: string;
  sex: number;
  /** 1 once the user chose a gender (sex alone cannot say "never chose"). */
  sex_set: Generated<number>;
  signature: string;
  /** UserType: 1 normal, 2 trial. */
  type: number;
  password_hash: string;
  is_banned: number;
  ban_reason: string;
  deleted: number;
  /** Bumped to invalidate every access token of the user at once. */
  token_version: number;
  created_at: number;
  last_online_at: number | null;
  /** 1: friends who also show theirs see my last seen (migration 0024). */
  show_last_seen: ColumnType<number, number | undefined, number>;
  /** "Require my approval to add me": 1 on, 0 off, null = the operator's default (migration 0025). */
  friend_consent: ColumnType<number | null, number | null | undefined, number | null>;
  /** System stream read position: notifications with seq_no ≤ this are READED; only moves forward. */
  system_readed_seq: ColumnType<number, number | undefined, number>;
  /** 1: may use the moderation console (OPERATOR_USERNAMES or `npm run operator`). */
  is_operator: ColumnType<number, number | undefined, number>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  terminal: number;
  /** One login = one session; rotation keeps the session id, access tokens carry it as `sid`. */
  session_id: string;
  /** sha256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
  /** sha256 of the token that replaced this one by rotation; null while live or when revoked otherwise. */
  replaced_by: string | null;
}

/** One row per direction: `user_id`'s entry for `friend_id`. */
export interface FriendsTable {
  id: Generated<number>;
  user_id: number;
  friend_id: number;
  remark: string;
  is_dnd: number;
  /** When the owner pinned this chat to the top (ms; 0 = not pinned; migration 0026). */
  pinned_at: Generated<number>;
  created_at: number;
}

/** `user_id` has blocked `to_user_id`. */
export interface BlacklistTable {
  id: Generated<number>;
  user_id: number;
  to_user_id: number;
  created_at: number;
}

export interface ComplaintsTable {
  id: Generated<number>;
  user_id: number;
  /** ComplaintTargetType: 1 user, 2 group. */
  target_type: number;
  target_id: number;
  target_name: string;
  /** ComplaintType. */
  type: number;
  /** JSON array of root-relative upload URLs. */
  images: string;
  content: string;
  /** ComplaintStatus: 0 pending, 1 resolved, 2 rejected. */
  status: number;
  resolution: string;
  created_at: number;
  resolved_at: number | null;
}

export interface PrivateMessagesTable {
  /** Ascending: the offline-pull cursor. */
  id: Generated<number>;
  /** The sender's idempotency key; null for server-made messages (tips). */
  tmp_id: string | null;
  send_id: number;
  recv_id: number;
  type: number;
  content: string;
  /** MessageStatus. */
  status: number;
  send_time: number;
  quote_message_id: number | null;
  /** 1 when the sender forwarded it (migration 0015); inserts may leave it out. */
  forwarded: ColumnType<number, number | undefined, number>;
  /** Epoch ms of the last edit, null if never edited (migration 0020); inserts may leave it out. */
  edited_time: ColumnType<number | null, number | null | undefined, number | null>;
  /** The attached link preview's wire JSON, null: none (migration 0023); inserts may leave it out. */
  link_preview: ColumnType<string | null, string | null | undefined, string | null>;
  /** The reaction summary JSON as of `react_time`, null: none ever (migration 0021); inserts may leave it out. */
  reactions: ColumnType<string | null, string | null | undefined, string | null>;
  /** Time of the last REACTION notice of this message (strictly increasing), null if none (migration 0021). */
  react_time: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  head_image: string;
  head_image_thumb: string;
  notice: string;
  /** Everyone but the owner and admins is muted. */
  is_muted: number;
  /** Members may not add each other as friends through this group. */
  forbid_add_friend: number;
  /** Every member may pin messages (migration 0022); otherwise owner and admins. */
  pin_by_members: Generated<number>;
  is_banned: number;
  ban_reason: string;
  dissolved: number;
  created_at: number;
}

/** One row per (group, user), kept after they leave (quit = 1) for their window on the stream. */
export interface GroupMembersTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  remark_nick_name: string;
  remark_group_name: string;
  is_manager: number;
  is_muted: number;
  is_dnd: number;
  /** When the member pinned the group's chat to the top (ms; 0 = not pinned; migration 0026). */
  pinned_at: Generated<number>;
  quit: number;
  /** Group messages with a larger id are this member's. */
  joined_at_id: number;
  /** After leaving: the last id they may see. */
  quit_at_id: number | null;
  /** After leaving: the group as they saw it then (JSON, services/groups/quit-view.ts). */
  quit_view: string | null;
  read_max_id: number;
  created_at: number;
}

export interface GroupMessagesTable {
  /** One ascending sequence for every group: the group pull cursor. */
  id: Generated<number>;
  tmp_id: string | null;
  group_id: number;
  send_id: number;
  send_nick_name: string;
  type: number;
  content: string;
  status: number;
  send_time: number;
  /** JSON array; [-1] mentions everyone. */
  at_user_ids: string;
  receipt: number;
  receipt_ok: number;
  quote_message_id: number | null;
  /** Group tips only: JSON `{key, params}` of the template (protocol GroupTip); inserts may leave it out. */
  tip: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the sender forwarded it (migration 0015); inserts may leave it out. */
  forwarded: ColumnType<number, number | undefined, number>;
  /** Epoch ms of the last edit, null if never edited (migration 0020); inserts may leave it out. */
  edited_time: ColumnType<number | null, number | null | undefined, number | null>;
  /** The reaction summary JSON as of `react_time`, null: none ever (migration 0021); inserts may leave it out. */
  reactions: ColumnType<string | null, string | null | undefined, string | null>;
  /** Time of the last REACTION notice of this message (strictly increasing), null if none (migration 0021). */
  react_time: ColumnType<number | null, number | null | undefined, number | null>;
  /** The attached link preview's wire JSON, null: none (migration 0023); inserts may leave it out. */
  link_preview: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A page's link preview per URL as asked, for a day (migration 0023). */
export interface LinkPreviewsTable {
  url: string;
  /** The wire LinkPreview as JSON; null: the page had nothing usable. */
  preview: string | null;
  fetched_at: number;
}

/** A live call (docs/CALLS.md §6): `state` is the StoredCall JSON, `version` its compare-and-set counter. */
export interface CallsTable {
  id: string;
  scope: string;
  state: string;
  version: number;
  deadline: number;
  created_at: number;
}

/** A user in (or being rung for) a call: at most one row per user. */
export interface CallUsersTable {
  user_id: number;
  call_id: string;
}

/** A system notification as sent (docs/PROTOCOL.md "System notifications"). */
export interface SystemMessagesTable {
  id: Generated<number>;
  title: string;
  cover_url: string;
  intro: string;
  /** Markdown. */
  content: string;
  /** JSON `{key, params}` (protocol SystemTip) or null. */
  tip: string | null;
  send_time: number;
  /** The operator who sent it; null when the server itself did. */
  sender_id: number | null;
  audience: 'all' | 'users';
  recipients: number;
}

/** One row per recipient: `seq_no` is 1, 2, 3… per user (the system pull cursor). */
export interface SystemInboxTable {
  user_id: number;
  seq_no: number;
  message_id: number;
}

/** A user's copy of a message they keep (issue 10); `message_id` may outlive its message. */
export interface FavouritesTable {
  id: Generated<number>;
  user_id: number;
  /** 'PRIVATE' | 'GROUP'. */
  chat_type: string;
  message_id: number;
  /** MessageType TEXT..CARD. */
  type: number;
  content: string;
  send_id: number;
  send_nick_name: string;
  chat_name: string;
  send_time: number;
  created_at: number;
}

/** One operator action (docs/PROTOCOL.md "Moderation console"), written in the action's transaction. */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number;
  action: string;
  /** 'user' | 'group' | 'complaint' | 'system' | 'discover'. */
  target_type: string;
  target_id: number;
  reason: string;
  /** JSON text. */
  detail: string;
  created_at: number;
}

/** A link of the Discover tab. */
export interface DiscoverLinksTable {
  id: Generated<number>;
  title: string;
  icon_url: string;
  url: string;
  description: string;
  sort: number;
  featured: number;
  banner_url: string;
  /** The save-time probe found the page may be framed by another origin. */
  frameable: number;
  created_at: number;
  updated_at: number;
}

/** A session's web push subscription (POST /user/reportCid). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: string;
  terminal: number;
  cid: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** One login session's device (issue 11): user agent at login, last refresh or socket login. */
export interface LoginSessionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: string;
  terminal: number;
  user_agent: string;
  created_at: number;
  last_active_at: number;
}

/** A mailed password reset link, by its token's sha256 (migration 0028). */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  /** Set when the link was used; a used link is refused. */
  used_at: number | null;
  created_at: number;
}

/** Friend requests (migration 0025): one row per ordered pair; status FriendRequestStatus. */
export interface FriendRequestsTable {
  id: Generated<number>;
  from_user_id: number;
  to_user_id: number;
  greeting: string;
  status: number;
  created_at: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  friends: FriendsTable;
  blacklist: BlacklistTable;
  complaints: ComplaintsTable;
  private_messages: PrivateMessagesTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_messages: GroupMessagesTable;
  link_previews: LinkPreviewsTable;
  calls: CallsTable;
  call_users: CallUsersTable;
  favourites: FavouritesTable;
  friend_requests: FriendRequestsTable;
  system_messages: SystemMessagesTable;
  system_inbox: SystemInboxTable;
  audit_log: AuditLogTable;
  discover_links: DiscoverLinksTable;
  push_subscriptions: PushSubscriptionsTable;
  login_sessions: LoginSessionsTable;
  message_pins: MessagePinsTable;
  message_pin_clocks: MessagePinClocksTable;
  message_reactions: MessageReactionsTable;
  reaction_pending: ReactionPendingTable;
  password_resets: PasswordResetsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type FriendRow = Selectable<FriendsTable>;
export type ComplaintRow = Selectable<ComplaintsTable>;
export type PrivateMessageRow = Selectable<PrivateMessagesTable>;
export type GroupRow = Selectable<GroupsTable>;
export type GroupMemberRow = Selectable<GroupMembersTable>;
export type GroupMessageRow = Selectable<GroupMessagesTable>;
export type FavouriteRow = Selectable<FavouritesTable>;
export type SystemMessageRow = Selectable<SystemMessagesTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type DiscoverLinkRow = Selectable<DiscoverLinksTable>;
