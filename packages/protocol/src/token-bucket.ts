/**
 * A token bucket: `burst` tokens when full, `perSecond` back, never more than `burst`.
 * The server counts each socket's frames with one, the web client its typing frames
 * (limits.ts SocketBudget); the caller passes the clock's reading.
 */
export class TokenBucket {
  private left: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.left = burst;
    this.at = now;
  }

  /** Tokens at `now` (epoch ms), refilled since the last reading. */
  tokens(now: number): number {
    this.left = Math.min(this.burst, this.left + (Math.max(0, now - this.at) * this.perSecond) / 1000);
    this.at = now;
    return this.left;
  }

  /** Takes `cost` tokens at `now`; false, taking nothing, when there are fewer. */
  take(cost: number, now: number): boolean {
    if (this.tokens(now) < cost) return false;
    this.left -= cost;
    return true;
  }
}
