/**
 * ICE candidate bookkeeping (docs/CALLS.md §8.4), free of WebRTC so it can be tested:
 * local candidates are held until the offer/answer they belong to was sent, then sent
 * in batches (one request per ~20 ms, at most 20 each); remote candidates wait until
 * the remote description is set and are then applied in order.
 */
import { ICE_CANDIDATES_PER_REQUEST_MAX, type IceCandidate } from '@parley/protocol';

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const browserTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export const CANDIDATE_BATCH_MS = 20;

export interface CandidateBatcher {
  add(candidate: IceCandidate): void;
  /** The description was sent: candidates may go now (and from now on). */
  release(): void;
  /** A new offer/answer is on its way: hold candidates again until it was sent. */
  hold(): void;
  /** Drop everything (the connection was replaced). */
  reset(): void;
  readonly pending: number;
}

export function createCandidateBatcher(
  send: (batch: IceCandidate[]) => void,
  timers: Timers,
  delayMs = CANDIDATE_BATCH_MS,
  max = ICE_CANDIDATES_PER_REQUEST_MAX,
): CandidateBatcher {
  let open = false;
  let pending: IceCandidate[] = [];
  let timer: unknown = null;

  const flush = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    while (open && pending.length > 0) send(pending.splice(0, max));
  };
  const schedule = () => {
    if (open && timer === null && pending.length > 0) timer = timers.set(flush, delayMs);
  };

  return {
    add(candidate) {
      pending.push(candidate);
      if (pending.length >= max) flush();
      else schedule();
    },
    release() {
      open = true;
      flush();
    },
    hold() {
      open = false;
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
    reset() {
      open = false;
      pending = [];
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
    get pending() {
      return pending.length;
    },
  };
}

export interface RemoteCandidateQueue {
  add(candidate: IceCandidate): void;
  /** The remote description is set: apply what waited, in order, and the rest at once. */
  ready(): Promise<void>;
  /** A new connection: wait for its remote description again. */
  reset(): void;
  readonly waiting: number;
}

export function createRemoteCandidateQueue(
  apply: (candidate: IceCandidate) => Promise<void>,
  onError: (err: unknown) => void = () => undefined,
): RemoteCandidateQueue {
  let isReady = false;
  let queue: IceCandidate[] = [];
  /** Candidates are applied one after another, also those arriving while the queue drains. */
  let chain: Promise<void> = Promise.resolve();
  let generation = 0;

  const enqueue = (c: IceCandidate) => {
    const gen = generation;
    chain = chain.then(async () => {
      if (gen !== generation) return;
      try {
        await apply(c);
      } catch (err) {
        onError(err); // logged and ignored (CALLS.md §8.4)
      }
    });
  };

  return {
    add(candidate) {
      if (isReady) enqueue(candidate);
      else queue.push(candidate);
    },
    ready() {
      isReady = true;
      const waiting = queue;
      queue = [];
      for (const c of waiting) enqueue(c);
      return chain;
    },
    reset() {
      isReady = false;
      queue = [];
      generation++;
    },
    get waiting() {
      return queue.length;
    },
  };
}
