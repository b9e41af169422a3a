/** The server's limits, built once per node: endpoint budgets, login backoff, upload bytes, socket frames. */
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import { EndpointLimiters, memoryLimiters, redisLimiters, type LimiterFactory } from './limiter.js';
import { LoginThrottle } from './login-throttle.js';
import { DEFAULT_EXTRA_LIMITS, limitTable, type FrameBudget } from './table.js';

export { RateLimited, spend } from './limiter.js';

export interface Limits {
  endpoints: EndpointLimiters;
  login: LoginThrottle;
  /** Upload bytes per user and day; null when limits are off. */
  uploadBytes: RateLimiterAbstract | null;
  /** Password reset mails per account (the name asked for); null when limits are off. */
  resetMails: RateLimiterAbstract | null;
  /** Frames per socket connection (a token bucket); null when limits are off. */
  socketFrames: FrameBudget | null;
}

/** With `redis`, budgets are shared by every node through it; otherwise counted in this process. */
export function createLimits(config: Config, redis: Redis | undefined): Limits {
  const make: LimiterFactory = redis ? redisLimiters(redis, config.redisPrefix) : memoryLimiters;
  const off = config.rateLimits === 'off';
  const table = limitTable(off ? undefined : config.rateLimits, config.authRatePerMin);
  if (off) for (const name of Object.keys(table) as (keyof typeof table)[]) table[name] = { address: [0, 1] };
  const extra = DEFAULT_EXTRA_LIMITS;
  return {
    endpoints: new EndpointLimiters(table, make),
    login: new LoginThrottle(make, off ? 0 : extra.loginFreeFailures, extra.loginBackoffMaxS),
    uploadBytes:
      off || config.uploadBytesPerDay === 0
        ? null
        : make('upload-bytes', { points: config.uploadBytesPerDay, duration: 86_400 }),
    resetMails: off
      ? null
      : make('reset-mails', { points: extra.resetMailsPerAccount[0], duration: extra.resetMailsPerAccount[1] }),
    socketFrames: off ? null : extra.socketFrames,
  };
}
