/**
 * When a batch of queued writes goes out (write-batch.ts, pg-insert-batch.ts): after an
 * idle spell at the next turn of the event loop, so a lone write waits for nothing;
 * while batches follow each other, `windowMs` after the last one, so under load the
 * batches grow and there are at most 1000/windowMs of them a second.
 */
export class BatchWindow<Job> {
  private queue: Job[] = [];
  private lastFlush = 0;
  /** Flushes under way: a drain waits for them. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly windowMs: number,
    private readonly flush: (jobs: Job[]) => Promise<void>,
  ) {}

  add(job: Job): void {
    this.queue.push(job);
    if (this.queue.length > 1) return;
    const wait = this.lastFlush + this.windowMs - performance.now();
    if (wait <= 0) setImmediate(() => this.take());
    else setTimeout(() => this.take(), wait);
  }

  /** A node draining (lifecycle/drain.ts): what is queued goes now, and every flush has ended when this resolves. */
  async drain(): Promise<void> {
    if (this.queue.length > 0) this.take();
    await Promise.all([...this.running]);
  }

  private take(): void {
    if (this.queue.length === 0) return; // taken early by a drain
    const jobs = this.queue;
    this.queue = [];
    this.lastFlush = performance.now();
    const flushing = this.flush(jobs).finally(() => this.running.delete(flushing));
    this.running.add(flushing);
  }
}
