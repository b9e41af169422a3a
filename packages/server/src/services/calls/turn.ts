/**
 * TURN REST credentials (docs/CALLS.md §7), as coturn checks them with
 * `use-auth-secret` + `static-auth-secret`: username `<expiry unix s>:<userId>`,
 * credential base64(HMAC-SHA1(secret, username)). Handed out per user and request by
 * /system/config, which is therefore never cached.
 */
import crypto from 'node:crypto';
import type { IceServer } from '../system-config.js';

export interface TurnConfig {
  secret: string;
  urls: string[];
  ttlS: number;
}

export function turnCredential(turn: TurnConfig, userId: number, nowMs: number): IceServer {
  const username = `${Math.floor(nowMs / 1000) + turn.ttlS}:${userId}`;
  const credential = crypto.createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: turn.urls, username, credential };
}

/** TURN_SECRET and TURN_URLS go together: one without the other is a configuration error. */
export function parseTurnConfig(
  secret: string | undefined,
  urls: string | undefined,
  ttlS: number,
): TurnConfig | undefined {
  if (!secret && !urls) return undefined;
  if (!secret || !urls) throw new Error('TURN_SECRET and TURN_URLS must be set together');
  const list = urls
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error('TURN_URLS must list at least one turn: or turns: URL');
  if (ttlS <= 0) throw new Error('TURN_TTL_S must be positive');
  return { secret, urls: list, ttlS };
}
