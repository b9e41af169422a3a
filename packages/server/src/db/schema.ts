/**
 * Typed database schema. Column names are snake_case; booleans are integers 0/1
 * and times are epoch milliseconds (bigint), so both SQLite and PostgreSQL agree.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  /** Stored lowercased; unique. */
  user_name: string;
  nick_name: string;
  head_image: string;
  head_image_thumb: string;
  sex: number;
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
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
