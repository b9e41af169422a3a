/**
 * Receiving over the socket (spec §4, wire-contract §6, §9): the connection
 * state, the offline pull on every socket login, and the cmd 3 frames.
 *
 * The offline pull cursor (docs/MESSAGE-DELIVERY.md): on every socket login the
 * client asks for everything above the cursor captured at that moment. The cursor
 * only covers ids known to have nothing missing below them: it moves to the largest
 * id received over the socket when the pull's LOADING "false" frame arrives, and
 * with each later live frame. Ids learned over REST (own send replies, history)
 * never move it; the pull brings those again and they are dropped as duplicates.
 *
 * A pull's messages are held back and applied in batches (incoming.applyPulled:
 * one merge per chat, one store update): every PULL_BATCH_MS or PULL_BATCH_MAX
 * messages, before any other frame (a recall or read mark may refer to them), and
 * before the pull ends or is dropped. The cursor rule does not change.
 */
import { MessageType, type PrivateMessage } from '@parley/protocol';
import type { EngineCore } from './context';
import type { Incoming } from './incoming';
import { isListedType } from './messages';
import type { Saver } from './saving';

/** Ask the server again this long after a failed offline pull. */
export const PULL_RETRY_MS = 3_000;
/** Show the saved list anyway when a pull never finishes (a lost LOADING frame). */
export const PULL_SAFETY_MS = 30_000;
/** A pull's messages are applied in batches: at LOADING "false", before any other frame, and this often. */
export const PULL_BATCH_MS = 100;
export const PULL_BATCH_MAX = 500;

export type ConnectionState = 'closed' | 'open' | 'loggedIn';

