/**
 * Authenticates an access token (REST header or socket LOGIN frame). Runs on every
 * call, so a ban, deletion, logout or password change stops the session at once.
 */
import type { Kysely } from 'kysely';
import type { Terminal } from '@parley/protocol';
import type { Database, UserRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { TokenService } from './tokens.js';

export interface AuthInfo {
  userId: number;
  terminal: Terminal;
  sessionId: string;
  user: UserRow;
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
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', claims.userId).executeTakeFirst();
    if (!user) throw new AppError('loginExpired');
    assertAccountUsable(user);
    if (user.token_version !== claims.tokenVersion) throw new AppError('loginExpired');
    // The session lives as long as one of its refresh tokens is unrevoked (logout, password change).
    const live = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('session_id', '=', claims.sessionId)
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!live) throw new AppError('loginExpired');
    return { userId: user.id, terminal: claims.terminal, sessionId: claims.sessionId, user };
  }
}
