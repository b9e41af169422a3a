/**
 * Password recovery (issue 22 point 9, docs/PROTOCOL.md "Password recovery").
 * "Forgot password?" mails a single-use link (30 min; only its sha256 is stored) when
 * SMTP is configured, and answers the same whether or not the name is an account. The
 * link sets a new password; that, like an operator's reset, ends every session of the
 * account: refresh tokens revoked, caches told (facts), sockets closed.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  RESET_TOKEN_TTL_MS,
  UserType,
  type PasswordForgotRequest,
  type PasswordResetRequest,
  type PasswordResetResult,
} from '@parley/protocol';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { RateLimited, spend } from '../../limits/index.js';
import type { PushService } from '../../realtime/push.js';
import type { Facts } from '../facts/facts.js';
import type { Passwords } from '../passwords.js';
import { hashToken } from '../tokens.js';
import type { Mailer } from './mailer.js';
import { resetMailText } from './mail-text.js';
import { storeNewPassword } from './new-password.js';

export interface PasswordResetOptions {
  /** Absent: no SMTP_URL, so no mail; users ask an operator. */
  mailer: Mailer | undefined;
  /** PUBLIC_URL: where the app is reached, the base of the mailed link. */
  publicUrl: string;
  /** Reset mails per account (keyed by the name asked for); null: no limit. */
  perAccount: RateLimiterAbstract | null;
  clock: () => number;
  log: (message: string, err: unknown) => void;
}

/** Hash route of the web app's reset page (packages/web routes). */
export const RESET_PAGE_PATH = '/#/pages/login/reset-password';

export class PasswordResetService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly passwords: Passwords,
    private readonly facts: Facts,
    private readonly push: PushService,
    private readonly options: PasswordResetOptions,
  ) {}

  get mailEnabled(): boolean {
    return this.options.mailer !== undefined;
  }

  /**
   * Mails a reset link when `userName` is a usable account and its mail budget allows.
   * The reply does not tell whether it was: an unknown name, a spent budget or a failed
   * send all answer alike, and the mail leaves after the reply (the SMTP round trip
   * would otherwise time an account's existence).
   */
  async forgot(req: PasswordForgotRequest): Promise<void> {
    const { mailer, perAccount, clock, publicUrl } = this.options;
    if (!mailer) throw new AppError('resetByOperator');
    const userName = req.userName.toLowerCase();
    if (perAccount) {
      try {
        await spend(perAccount, userName);
      } catch (err) {
        if (err instanceof RateLimited) return;
        throw err;
      }
    }
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'user_name', 'type', 'deleted'])
      .where('user_name', '=', userName)
      .executeTakeFirst();
    // The demo account's password is the operator's (TRIAL_PASSWORD); a deleted account has none.
    if (!user || user.deleted || user.type === UserType.TRIAL) return;
    const token = crypto.randomBytes(32).toString('base64url');
    const now = clock();
    await this.db.transaction().execute(async (trx) => {
      // Only the newest link works: an older mail lying around is worthless.
      await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: hashToken(token),
          expires_at: now + RESET_TOKEN_TTL_MS,
          used_at: null,
          created_at: now,
        })
        .execute();
    });
    const link = `${publicUrl.replace(/\/+$/, '')}${RESET_PAGE_PATH}?token=${token}`;
    const text = resetMailText(req.lang, user.user_name, link);
    void mailer
      .send({ to: user.user_name, subject: text.subject, text: text.body })
      .catch((err: unknown) => this.options.log('password reset mail failed', err));
  }

  /** A mailed token: used once, within 30 minutes, for the account it was made for. */
  async reset(req: PasswordResetRequest): Promise<PasswordResetResult> {
    const now = this.options.clock();
    const hash = hashToken(req.token);
    const link = await this.db
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.user_id', 'r.expires_at', 'r.used_at', 'u.user_name', 'u.deleted'])
      .where('r.token_hash', '=', hash)
      .executeTakeFirst();
    if (!link || link.used_at !== null || link.expires_at <= now || link.deleted) {
      throw new AppError('resetTokenInvalid', { field: 'token' });
    }
    const passwordHash = await this.passwords.hash(req.password);
    const userId = Number(link.user_id);
    await this.db.transaction().execute(async (trx) => {
      // Two uses racing: one claims the link, the other is refused and changes nothing.
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', link.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('resetTokenInvalid', { field: 'token' });
      await storeNewPassword(trx, userId, passwordHash, now);
    });
    await this.sessionsEnded(userId);
    return { userName: link.user_name };
  }

  /** An operator's reset (console): `inTx` writes the audit entry in the same transaction. */
  async setPassword(userId: number, password: string, inTx: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
    const passwordHash = await this.passwords.hash(password);
    await this.db.transaction().execute(async (trx) => {
      await storeNewPassword(trx, userId, passwordHash, this.options.clock());
      await inTx(trx);
    });
    await this.sessionsEnded(userId);
  }

  /** After the commit: every node forgets the account's sessions, and its sockets close (no session is spared). */
  private async sessionsEnded(userId: number): Promise<void> {
    await this.facts.changed({ kind: 'user', id: userId });
    await this.push.endSessions(userId, { exceptSessionId: '' });
  }
}