export interface Sync {
  /** The socket's state changed ('loggedIn' after each login). */
  onConnection(state: ConnectionState): void;
  connection(): ConnectionState;
  /** Data of one cmd 3 frame. */
  onFrame(data: unknown): void;
  /** Sign-in: no cursor, no frames held. */
  startSession(): void;
  /** The cursor stored on the device. */
  restoreCursor(cursor: number): void;
  /** The stored chats are in memory: run the pull a login asked for, then the frames that waited. */
  onLoaded(): void;
  /** Sign-out: drop held frames and any pull in progress. */
  reset(): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function asWire(data: unknown): PrivateMessage | null {
  if (!isObject(data)) return null;
  if (typeof data.type !== 'number' || typeof data.sendId !== 'number' || typeof data.recvId !== 'number') return null;
  if (typeof data.content !== 'string') return null;
  return data as unknown as PrivateMessage;
}

export function createSync(core: EngineCore, saver: Saver, incoming: Incoming): Sync {
  const { deps, session } = core;
  /** Frames that came before the stored chats loaded. */
  let buffered: unknown[] = [];
  let loggedIn = false;
  let connection: ConnectionState = 'closed';
  let loginPending = false;
  let pullGen = 0;
  let pullTimer: unknown = null;
  let frameMaxId = 0;
  /** Messages of the running pull not applied yet (in arrival order). */
  let pulled: PrivateMessage[] = [];
  let batchTimer: unknown = null;

  function applyPulled() {
    if (batchTimer !== null) deps.timers.clear(batchTimer);
    batchTimer = null;
    if (pulled.length === 0) return;
    const batch = pulled;
    pulled = [];
    incoming.applyPulled(batch);
  }

  function cancelPull() {
    session.pulling = false;
    pullGen++;
    if (pullTimer !== null) deps.timers.clear(pullTimer);
    pullTimer = null;
  }

  // ---- connection and offline pull ------------------------------------

  function onConnection(state: ConnectionState) {
    if (state === connection) return;
    connection = state;
    if (state === 'loggedIn') {
      loggedIn = true;
      if (session.userId === null) return;
      if (!session.loaded) loginPending = true;
      else beginPull();
      return;
    }
    const wasPulling = session.pulling;
    applyPulled(); // what arrived before the drop is kept (and may be saved below)
    loggedIn = false;
    loginPending = false;
    cancelPull();
    if (session.userId === null) return;
    if (wasPulling || core.get().phase === 'receiving') core.setPhase('initializing');
    if (state === 'closed' && session.loaded) core.showAll();
    // What arrived during the interrupted pull may be saved now; the cursor did not move.
    saver.scheduleSave();
  }

  function beginPull() {
    const gen = ++pullGen;
    session.pulling = true;
    // The cursor at the moment of login (THE RULE, docs/MESSAGE-DELIVERY.md).
    const minId = session.cursor;
    core.setPhase('receiving');
    const attempt = () => {
      deps.api.pullOffline(minId).then(
        () => {
          if (gen !== pullGen || !session.pulling) return;
          pullTimer = deps.timers.set(() => {
            if (gen === pullGen && session.pulling) finishPull();
          }, PULL_SAFETY_MS);
        },
        () => {
          if (gen !== pullGen || !session.pulling) return;
          pullTimer = deps.timers.set(() => {
            if (gen === pullGen && session.pulling) attempt();
          }, PULL_RETRY_MS);
        },
      );
    };
    attempt();
  }

  function finishPull() {
    if (!session.pulling) return;
    applyPulled();
    session.pulling = false;
    if (pullTimer !== null) deps.timers.clear(pullTimer);
    pullTimer = null;
    if (frameMaxId > session.cursor) session.cursor = frameMaxId;
    saver.markIndex();
    core.setPhase('ready');
    core.showAll();
    void saver.flush();
  }

  /** An id received over the socket. */
  function trackFrameId(id: unknown) {
    if (typeof id !== 'number') return;
    if (id > frameMaxId) frameMaxId = id;
    if (loggedIn && !session.pulling && id > session.cursor) {
      session.cursor = id;
      saver.markIndex();
    }
  }

  // ---- frames ----------------------------------------------------------

  function onFrame(data: unknown) {
    if (session.userId === null) return;
    if (!session.loaded) {
      buffered.push(data);
      return;
    }
    handleFrame(data);
  }

  function handleFrame(data: unknown) {
    if (!isObject(data) || typeof data.type !== 'number') return;
    const type = data.type;
    if (type === MessageType.LOADING) {
      if (data.content === 'true') core.setPhase('receiving');
      else if (data.content === 'false') finishPull();
      return;
    }
    const wire = asWire(data);
    if (!wire) return;
    const stored = isListedType(type) && typeof wire.id === 'number';
    if (stored && session.pulling) {
      pulled.push(wire);
      trackFrameId(wire.id);
      if (pulled.length >= PULL_BATCH_MAX) applyPulled();
      else batchTimer ??= deps.timers.set(applyPulled, PULL_BATCH_MS);
      return;
    }
    // Read marks and recalls may refer to the messages held back.
    applyPulled();
    if (type === MessageType.READED) return incoming.applyReaded(wire);
    if (type === MessageType.RECEIPT) return incoming.applyReceiptFrame(wire);
    if (type === MessageType.RECALL) {
      incoming.applyRecallMessage(wire);
      trackFrameId(wire.id);
      return;
    }
    if (!stored) return;
    incoming.applyMessage(wire, true);
    trackFrameId(wire.id);
  }

  function restoreCursor(cursor: number) {
    session.cursor = cursor;
    frameMaxId = cursor;
  }

  return {
    onConnection,
    connection: () => connection,
    onFrame,
    startSession() {
      buffered = [];
      restoreCursor(0);
    },
    restoreCursor,
    onLoaded() {
      // The pull starts first: the cursor is the one stored, frames that came meanwhile belong to the pull.
      if (loginPending || loggedIn) {
        loginPending = false;
        beginPull();
      }
      const frames = buffered;
      buffered = [];
      for (const f of frames) handleFrame(f);
      applyPulled();
    },
    reset() {
      buffered = [];
      pulled = [];
      if (batchTimer !== null) deps.timers.clear(batchTimer);
      batchTimer = null;
      loginPending = false;
      cancelPull();
    },
  };
}
