/**
 * When a batch of queued writes goes out (write-batch.ts, pg-insert-batch.ts): after an
 * idle spell at the next turn of the event loop, so a lone write waits for nothing;
 * while batches follow each other, `windowMs` after the last one, so under load the
 * batches grow and there are at most 1000/windowMs of them a second.
 */
export class BatchWindow<Job> {
  private queue: Job[] = [];
  private lastFlush = 0;

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

  private take(): void {
    const jobs = this.queue;
    this.queue = [];
    this.lastFlush = performance.now();
    void this.flush(jobs);
  }
}
