/**
 * Authenticates an access token (REST header or socket LOGIN frame). Runs on every
 * call, so a ban, deletion, logout or password change stops the session at once.
 */
import type { Kysely } from 'kysely';
import type { Terminal } from '@parley/protocol';
import type { Database, UserRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
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
    private readonly db: Kysely<Database>,
    private readonly tokens: TokenService,
  ) {}

  async authenticate(accessToken: string | undefined): Promise<AuthInfo> {
    if (!accessToken) throw new AppError('loginExpired');
    const claims = await this.tokens.verifyAccess(accessToken);
    if (!claims) throw new AppError('loginExpired');
    const user = await this.sessionUser(claims);
    return { ...claims, user };
  }

  /**
   * The session's user while the session lives (not revoked, account usable, token
   * version current); throws loginExpired, accountBanned or accountDeleted otherwise.
   * The gateway re-checks a socket's session with it when the socket's token expires.
   */
  async sessionUser(claims: AccessClaims): Promise<UserRow> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst();
    if (!user) throw new AppError('loginExpired');
    assertAccountUsable(user);
    if (user.token_version !== claims.tokenVersion) throw new AppError('loginExpired');
    // The session lives while one of its refresh tokens is unrevoked (logout, password change) and unexpired.
    const live = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('session_id', '=', claims.sessionId)
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', Date.now())
      .executeTakeFirst();
    if (!live) throw new AppError('loginExpired');
    return user;
  }
}
