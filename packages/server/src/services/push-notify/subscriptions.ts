/** The push subscriptions of signed-in sessions (POST /user/reportCid, DELETE /user/removeCid). */
import type { Kysely } from 'kysely';
import type { PushSubscriptionRequest } from '@parley/protocol';
import type { Database, PushSubscriptionsTable } from '../../db/schema.js';
import { invalidField } from '../../http/app-error.js';
import type { AuthInfo } from '../auth.js';

/** The browsers' push services (Chrome/Edge via FCM, Firefox, Windows, Safari): https only. */
const PUSH_SERVICE_SUFFIXES = [
  '.googleapis.com',
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

/**
 * The server POSTs to every reported endpoint, so an endpoint must be a push service
 * (never an address inside the operator's network); PUSH_ENDPOINT_HOSTS adds more.
 */
export function isPushServiceUrl(endpoint: string, extraHosts: readonly string[]): boolean {
  const url = new URL(endpoint);
  if (extraHosts.includes(url.host.toLowerCase())) return true;
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && PUSH_SERVICE_SUFFIXES.some((s) => host.endsWith(s));
}

export type SubscriptionRow = Omit<PushSubscriptionsTable, 'id'> & { id: number };

export class PushSubscriptions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly extraHosts: readonly string[] = [],
  ) {}

  /**
   * Replaces this session's subscription; an endpoint reported by another session
   * (another account in the same browser) moves to this one.
   */
  async report(auth: AuthInfo, cid: string, sub: PushSubscriptionRequest): Promise<void> {
    if (!isPushServiceUrl(sub.endpoint, this.extraHosts)) throw invalidField('endpoint', 'format');
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('push_subscriptions')
        .where((eb) => eb.or([eb('session_id', '=', auth.sessionId), eb('endpoint', '=', sub.endpoint)]))
        .execute();
      await tx
        .insertInto('push_subscriptions')
        .values({
          user_id: auth.userId,
          session_id: auth.sessionId,
          terminal: auth.terminal,
          cid,
          endpoint: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          created_at: this.now(),
        })
        .execute();
    });
  }

  /** removeCid and logout: this session stops receiving pushes. */
  async removeSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
  }

  async removeId(id: number): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  /**
   * The subscriptions of `userIds` whose session is still live (not logged out, not
   * signed out elsewhere, not expired) and whose account is usable.
   */
  async live(userIds: readonly number[]): Promise<SubscriptionRow[]> {
    if (userIds.length === 0) return [];
    const now = this.now();
    const rows: SubscriptionRow[] = [];
    // Chunks keep the IN list within both databases' parameter limits.
    for (let i = 0; i < userIds.length; i += 500) {
      const chunk = userIds.slice(i, i + 500);
      const found = await this.db
        .selectFrom('push_subscriptions as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .selectAll('p')
        .where('p.user_id', 'in', chunk)
        .where('u.is_banned', '=', 0)
        .where('u.deleted', '=', 0)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('refresh_tokens as r')
              .select('r.id')
              .whereRef('r.session_id', '=', 'p.session_id')
              .whereRef('r.user_id', '=', 'p.user_id')
              .where('r.revoked_at', 'is', null)
              .where('r.expires_at', '>', now),
          ),
        )
        .execute();
      rows.push(...found);
    }
    return rows;
  }

  /** Which of `userIds` a push can reach now (calls ring them by push: docs/CALLS.md §2.5). */
  async usersWithLive(userIds: readonly number[]): Promise<Set<number>> {
    return new Set((await this.live(userIds)).map((s) => Number(s.user_id)));
  }
}
