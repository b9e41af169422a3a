/** At most `limit` tasks at once, the rest waiting in arrival order (p-limit), with the peak kept for tests. */
import pLimit, { type LimitFunction } from 'p-limit';

export class Semaphore {
  private readonly gate: LimitFunction;
  /** Most tasks that ever ran at once (tests and diagnostics). */
  peak = 0;

  constructor(readonly limit: number) {
    this.gate = pLimit(limit);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.gate(() => {
      this.peak = Math.max(this.peak, this.gate.activeCount);
      return task();
    });
  }
}
