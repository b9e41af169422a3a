/**
 * Per-account login backoff: after `freeFailures` wrong passwords for one user name
 * (from any address, within an hour), each further failure makes the account wait
 * 1 s, 2 s, 4 s … up to `maxWaitS` before the next try is even checked. A correct
 * password clears the count. Complements the per-address limit, which a botnet
 * spreads thin.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimiterFactory } from './limiter.js';
import { RateLimited } from './limiter.js';

export class LoginThrottle {
  private readonly failures: RateLimiterAbstract;
  private readonly lock: RateLimiterAbstract;

  constructor(
    make: LimiterFactory,
    private readonly freeFailures: number,
    private readonly maxWaitS: number,
  ) {
    this.failures = make('login-failures', { points: 1_000_000, duration: 3600 });
    this.lock = make('login-lock', { points: 1, duration: 1 });
  }

  /** Throws RateLimited while the account must wait. */
  async check(userName: string): Promise<void> {
    if (this.freeFailures <= 0) return;
    const res = await this.lock.get(key(userName));
    if (res && res.consumedPoints > 1 && res.msBeforeNext > 0) {
      throw new RateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    }
  }

  async failed(userName: string): Promise<void> {
    if (this.freeFailures <= 0) return;
    const res = await this.failures.penalty(key(userName), 1);
    const over = res.consumedPoints - this.freeFailures;
    if (over >= 0) await this.lock.block(key(userName), Math.min(2 ** over, this.maxWaitS));
  }

  async succeeded(userName: string): Promise<void> {
    if (this.freeFailures <= 0) return;
    await Promise.all([this.failures.delete(key(userName)), this.lock.delete(key(userName))]);
  }
}

const key = (userName: string) => userName.trim().toLowerCase();
