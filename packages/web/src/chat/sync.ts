/**
 * Receiving over the socket (spec §4, wire-contract §6, §9): the connection
 * state, and the two message streams: private (cmd 3) and group (cmd 4). Each
 * stream has its own cursor and offline pull on every socket login (stream.ts has
 * the cursor rule). The chat list is temporary, and nothing is saved, until both
 * pulls have ended.
 */
import type { GroupMessage, PrivateMessage } from '@parley/protocol';
import type { EngineCore } from './context';
import type { GroupIncoming } from './groupIncoming';
import type { Incoming } from './incoming';
import type { Saver } from './saving';
import { createStream, type Stream } from './stream';

export { PULL_BATCH_MAX, PULL_BATCH_MS, PULL_RETRY_MS, PULL_SAFETY_MS } from './stream';

export type ConnectionState = 'closed' | 'open' | 'loggedIn';
export type StreamName = 'private' | 'group';

export interface Sync {
  /** The socket's state changed ('loggedIn' after each login). */
  onConnection(state: ConnectionState): void;
  connection(): ConnectionState;
  /** Data of one cmd 3 frame. */
  onFrame(data: unknown): void;
  /** Data of one cmd 4 frame. */
  onGroupFrame(data: unknown): void;
  /** Sign-in: no cursors, no frames held. */
  startSession(): void;
  /** The cursors stored on the device. */
  restoreCursors(privateCursor: number, groupCursor: number): void;
  /** The stored chats are in memory: run the pulls a login asked for, then the frames that waited. */
  onLoaded(): void;
  /** Sign-out: drop held frames and any pull in progress. */
  reset(): void;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function asPrivate(data: unknown): PrivateMessage | null {
  if (!isObject(data)) return null;
  if (typeof data.type !== 'number' || typeof data.sendId !== 'number' || typeof data.recvId !== 'number') return null;
  if (typeof data.content !== 'string') return null;
  return data as unknown as PrivateMessage;
}

/** Group messages and their read frames; group sync frames (90-92) are the groups store's. */
function asGroup(data: unknown): GroupMessage | null {
  if (!isObject(data)) return null;
  if (typeof data.type !== 'number' || typeof data.groupId !== 'number') return null;
  if (typeof data.content !== 'string' && typeof data.id !== 'number') return null;
  return data as unknown as GroupMessage;
}

export function createSync(core: EngineCore, saver: Saver, incoming: Incoming, groupIncoming: GroupIncoming): Sync {
  const { deps, session } = core;
  /** Frames that came before the stored chats loaded. */
  let buffered: { stream: Stream; data: unknown }[] = [];
  let loggedIn = false;
  let connection: ConnectionState = 'closed';
  let loginPending = false;

  const common = {
    timers: deps.timers,
    loggedIn: () => loggedIn,
    onPullStart() {
      session.pulling = anyPulling();
      core.setPhase('receiving');
    },
    onPullEnd() {
      session.pulling = anyPulling();
      saver.markIndex();
      if (session.pulling) return;
      core.setPhase('ready');
      core.showAll();
      void saver.flush();
    },
    onCursorMoved: () => saver.markIndex(),
  };
  const privateStream: Stream = createStream<PrivateMessage>({
    ...common,
    handlers: { ...incoming, asWire: asPrivate },
    pull: (minId) => deps.api.pullOffline(minId),
    getCursor: () => session.cursor,
    setCursor: (c) => (session.cursor = c),
  });
  const groupStream: Stream = createStream<GroupMessage>({
    ...common,
    handlers: { ...groupIncoming, asWire: asGroup },
    pull: (minId) => deps.groupApi.pullOffline(minId),
    getCursor: () => session.groupCursor,
    setCursor: (c) => (session.groupCursor = c),
  });
  const streams = [privateStream, groupStream];
  function anyPulling() {
    return streams.some((s) => s.pulling);
  }

  function beginPulls() {
    for (const s of streams) s.beginPull();
  }

  function onConnection(state: ConnectionState) {
    if (state === connection) return;
    connection = state;
    if (state === 'loggedIn') {
      loggedIn = true;
      if (session.userId === null) return;
      if (!session.loaded) loginPending = true;
      else beginPulls();
      return;
    }
    const wasPulling = session.pulling;
    for (const s of streams) s.drop();
    session.pulling = false;
    loggedIn = false;
    loginPending = false;
    if (session.userId === null) return;
    if (wasPulling || core.get().phase === 'receiving') core.setPhase('initializing');
    if (state === 'closed' && session.loaded) core.showAll();
    // What arrived during the interrupted pull may be saved now; the cursors did not move.
    saver.scheduleSave();
  }

  const frameOf = (stream: Stream) => (data: unknown) => {
    if (session.userId === null) return;
    if (!session.loaded) {
      buffered.push({ stream, data });
      return;
    }
    stream.handleFrame(data);
  };

  return {
    onConnection,
    connection: () => connection,
    onFrame: frameOf(privateStream),
    onGroupFrame: frameOf(groupStream),
    startSession() {
      buffered = [];
      for (const s of streams) s.restoreCursor(0);
    },
    restoreCursors(privateCursor, groupCursor) {
      privateStream.restoreCursor(privateCursor);
      groupStream.restoreCursor(groupCursor);
    },
    onLoaded() {
      // The pulls start first: the cursors are the stored ones, frames that came meanwhile belong to the pulls.
      if (loginPending || loggedIn) {
        loginPending = false;
        beginPulls();
      }
      const frames = buffered;
      buffered = [];
      for (const f of frames) f.stream.handleFrame(f.data);
      for (const s of streams) s.flushPulled();
    },
    reset() {
      buffered = [];
      loginPending = false;
      for (const s of streams) s.reset();
      session.pulling = false;
    },
  };
}
