/**
 * Access tokens are HS256 JWTs (sub = user id, trm = terminal, sid = session, ver =
 * token version). Refresh tokens are opaque random strings stored only as sha256.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { Terminal } from '@parley/protocol';

const ISSUER = 'parley';
const AUDIENCE = 'parley-access';

export interface AccessClaims {
  userId: number;
  terminal: Terminal;
  sessionId: string;
  tokenVersion: number;
}

export interface VerifiedClaims extends AccessClaims {
  /** Epoch ms at which the access token expires. */
  expiresAt: number;
}

/** Verified access tokens remembered; one per live session is plenty. */
const VERIFIED_MAX = 50_000;

export class TokenService {
  private readonly verified = new LRUCache<string, VerifiedClaims>({ max: VERIFIED_MAX });

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

  /**
   * The claims of a valid, unexpired token; null for anything else. A token's
   * signature never changes, so a verified one is remembered until it expires (every
   * call presents one; whether its session still lives is AuthService's question).
   */
  async verifyAccess(token: string, remember = true): Promise<VerifiedClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known;
      this.verified.delete(token);
    }
    const claims = await this.verifyFresh(token);
    if (claims && remember) this.verified.set(token, claims);
    return claims;
  }

  private async verifyFresh(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      const userId = Number(payload.sub);
      const { trm, sid, ver, exp } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (trm !== Terminal.WEB && trm !== Terminal.APP) return null;
      if (typeof sid !== 'string' || typeof ver !== 'number' || typeof exp !== 'number') return null;
      return { userId, terminal: trm, sessionId: sid, tokenVersion: ver, expiresAt: exp * 1000 };
    } catch {
      return null;
    }
  }

  newRefreshToken(): { token: string; hash: string } {
    const token = crypto.randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token) };
  }

  /**
   * The token that replaces `token` on rotation: derived, not random, so a repeat of a
   * just-rotated token (two tabs refreshing at once) can be handed the very same
   * successor, though only its hash is stored.
   */
  successorOf(token: string): { token: string; hash: string } {
    const next = crypto.createHmac('sha256', this.secret).update(`rotate:${token}`).digest('base64url');
    return { token: next, hash: hashToken(next) };
  }

  newSessionId(): string {
    return crypto.randomUUID();
  }
}

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
