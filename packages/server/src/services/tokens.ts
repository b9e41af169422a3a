/**
 * Access tokens are HS256 JWTs (sub = user id, trm = terminal, sid = session, ver =
 * token version). Refresh tokens are opaque random strings stored only as sha256.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { Terminal } from '@parley/protocol';

const ISSUER = 'parley';
const AUDIENCE = 'parley-access';

export interface AccessClaims {
  userId: number;
  terminal: Terminal;
  sessionId: string;
  tokenVersion: number;
}

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    readonly accessTtlS: number,
    readonly refreshTtlS: number,
  ) {}

  signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ trm: claims.terminal, sid: claims.sessionId, ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.accessTtlS)
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      const userId = Number(payload.sub);
      const { trm, sid, ver } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (trm !== Terminal.WEB && trm !== Terminal.APP) return null;
      if (typeof sid !== 'string' || typeof ver !== 'number') return null;
      return { userId, terminal: trm, sessionId: sid, tokenVersion: ver };
    } catch {
      return null;
    }
  }

  newRefreshToken(): { token: string; hash: string } {
    const token = crypto.randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token) };
  }

  newSessionId(): string {
    return crypto.randomUUID();
  }
}

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
