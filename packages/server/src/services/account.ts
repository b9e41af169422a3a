/** Accounts (wire-contract §2): register, login per terminal, refresh with rotation, logout, password change. */
import type { Kysely } from 'kysely';
import {
  Limits,
  Terminal,
  UserType,
  mixesScripts,
  type LoginRequest,
  type ModifyPasswordRequest,
  type RegisterRequest,
  type TokenPair,
} from '@parley/protocol';
import type { Database, RefreshTokenRow, UserRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { PushService } from '../realtime/push.js';
import { assertAccountUsable, type AuthInfo } from './auth.js';
import type { Facts } from './facts/facts.js';
import type { Passwords } from './passwords.js';
import { nameSkeleton } from './name-skeleton.js';
import { hashToken, type TokenService } from './tokens.js';
import type { DeviceService } from './sessions/devices.js';

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
    private readonly push: PushService,
    /** How long a just-rotated refresh token may be presented again and get the same successor. */
    private readonly refreshGraceMs: number,
    /** OPERATOR_USERNAMES (lowercase): these accounts are operators from registration on. */
    private readonly operatorNames: readonly string[],
    private readonly facts: Facts,
    private readonly passwords: Passwords,
    /** Records each login's device and marks sessions active on refresh (Mine → Devices). */
    private readonly devices?: DeviceService,
  ) {}

  /**
   * A new account. Its name may not mix scripts (`mixesScripts`, also a field rule of
   * the request) nor look like an existing name: equal UTS #39 skeletons
   * (name-skeleton.ts), found by the unique index on `user_name_skeleton`.
   */
  async register(req: RegisterRequest, type: UserType = UserType.NORMAL): Promise<number> {
    const userName = req.userName.toLowerCase();
    if (mixesScripts(userName)) throw new AppError('userNameMixedScripts', { field: 'userName' });
    const skeleton = nameSkeleton(userName);
    const clash = await this.nameClash(userName, skeleton);
    if (clash) throw clash;
    const passwordHash = await this.passwords.hash(req.password);
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          user_name: userName,
          user_name_skeleton: skeleton,
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
          is_operator: this.operatorNames.includes(userName) ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A node may hold "no such account" for this id (a probe before it existed).
      await this.facts.changed({ kind: 'user', id: row.id });
      return row.id;
    } catch (err) {
      // Two registrations racing for one name, or for two look-alike names: a unique index decides.
      if (isUniqueViolation(err)) throw (await this.nameClash(userName, skeleton)) ?? new AppError('userNameTaken');
      throw err;
    }
  }

  /** Why `userName` cannot be registered: taken as it is, or too like a registered name; null when free. */
  private async nameClash(userName: string, skeleton: string): Promise<AppError | null> {
    const rows = await this.db
      .selectFrom('users')
      .select('user_name')
      .where((eb) => eb.or([eb('user_name', '=', userName), eb('user_name_skeleton', '=', skeleton)]))
      .execute();
    if (rows.some((r) => r.user_name === userName)) return new AppError('userNameTaken');
    return rows.length > 0 ? new AppError('userNameConfusable', { field: 'userName' }) : null;
  }

  /** POST /register: the new account, signed in on `req.terminal` (web when absent) exactly as a login. */
  async registerAndSignIn(req: RegisterRequest, userAgent: string): Promise<TokenPair> {
    const id = await this.register(req);
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return this.signIn(user, req.terminal ?? Terminal.WEB, userAgent);
  }

  /** `userAgent`: the browser's User-Agent header, kept for the Devices list. */
  async login(req: LoginRequest, userAgent = ''): Promise<TokenPair> {
    const user = await this.findByUserName(req.userName);
    if (!user) throw new AppError('userNotExist');
    if (!(await this.passwords.verify(user.password_hash, req.password))) throw new AppError('passwordIncorrect');
    return this.signIn(user, req.terminal, userAgent);
  }

  /** A new session of `user` on `terminal`: the login rules (usable account, one session per terminal, the device kept). */
  private async signIn(user: UserRow, terminal: Terminal, userAgent: string): Promise<TokenPair> {
    assertAccountUsable(user);
    // Housekeeping: expired rows of this user are useless.
    await this.db
      .deleteFrom('refresh_tokens')
      .where('user_id', '=', user.id)
      .where('expires_at', '<', Date.now())
      .execute();
    const sessionId = this.tokens.newSessionId();
    const issue = (db: Kysely<Database>) => this.issue(db, user, terminal, sessionId);
    // One sign-in per terminal (the Devices page's rule): the other session of this terminal ends.
    const pair = this.devices ? await this.devices.signIn(user.id, terminal, sessionId, issue) : await issue(this.db);
    await this.devices?.record(user.id, sessionId, terminal, userAgent, Date.now());
    return pair;
  }

  /**
   * Rotation: the presented token is revoked and its successor (derived from it, see
   * TokenService.successorOf) issued in the same session. A repeat of a token rotated
   * less than refreshGraceMs ago gets that same successor while it is unused (two tabs
   * refreshing at once); any other reuse of a rotated token may be theft, so the whole
   * session ends, its sockets included.
   */
  async refresh(refreshToken: string | undefined): Promise<TokenPair> {
    if (!refreshToken) throw new AppError('loginExpired');
    const now = Date.now();
    const row = await this.findToken(hashToken(refreshToken));
    if (!row || row.expires_at <= now) throw new AppError('loginExpired');
    const next = this.tokens.successorOf(refreshToken);
    if (row.revoked_at === null && (await this.rotate(row, next.hash, now))) {
      await this.devices?.touch(row.session_id, now);
      return this.pair(await this.usableUser(row.user_id), row, next.token);
    }
    // Revoked, or a concurrent refresh of the same token rotated it first: read what happened.
    const seen = await this.findToken(row.token_hash);
    if (seen?.replaced_by === next.hash && seen.revoked_at !== null && now - seen.revoked_at <= this.refreshGraceMs) {
      const successor = await this.findToken(next.hash);
      if (successor && successor.revoked_at === null && successor.expires_at > now) {
        return this.pair(await this.usableUser(row.user_id), successor, next.token);
      }
    }
    await this.revokeSession(row.session_id);
    await this.push.endSessions(row.user_id, { sessionId: row.session_id });
    throw new AppError('loginExpired');
  }

  async logout(auth: AuthInfo): Promise<void> {
    await this.revokeSession(auth.sessionId);
    // wire-contract §2: logout also ends this device's push registration.
    await this.db.deleteFrom('push_subscriptions').where('session_id', '=', auth.sessionId).execute();
    await this.push.endSessions(auth.userId, { sessionId: auth.sessionId });
  }

  async modifyPassword(auth: AuthInfo, req: ModifyPasswordRequest): Promise<void> {
    const user = auth.user;
    if (user.type === UserType.TRIAL) throw new AppError('trialCannotChangePassword');
    if (!(await this.passwords.verify(user.password_hash, req.oldPassword))) throw new AppError('oldPasswordIncorrect');
    if (req.oldPassword === req.newPassword) throw new AppError('newPasswordSameAsOld');
    const passwordHash = await this.passwords.hash(req.newPassword);
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
    await this.facts.changed({ kind: 'user', id: user.id });
    await this.push.endSessions(user.id, { exceptSessionId: auth.sessionId });
  }

  /** Creates the public trial account when it is missing; true when it was created. */
  async ensureTrialAccount(userName: string, password: string): Promise<boolean> {
    if (await this.findByUserName(userName)) return false;
    try {
      await this.register({ userName, password, nickName: defaultNickName(userName) }, UserType.TRIAL);
      return true;
    } catch (err) {
      // Taken, or confusable with a name registered before it was configured: no trial account then.
      if (err instanceof AppError && (err.key === 'userNameTaken' || err.key === 'userNameConfusable')) return false;
      throw err;
    }
  }

  /** At start: the named accounts that exist become operators (never revoked here; see `npm run operator`). */
  async grantOperators(userNames: readonly string[]): Promise<void> {
    if (userNames.length === 0) return;
    await this.db
      .updateTable('users')
      .set({ is_operator: 1 })
      .where(
        'user_name',
        'in',
        userNames.map((n) => n.toLowerCase()),
      )
      .execute();
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: Date.now() })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.facts.changed({ kind: 'session', id: sessionId });
  }

  private findByUserName(userName: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('user_name', '=', userName.toLowerCase()).executeTakeFirst();
  }

  private findToken(hash: string): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  private async usableUser(userId: number): Promise<UserRow> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    assertAccountUsable(user);
    return user;
  }

  /** Revokes `row` for its successor and stores the successor, in one transaction; false when another refresh won. */
  private rotate(row: RefreshTokenRow, nextHash: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now, replaced_by: nextHash })
        .where('id', '=', row.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await tx
        .insertInto('refresh_tokens')
        .values({
          user_id: row.user_id,
          terminal: row.terminal,
          session_id: row.session_id,
          token_hash: nextHash,
          expires_at: now + this.tokens.refreshTtlS * 1000,
          revoked_at: null,
          created_at: now,
          replaced_by: null,
        })
        .execute();
      return true;
    });
  }

  /** A login: a new session with a random refresh token (stored through `db`, the login's transaction). */
  private async issue(db: Kysely<Database>, user: UserRow, terminal: Terminal, sessionId: string): Promise<TokenPair> {
    const now = Date.now();
    const refresh = this.tokens.newRefreshToken();
    const values = {
      user_id: user.id,
      terminal,
      session_id: sessionId,
      token_hash: refresh.hash,
      expires_at: now + this.tokens.refreshTtlS * 1000,
      revoked_at: null,
      created_at: now,
      replaced_by: null,
    };
    const row = await db.insertInto('refresh_tokens').values(values).returningAll().executeTakeFirstOrThrow();
    return this.pair(user, row, refresh.token);
  }

  /** The reply pair: a fresh access token for the session of `row`, and `refreshToken` (whose row `row` is). */
  private async pair(user: UserRow, row: RefreshTokenRow, refreshToken: string): Promise<TokenPair> {
    const accessToken = await this.tokens.signAccess({
      userId: user.id,
      terminal: row.terminal as Terminal,
      sessionId: row.session_id,
      tokenVersion: user.token_version,
    });
    return {
      accessToken,
      accessTokenExpiresIn: this.tokens.accessTtlS,
      refreshToken,
      refreshTokenExpiresIn: Math.max(0, Math.round((row.expires_at - Date.now()) / 1000)),
    };
  }
}
