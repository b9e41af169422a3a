/**
 * The signals of the current call that no page has consumed yet (docs/CALLS.md §8.2):
 * the call page attaches a consumer, which first gets the queued signals in order.
 * Shared by the private and the group call stores.
 */
export type Delivery = 'delivered' | 'queued';

export interface SignalQueue<F> {
  /** To the page, or kept until one attaches. */
  deliver(frame: F): Delivery;
  /** Keep only the queued frames that pass (a new callId, a new call). */
  keep(pass: (frame: F) => boolean): void;
  /** Replace the queue (an incoming call's first frame). */
  reset(frames: F[]): void;
  /** Returns the detach function. */
  attach(consumer: (frame: F) => void): () => void;
  hasConsumer(): boolean;
}

export function createSignalQueue<F>(changed: () => void): SignalQueue<F> {
  let queue: F[] = [];
  let consumer: ((frame: F) => void) | null = null;
  return {
    deliver(frame) {
      if (consumer) {
        consumer(frame);
        return 'delivered';
      }
      queue.push(frame);
      return 'queued';
    },
    keep(pass) {
      queue = queue.filter(pass);
    },
    reset(frames) {
      queue = [...frames];
    },
    attach(next) {
      consumer = next;
      const pending = queue;
      queue = [];
      for (const f of pending) next(f);
      changed();
      return () => {
        if (consumer !== next) return;
        consumer = null;
        changed();
      };
    },
    hasConsumer: () => consumer !== null,
  };
}

/** Listeners of a store's changes. */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    changed(): void {
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
