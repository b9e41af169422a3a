/**
 * The signed-in user as last loaded, kept on the device so the next start can show
 * the stored chats at once (issue 11 point 3) while refresh → self → socket run
 * behind. Cleared with the tokens; a different account's copy is never used because
 * login overwrites it before anything reads it.
 */
import type { SelfUser } from '@parley/protocol';

const KEY = 'parley.self';

export function readCachedSelf(): SelfUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as SelfUser;
    return typeof user?.id === 'number' ? user : null;
  } catch {
    return null;
  }
}

export function writeCachedSelf(user: SelfUser | null): void {
  try {
    if (user) globalThis.localStorage?.setItem(KEY, JSON.stringify(user));
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // storage unavailable: the next start waits for the server as before
  }
}
