/**
 * Authenticates an access token (REST header or socket LOGIN frame). Runs on every
 * call, so a ban, deletion, logout or password change stops the session at once.
 */
import type { Terminal } from '@parley/protocol';
import type { UserRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Facts } from './facts/facts.js';
import type { AccessClaims, TokenService } from './tokens.js';

export interface AuthInfo {
  userId: number;
  terminal: Terminal;
  sessionId: string;
  user: UserRow;
  /** Epoch ms at which the presented access token expires. */
  expiresAt: number;
  tokenVersion: number;
}

/** 403 for banned or deleted accounts, with the reason for bans. */
export function assertAccountUsable(user: UserRow): void {
  if (user.deleted) throw new AppError('accountDeleted');
  if (user.is_banned) throw new AppError('accountBanned', { reason: user.ban_reason });
}

export class AuthService {
  constructor(
    private readonly tokens: TokenService,
    private readonly facts: Facts,
  ) {}

  /** `remember: false` for a socket's login: its token is checked once, not on every call. */
  async authenticate(accessToken: string | undefined, opts: { remember?: boolean } = {}): Promise<AuthInfo> {
    if (!accessToken) throw new AppError('loginExpired');
    const claims = await this.tokens.verifyAccess(accessToken, opts.remember ?? true);
    if (!claims) throw new AppError('loginExpired');
    const user = await this.sessionUser(claims);
    return { ...claims, user };
  }

  /**
   * The session's user while the session lives (not revoked, account usable, token
   * version current); throws loginExpired, accountBanned or accountDeleted otherwise.
   * The gateway re-checks a socket's session with it when the socket's token expires.
   * Read from the cached facts: every change to an account or a session reaches them
   * before the change is answered (services/facts). `fresh` reads the database instead
   * (the socket's periodic re-check, which also catches a change whose news was lost).
   */
  async sessionUser(claims: AccessClaims, fresh = false): Promise<UserRow> {
    const user = fresh ? await this.facts.freshUser(claims.userId) : await this.facts.user(claims.userId);
    if (!user) throw new AppError('loginExpired');
    assertAccountUsable(user);
    if (user.token_version !== claims.tokenVersion) throw new AppError('loginExpired');
    // The session lives while one of its refresh tokens is unrevoked (logout, password change) and unexpired.
    if (!(await this.facts.sessionLive(user.id, claims.sessionId, fresh))) throw new AppError('loginExpired');
    return user;
  }
}
