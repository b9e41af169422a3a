/**
 * Rate limits on rate-limiter-flexible: in memory on one node, on Redis (REDIS_URL)
 * so every node counts into the same budgets. Over a budget → 429 tooManyRequests
 * with Retry-After (seconds). A Redis outage falls back to per-node memory counts
 * rather than refusing every request.
 */
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
  type IRateLimiterOptions,
} from 'rate-limiter-flexible';
import type { EndpointName } from '@parley/protocol';
import { AppError } from '../http/app-error.js';
import type { Budget, LimitTable } from './table.js';

export class RateLimited extends AppError {
  constructor(readonly retryAfterS: number) {
    super('tooManyRequests', { retryAfter: retryAfterS });
  }
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Makes one named limiter (memory, or Redis with a memory insurance). */
export type LimiterFactory = (name: string, opts: Omit<IRateLimiterOptions, 'keyPrefix'>) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = (name, opts) => new RateLimiterMemory({ ...opts, keyPrefix: name });

export function redisLimiters(client: Redis, prefix: string): LimiterFactory {
  return (name, opts) =>
    new RateLimiterRedis({
      ...opts,
      storeClient: client,
      keyPrefix: `${prefix}rl:${name}`,
      insuranceLimiter: new RateLimiterMemory({ ...opts, keyPrefix: `insurance:${name}` }),
    });
}

/** Spends `points` of `key`'s budget; throws RateLimited when it is spent. Errors of the store propagate. */
export async function spend(limiter: RateLimiterAbstract, key: string | number, points = 1): Promise<void> {
  try {
    await limiter.consume(String(key), points);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new RateLimited(retryAfter(err));
    throw err;
  }
}

export type Scope = 'user' | 'address';

/** The per-endpoint budgets of a limit table, one limiter per (endpoint, scope). */
export class EndpointLimiters {
  private readonly limiters = new Map<string, RateLimiterAbstract | null>();

  constructor(
    private readonly table: LimitTable,
    private readonly make: LimiterFactory,
  ) {}

  /** Spends one request of `name`'s `scope` budget for `key`; a missing or 0-point budget is no limit. */
  async hit(name: EndpointName, scope: Scope, key: string | number): Promise<void> {
    const limiter = this.limiter(name, scope);
    if (limiter) await spend(limiter, key);
  }

  private limiter(name: EndpointName, scope: Scope): RateLimiterAbstract | null {
    const id = `${name}:${scope}`;
    let limiter = this.limiters.get(id);
    if (limiter === undefined) {
      const budget: Budget | undefined = this.table[name][scope];
      limiter = budget && budget[0] > 0 ? this.make(id, { points: budget[0], duration: budget[1] }) : null;
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
