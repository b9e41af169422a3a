/**
 * One message stream of the socket (private on cmd 3, group on cmd 4, system on cmd 5
 * keyed by seqNo: src/system/), each with
 * its own ids, cursor and offline pull (docs/MESSAGE-DELIVERY.md).
 *
 * The cursor only covers ids known to have nothing missing below them: at each
 * socket login the stream pulls everything above the cursor captured at that
 * moment; the cursor moves to the largest id received over the socket when the
 * pull's LOADING "false" frame (on this stream's cmd) arrives, and with each later
 * live frame. Ids learned over REST (own send replies, history) never move it;
 * the pull brings those again and they are dropped as duplicates.
 *
 * A pull's messages are held back and applied in batches (applyPulled: one merge
 * per chat, one store update): every PULL_BATCH_MS or PULL_BATCH_MAX messages,
 * before any other frame of the stream (a recall or read mark may refer to them),
 * and before the pull ends or is dropped. The cursor rule does not change.
 */
import { MessageType, isGroupCallType, isPrivateCallType } from '@parley/protocol';
import type { Timers } from './deps';
import { isListedType } from './messages';

/** Ask the server again this long after a failed offline pull. */
export const PULL_RETRY_MS = 3_000;
/** Show the saved list anyway when a pull never finishes (a lost LOADING frame). */
export const PULL_SAFETY_MS = 30_000;
/** A pull's messages are applied in batches: at LOADING "false", before any other frame, and this often. */
export const PULL_BATCH_MS = 100;
export const PULL_BATCH_MAX = 500;

/** What a stream does with its frames (incoming.ts for private, groupIncoming.ts for group). */
export interface StreamHandlers<W extends { id: number; type: number }> {
  /** The frame as this stream's wire message, or null when it is not one. */
  asWire(data: unknown): W | null;
  applyPulled(batch: readonly W[]): void;
  applyMessage(wire: W, live: boolean): boolean;
  applyRecallMessage(wire: W): void;
  /** An EDIT message: the edited message shows the new content (chat/edits.ts). */
  applyEditMessage(wire: W): void;
  /** A PIN message: the chat's pins follow (chat/pins.ts). */
  applyPinMessage(wire: W): void;
  /** A REACTION message: the message shows the notice's reactions if newer (chat/reactions.ts). */
  applyReactionMessage(wire: W): void;
  applyReaded(wire: W): void;
  applyReceiptFrame(wire: W): void;
}

export interface StreamOptions<W extends { id: number; type: number }> {
  handlers: StreamHandlers<W>;
  pull(minId: number): Promise<unknown>;
  getCursor(): number;
  setCursor(cursor: number): void;
  timers: Timers;
  /** The socket is logged in (live frames move the cursor only then). */
  loggedIn(): boolean;
  /** A LOADING "true" frame or a pull request started. */
  onPullStart(): void;
  /** The pull ended (LOADING "false" or the safety timer): the cursor moved. */
  onPullEnd(): void;
  /** A live frame moved the cursor. */
  onCursorMoved(): void;
  /** Which frame types are stored messages with an id (default: the chat types; the system stream: 53). */
  isStored?(type: number): boolean;
}

