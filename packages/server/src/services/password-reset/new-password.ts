/**
 * Setting an account's password from outside its sessions (a mailed reset link, the
 * console, `npm run operator -- reset-password`): the new hash, every refresh token of
 * the account revoked (all its sessions end), its reset links and web push
 * subscriptions gone, in the caller's transaction. The caller tells the caches and
 * the sockets after the commit.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { UserType } from '@parley/protocol';
import type { Database } from '../../db/schema.js';

export async function storeNewPassword(
  trx: Kysely<Database>,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<void> {
  await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  // Ended sessions get no more web push (as a device signed out).
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

/** No 0/O, 1/l/I: the operator reads it out or copies it to the user. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random temporary password of 12 characters (within the 5–20 password rule; ~70 bits). */
export function temporaryPassword(): string {
  let out = '';
  for (const byte of crypto.randomBytes(12)) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/**
 * `npm run operator -- reset-password <userName>` (scripts/operator.ts): a temporary
 * password for the account, every session of it revoked; null when there is no such
 * usable account. Outside the server, so running nodes see it within their cache's 60 s.
 */
export async function resetPasswordByName(
  db: Kysely<Database>,
  passwords: { hash(plain: string): Promise<string> },
  userName: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'type', 'deleted'])
    .where('user_name', '=', userName.trim().toLowerCase())
    .executeTakeFirst();
  // The demo account's password is TRIAL_PASSWORD's.
  if (!row || row.deleted || row.type === UserType.TRIAL) return null;
  const password = temporaryPassword();
  const passwordHash = await passwords.hash(password);
  await db.transaction().execute((trx) => storeNewPassword(trx, row.id, passwordHash, Date.now()));
  return password;
}
