/**
 * The offline queue (issue 11 point 6): text, quotes and cards typed while the socket
 * is down wait as `loadStatus: 'queued'` entries (saved with their chat, so they survive
 * a reload) and leave one at a time, oldest first, with their own tmpId once the socket
 * logs in again. The server stores a tmpId once, so a send repeated after a lost reply
 * is not a duplicate. Files are never queued: they fail as before (spec §4).
 *
 * A text cut off while the socket still looks up (the network went before the heartbeat
 * noticed) waits too and is tried again after a growing pause; a server that keeps failing
 * it while the socket is up gives up after a few tries, so one message cannot hold the rest.
 */
import { MessageType, ReplyCode, RuntimeCode } from '@parley/protocol';
import type { EngineCore } from './context';

/** What one delivery attempt ended as. */
export type DeliverOutcome = 'sent' | 'failed' | 'queued' | 'stale';

const QUEUEABLE = new Set<number>([MessageType.TEXT, MessageType.CARD]);
const RUNTIME = new Set<number>(Object.values(RuntimeCode));

export const isQueueable = (msgType: number): boolean => QUEUEABLE.has(msgType);

/** A network failure or a server fault: the message may wait and go later. */
export function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'number') return err instanceof TypeError;
  return RUNTIME.has(code) || code >= ReplyCode.SERVER_ERROR || code === ReplyCode.TOO_MANY;
}

/** Pauses before each try of a message that failed with the socket up (ms); then it fails. */
export const LIVE_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;

export interface Outbox {
  /** Something is waiting: a new message queues behind it to keep the order. */
  hasQueued(): boolean;
  /** Send what waits, in order; stops at the first that has to wait again. */
  flush(): Promise<void>;
  /**
   * A send failed for a transient reason: may it wait in the queue? Offline, always (the
   * login sends it). Online, while tries are left: the next one is scheduled.
   */
  mayWait(tmpId: string): boolean;
  /** The message left the queue (sent or failed): forget its tries. */
  settled(tmpId: string): void;
  /** Sign-out: no pending try. */
  reset(): void;
}

export function createOutbox(
  core: EngineCore,
  isLive: () => boolean,
  deliver: (key: string, tmpId: string) => Promise<DeliverOutcome>,
): Outbox {
  let running: Promise<void> | null = null;
  /** Tries made with the socket up, by tmpId. */
  const liveTries = new Map<string, number>();
  let timer: unknown = null;

  function oldest(): { key: string; tmpId: string } | undefined {
    let best: { key: string; tmpId: string; time: number } | undefined;
    for (const [key, c] of Object.entries(core.get().chats)) {
      // Within a chat the entries are in the order they were typed.
      const m = c.messages.find((x) => x.loadStatus === 'queued' && x.tmpId);
      if (m && (!best || m.sendTime < best.time)) best = { key, tmpId: m.tmpId!, time: m.sendTime };
    }
    return best;
  }

  async function run(): Promise<void> {
    if (!core.session.loaded) await core.untilLoaded();
    for (;;) {
      if (!isLive()) return;
      const next = oldest();
      if (!next) return;
      const outcome = await deliver(next.key, next.tmpId);
      if (outcome === 'queued' || outcome === 'stale') return;
    }
  }

  function flush(): Promise<void> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  function cancelTimer() {
    if (timer !== null) core.deps.timers.clear(timer);
    timer = null;
  }

  return {
    hasQueued: () => oldest() !== undefined,
    flush,
    mayWait(tmpId) {
      if (!isLive()) return true;
      const tries = liveTries.get(tmpId) ?? 0;
      const pause = LIVE_RETRY_MS[tries];
      if (pause === undefined) {
        liveTries.delete(tmpId);
        return false;
      }
      liveTries.set(tmpId, tries + 1);
      cancelTimer();
      timer = core.deps.timers.set(() => {
        timer = null;
        void flush();
      }, pause);
      return true;
    },
    settled: (tmpId) => void liveTries.delete(tmpId),
    reset() {
      cancelTimer();
      liveTries.clear();
    },
  };
}