export interface Stream {
  readonly pulling: boolean;
  /** After a socket login: pull with the cursor as it is now (THE RULE). */
  beginPull(): void;
  /** The socket dropped: keep what arrived, leave the cursor, forget the pull. */
  drop(): void;
  handleFrame(data: unknown): void;
  /** Apply held pulled messages now. */
  flushPulled(): void;
  restoreCursor(cursor: number): void;
  reset(): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function createStream<W extends { id: number; type: number }>(opts: StreamOptions<W>): Stream {
  const { handlers, timers } = opts;
  let pulling = false;
  let pullGen = 0;
  let pullTimer: unknown = null;
  let frameMaxId = 0;
  /** Messages of the running pull not applied yet (in arrival order). */
  let pulled: W[] = [];
  let batchTimer: unknown = null;

  function flushPulled() {
    if (batchTimer !== null) timers.clear(batchTimer);
    batchTimer = null;
    if (pulled.length === 0) return;
    const batch = pulled;
    pulled = [];
    handlers.applyPulled(batch);
  }

  function cancelPull() {
    pulling = false;
    pullGen++;
    if (pullTimer !== null) timers.clear(pullTimer);
    pullTimer = null;
  }

  function beginPull() {
    const gen = ++pullGen;
    pulling = true;
    // The cursor at the moment of login (THE RULE, docs/MESSAGE-DELIVERY.md).
    const minId = opts.getCursor();
    opts.onPullStart();
    const attempt = () => {
      opts.pull(minId).then(
        () => {
          if (gen !== pullGen || !pulling) return;
          pullTimer = timers.set(() => {
            if (gen === pullGen && pulling) finishPull();
          }, PULL_SAFETY_MS);
        },
        () => {
          if (gen !== pullGen || !pulling) return;
          pullTimer = timers.set(() => {
            if (gen === pullGen && pulling) attempt();
          }, PULL_RETRY_MS);
        },
      );
    };
    attempt();
  }

  function finishPull() {
    if (!pulling) return;
    flushPulled();
    pulling = false;
    if (pullTimer !== null) timers.clear(pullTimer);
    pullTimer = null;
    if (frameMaxId > opts.getCursor()) opts.setCursor(frameMaxId);
    opts.onPullEnd();
  }

  /** An id received over the socket. */
  function trackFrameId(id: unknown) {
    if (typeof id !== 'number') return;
    if (id > frameMaxId) frameMaxId = id;
    if (opts.loggedIn() && !pulling && id > opts.getCursor()) {
      opts.setCursor(id);
      opts.onCursorMoved();
    }
  }

  function handleFrame(data: unknown) {
    if (!isObject(data) || typeof data.type !== 'number') return;
    const type = data.type;
    // Call signals (100-109, 200-211) are not messages: the call module reads them (docs/CALLS.md §8.1).
    if (isPrivateCallType(type) || isGroupCallType(type)) return;
    if (type === MessageType.LOADING) {
      if (data.content === 'true') opts.onPullStart();
      else if (data.content === 'false') finishPull();
      return;
    }
    const wire = handlers.asWire(data);
    if (!wire) return;
    const stored = (opts.isStored ?? isListedType)(type) && typeof wire.id === 'number';
    if (stored && pulling) {
      pulled.push(wire);
      trackFrameId(wire.id);
      if (pulled.length >= PULL_BATCH_MAX) flushPulled();
      else batchTimer ??= timers.set(flushPulled, PULL_BATCH_MS);
      return;
    }
    // Read marks, recalls, edits and reactions may refer to the messages held back.
    flushPulled();
    if (type === MessageType.READED) return handlers.applyReaded(wire);
    if (type === MessageType.RECEIPT) return handlers.applyReceiptFrame(wire);
    if (type === MessageType.RECALL) {
      handlers.applyRecallMessage(wire);
      trackFrameId(wire.id);
      return;
    }
    if (type === MessageType.EDIT) {
      handlers.applyEditMessage(wire);
      trackFrameId(wire.id);
      return;
    }
    if (type === MessageType.PIN) {
      handlers.applyPinMessage(wire);
      trackFrameId(wire.id);
      return;
    }
    if (type === MessageType.REACTION) {
      handlers.applyReactionMessage(wire);
      trackFrameId(wire.id);
      return;
    }
    if (!stored) return;
    handlers.applyMessage(wire, true);
    trackFrameId(wire.id);
  }

  return {
    get pulling() {
      return pulling;
    },
    beginPull,
    drop() {
      flushPulled(); // what arrived before the drop is kept (and may be saved)
      cancelPull();
    },
    handleFrame,
    flushPulled,
    restoreCursor(cursor) {
      opts.setCursor(cursor);
      frameMaxId = cursor;
    },
    reset() {
      pulled = [];
      if (batchTimer !== null) timers.clear(batchTimer);
      batchTimer = null;
      cancelPull();
    },
  };
}
