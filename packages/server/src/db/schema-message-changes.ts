/**
 * Tables of the changes to a sent message (issue 21): pinned messages with each chat's pin
 * clock (migration 0022) and reactions with their pending notices (migration 0021).
 * Part of the schema in schema.ts.
 */

/** One pinned message (migration 0022): kind 0 private (chat_key "a-b", a < b), 1 group (chat_key the group id). */
export interface MessagePinsTable {
  kind: number;
  chat_key: string;
  message_id: number;
  pinned_by: number;
  /** The pin's pinTime (epoch ms, strictly increasing per chat). */
  pinned_at: number;
}

/** The last pinTime of each chat that ever had a pin or unpin (migration 0022). */
export interface MessagePinClocksTable {
  kind: number;
  chat_key: string;
  pin_time: number;
}

/** One person's reaction to a message (migration 0021): kind 0 private, 1 group. */
export interface MessageReactionsTable {
  kind: number;
  message_id: number;
  user_id: number;
  emoji: string;
  created_at: number;
}

/** A message whose REACTION notice is still to be stored (migration 0021). */
export interface ReactionPendingTable {
  kind: number;
  message_id: number;
  due_at: number;
  actor_id: number;
  last_user_id: number | null;
  last_emoji: string | null;
}
