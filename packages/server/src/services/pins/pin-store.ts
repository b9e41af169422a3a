/**
 * The pin rows of both chat kinds (migration 0022) and the per-chat pin clock.
 * Callers hold the chat's write order (the users' serializer or the group stream),
 * so the count, the clock and the insert of one chat never interleave.
 */
import type { Kysely } from 'kysely';
import { isNormalType, MessageStatus } from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';

export const PinKind = { PRIVATE: 0, GROUP: 1 } as const;
export type PinKind = (typeof PinKind)[keyof typeof PinKind];

/** A private chat's key: the two user ids, smaller first. */
export const privateChatKey = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);
export const groupChatKey = (groupId: number): string => String(groupId);

/** A message that may be pinned: a stored normal message (types 0-9) not recalled. */
export function assertPinnable(row: { type: number; status: number }): void {
  if (!isNormalType(row.type)) throw new AppError('pinNotPinnable');
  if (row.status === MessageStatus.RECALL) throw new AppError('pinRecalled');
}

export function findPin(db: Kysely<Database>, kind: PinKind, messageId: number) {
  return db
    .selectFrom('message_pins')
    .selectAll()
    .where('kind', '=', kind)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

export async function countPins(db: Kysely<Database>, kind: PinKind, chatKey: string): Promise<number> {
  const row = await db
    .selectFrom('message_pins')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', kind)
    .where('chat_key', '=', chatKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The chat's last pinTime (0: never pinned). */
export async function lastPinTime(db: Kysely<Database>, kind: PinKind, chatKey: string): Promise<number> {
  const row = await db
    .selectFrom('message_pin_clocks')
    .select('pin_time')
    .where('kind', '=', kind)
    .where('chat_key', '=', chatKey)
    .executeTakeFirst();
  return Number(row?.pin_time ?? 0);
}

/** The next pinTime of the chat, strictly above every earlier one however the clock moves, and stored. */
export async function nextPinTime(db: Kysely<Database>, kind: PinKind, chatKey: string, now: number) {
  const pinTime = Math.max(now, (await lastPinTime(db, kind, chatKey)) + 1);
  await db
    .insertInto('message_pin_clocks')
    .values({ kind, chat_key: chatKey, pin_time: pinTime })
    .onConflict((oc) => oc.columns(['kind', 'chat_key']).doUpdateSet({ pin_time: pinTime }))
    .execute();
  return pinTime;
}

/** The chat's pins, newest first. */
export function listPins(db: Kysely<Database>, kind: PinKind, chatKey: string) {
  return db
    .selectFrom('message_pins')
    .selectAll()
    .where('kind', '=', kind)
    .where('chat_key', '=', chatKey)
    .orderBy('pinned_at', 'desc')
    .execute();
}

/** A recalled message leaves the pins (no PIN message: the clients drop it on RECALL). */
export async function dropPin(db: Kysely<Database>, kind: PinKind, messageId: number): Promise<void> {
  await db.deleteFrom('message_pins').where('kind', '=', kind).where('message_id', '=', messageId).execute();
}

/** The list's entries: each pin with its message as the reader sees it, newest pin first (a pin whose message is gone is left out). */
export function pinEntries<M extends { id: number }>(
  pins: readonly { message_id: number; pinned_by: number; pinned_at: number }[],
  wire: readonly M[],
) {
  const messages = new Map(wire.map((m) => [m.id, m]));
  return pins.flatMap((p) => {
    const message = messages.get(p.message_id);
    return message ? [{ message, pinnedBy: p.pinned_by, pinTime: p.pinned_at }] : [];
  });
}
