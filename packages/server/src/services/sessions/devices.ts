/**
 * Signed-in devices (issue 11, point 2): each login records its device (user agent,
 * terminal, time); a refresh or socket login marks it active; the owner lists the live
 * sessions and may sign one out, which ends it like a logout (its sockets close through
 * the push path). A session is live while one of its refresh tokens is (auth.ts).
 *
 * One computer and one phone at a time (hardening issue, point 10): a login on a
 * terminal ends every other session of that terminal the same way (`signIn`).
 */
import { sql, type Kysely } from 'kysely';
import type { Device } from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Facts } from '../facts/facts.js';
import type { PushService } from '../../realtime/push.js';
import type { AuthInfo } from '../auth.js';

/** Longest user agent kept (the column's size). */
export const USER_AGENT_MAX = 512;
/** A socket login marks its session active at most this often (reconnects do not each write). */
const TOUCH_EVERY_MS = 60_000;

export class DeviceService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly push: PushService,
    private readonly facts: Facts,
  ) {}

  /** At login: the new session's device. Rows of sessions no longer live go first. */
  async record(userId: number, sessionId: string, terminal: number, userAgent: string, now: number): Promise<void> {
    await this.db
      .deleteFrom('login_sessions')
      .where('user_id', '=', userId)
      .where('session_id', 'not in', (eb) =>
        eb
          .selectFrom('refresh_tokens')
          .select('session_id')
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now),
      )
      .execute();
    await this.db
      .insertInto('login_sessions')
      .values({
        user_id: userId,
        session_id: sessionId,
        terminal,
        // eslint-disable-next-line no-control-regex
        user_agent: userAgent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, USER_AGENT_MAX),
        created_at: now,
        last_active_at: now,
      })
      .execute();
  }

  /** A refresh or socket login of the session: it is in use now. */
  async touch(sessionId: string, now: number = Date.now()): Promise<void> {
    await this.db
      .updateTable('login_sessions')
      .set({ last_active_at: now })
      .where('session_id', '=', sessionId)
      .where('last_active_at', '<', now - TOUCH_EVERY_MS)
      .execute();
  }

  /** The caller's live sessions, the calling one first, then the most recently active. */
  async list(auth: AuthInfo): Promise<Device[]> {
    const now = Date.now();
    const rows = await this.db
      .selectFrom('refresh_tokens as t')
      .leftJoin('login_sessions as s', 's.session_id', 't.session_id')
      .select([
        't.session_id',
        't.terminal',
        't.created_at',
        's.user_agent',
        's.created_at as signed_in_at',
        's.last_active_at',
      ])
      .where('t.user_id', '=', auth.userId)
      .where('t.revoked_at', 'is', null)
      .where('t.expires_at', '>', now)
      .execute();
    // Rotation keeps one live token per session; a concurrent refresh may briefly leave two.
    const bySession = new Map<string, Device>();
    for (const r of rows) {
      if (bySession.has(r.session_id)) continue;
      const signIn = Number(r.signed_in_at ?? r.created_at);
      bySession.set(r.session_id, {
        id: r.session_id,
        terminal: Number(r.terminal),
        userAgent: r.user_agent ?? '',
        signInTime: signIn,
        lastActiveTime: Math.max(Number(r.last_active_at ?? signIn), Number(r.created_at)),
        current: r.session_id === auth.sessionId,
      });
    }
    return [...bySession.values()].sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastActiveTime - a.lastActiveTime,
    );
  }

  /** Ends one of the caller's live sessions; another user's, or one already ended, is deviceNotExist. */
  async signOut(auth: AuthInfo, sessionId: string): Promise<void> {
    const live = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', auth.userId)
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', Date.now())
      .executeTakeFirst();
    if (!live) throw new AppError('deviceNotExist');
    // As a logout (AccountService.revokeSession): every refresh token of the session ends.
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: Date.now() })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    // As a logout, the device's push registration ends with it.
    await this.db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
    await this.db.deleteFrom('login_sessions').where('session_id', '=', sessionId).execute();
    await this.facts.changed({ kind: 'session', id: sessionId });
    await this.push.endSessions(auth.userId, { sessionId });
  }

  /**
   * A login (one computer and one phone at a time): `issue` stores the new session's
   * first refresh token, and every other session of the user on `terminal` ends as a
   * sign-out ends it (refresh tokens revoked, gone from the list, its push subscription
   * dropped), all in one transaction; then its sockets hear "logged in on another device
   * of the same kind" (cmd 2, close REPLACED) and every node forgets it. The user's row
   * is locked first, so two logins of one user take turns and the later always ends the
   * earlier.
   */
  async signIn<T>(
    userId: number,
    terminal: number,
    sessionId: string,
    issue: (tx: Kysely<Database>) => Promise<T>,
  ): Promise<T> {
    const { issued, ended } = await this.db.transaction().execute(async (tx) => {
      // A write that changes nothing (no cached fact moves), for the row lock on PostgreSQL;
      // SQLite runs one write transaction at a time anyway.
      await tx
        .updateTable('users')
        .set({ token_version: sql<number>`token_version` })
        .where('id', '=', userId)
        .execute();
      const issued = await issue(tx);
      const ended = new Set<string>();
      // A refresh of an older session rotating at this moment commits its successor while
      // the first pass waits for that row: passes go on until one after the first revokes nothing.
      for (let pass = 0; ; pass++) {
        const revoked = await tx
          .updateTable('refresh_tokens')
          .set({ revoked_at: Date.now() })
          .where('user_id', '=', userId)
          .where('terminal', '=', terminal)
          .where('session_id', '!=', sessionId)
          .where('revoked_at', 'is', null)
          .returning('session_id')
          .execute();
        for (const r of revoked) ended.add(r.session_id);
        if (revoked.length === 0 && pass > 0) break;
      }
      if (ended.size > 0) {
        await tx
          .deleteFrom('push_subscriptions')
          .where('session_id', 'in', [...ended])
          .execute();
        await tx
          .deleteFrom('login_sessions')
          .where('session_id', 'in', [...ended])
          .execute();
      }
      return { issued, ended: [...ended] };
    });
    if (ended.length > 0) {
      await this.facts.changed(...ended.map((id) => ({ kind: 'session' as const, id })));
      for (const id of ended) await this.push.replaceSession(userId, id);
    }
    return issued;
  }
}
