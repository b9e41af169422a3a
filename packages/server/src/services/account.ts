/** Accounts (wire-contract §2): register, login per terminal, refresh with rotation, logout, password change. */
import type { Kysely } from 'kysely';
import {
  Limits,
  UserType,
  type LoginRequest,
  type ModifyPasswordRequest,
  type RegisterRequest,
  type Terminal,
  type TokenPair,
} from '@parley/protocol';
import type { Database, UserRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { assertAccountUsable, type AuthInfo } from './auth.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashToken, type TokenService } from './tokens.js';

/** The part before '@', cut to the nickname limit (user names may be 64 long, nicknames 20). */
export function defaultNickName(userName: string): string {
  const local = userName.split('@')[0] ?? userName;
  return (local.trim() || userName).slice(0, Limits.NICKNAME_MAX);
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(e.message ?? '');
};

export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
  ) {}

  async register(req: RegisterRequest, type: UserType = UserType.NORMAL): Promise<number> {
    const userName = req.userName.toLowerCase();
    const taken = await this.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst();
    if (taken) throw new AppError('userNameTaken');
    const passwordHash = await hashPassword(req.password);
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          user_name: userName,
          nick_name: req.nickName ?? defaultNickName(userName),
          head_image: '',
          head_image_thumb: '',
          sex: 0,
          signature: '',
          type,
          password_hash: passwordHash,
          is_banned: 0,
          ban_reason: '',
          deleted: 0,
          token_version: 0,
          created_at: Date.now(),
          last_online_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (err) {
      // Two registrations racing for one name: the unique index decides.
      if (isUniqueViolation(err)) throw new AppError('userNameTaken');
      throw err;
    }
  }

  async login(req: LoginRequest): Promise<TokenPair> {
    const user = await this.findByUserName(req.userName);
    if (!user) throw new AppError('userNotExist');
    if (!(await verifyPassword(user.password_hash, req.password))) throw new AppError('passwordIncorrect');
    assertAccountUsable(user);
    // Housekeeping: expired rows of this user are useless.
    await this.db
      .deleteFrom('refresh_tokens')
      .where('user_id', '=', user.id)
      .where('expires_at', '<', Date.now())
      .execute();
    return this.issue(user, req.terminal, this.tokens.newSessionId());
  }

  /** Rotation: the presented token is revoked and a new pair of the same session issued. */
  async refresh(refreshToken: string | undefined): Promise<TokenPair> {
    if (!refreshToken) throw new AppError('loginExpired');
    const now = Date.now();
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (!row) throw new AppError('loginExpired');
    if (row.revoked_at !== null) {
      // A rotated token came back: it may be stolen, so end the whole session.
      await this.revokeSession(row.session_id);
      throw new AppError('loginExpired');
    }
    if (row.expires_at <= now) throw new AppError('loginExpired');
    const claimed = await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    // Lost a race with a concurrent refresh of the same token.
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('loginExpired');
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow();
    assertAccountUsable(user);
    return this.issue(user, row.terminal as Terminal, row.session_id);
  }

  async logout(auth: AuthInfo): Promise<void> {
    await this.revokeSession(auth.sessionId);
  }

  async modifyPassword(auth: AuthInfo, req: ModifyPasswordRequest): Promise<void> {
    const user = auth.user;
    if (user.type === UserType.TRIAL) throw new AppError('trialCannotChangePassword');
    if (!(await verifyPassword(user.password_hash, req.oldPassword))) throw new AppError('oldPasswordIncorrect');
    if (req.oldPassword === req.newPassword) throw new AppError('newPasswordSameAsOld');
    const passwordHash = await hashPassword(req.newPassword);
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      // Every other session must log in again with the new password.
      await tx
        .updateTable('refresh_tokens')
        .set({ revoked_at: Date.now() })
        .where('user_id', '=', user.id)
        .where('session_id', '!=', auth.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** Creates the public trial account when it is missing; true when it was created. */
  async ensureTrialAccount(userName: string, password: string): Promise<boolean> {
    if (await this.findByUserName(userName)) return false;
    try {
      await this.register({ userName, password, nickName: defaultNickName(userName) }, UserType.TRIAL);
      return true;
    } catch (err) {
      if (err instanceof AppError && err.key === 'userNameTaken') return false;
      throw err;
    }
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: Date.now() })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  private findByUserName(userName: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('user_name', '=', userName.toLowerCase()).executeTakeFirst();
  }

  private async issue(user: UserRow, terminal: Terminal, sessionId: string): Promise<TokenPair> {
    const now = Date.now();
    const refresh = this.tokens.newRefreshToken();
    await this.db
      .insertInto('refresh_tokens')
      .values({
        user_id: user.id,
        terminal,
        session_id: sessionId,
        token_hash: refresh.hash,
        expires_at: now + this.tokens.refreshTtlS * 1000,
        revoked_at: null,
        created_at: now,
      })
      .execute();
    const accessToken = await this.tokens.signAccess({
      userId: user.id,
      terminal,
      sessionId,
      tokenVersion: user.token_version,
    });
    return {
      accessToken,
      accessTokenExpiresIn: this.tokens.accessTtlS,
      refreshToken: refresh.token,
      refreshTokenExpiresIn: this.tokens.refreshTtlS,
    };
  }
}
