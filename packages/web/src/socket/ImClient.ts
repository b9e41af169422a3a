/**
 * The /im socket client (spec §4, wire-contract §9). States: closed → open →
 * loggedIn. Heartbeat every 10 s; after a drop it reconnects no sooner than 10 s
 * after the previous attempt. The browser's network events are facts: going offline
 * closes the socket at once (no heartbeat has to miss first), and while offline no
 * attempt is made; coming back online tries at once. A node draining for a restart
 * closes with 4010 (RESTARTING): the client reconnects within a random 0–3 s, without
 * the gap and without a lost/reconnected notice, so a node's sockets spread over the
 * others. Free of DOM and React so it is unit-tested in node.
 */
import { CloseCode, Cmd, MessageType, RuntimeCode, Timing, type ServerFrame } from '@parley/protocol';

export type SocketState = 'closed' | 'open' | 'loggedIn';
/** Why the last connection attempt failed: a runtime code of spec §8 (600009). */
export interface SocketFailure {
  code: number;
  message: string;
}

/** The slice of WebSocket this client uses (the browser's, or a fake in tests). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface ImClientEvents {
  /** cmd 2: the same user logged in on this terminal elsewhere. */
  onForceLogout(reason: string): void;
  /** cmd 5 of type USER_BANNED / USER_UNREG. */
  onAccountClosed(type: number, reason: string): void;
  /** The first drop of a live session (notice "connection lost, retrying"). */
  onConnectionLost(): void;
  /** Logged in again after a drop (notice "reconnected"). */
  onReconnected(): void;
  /** The server refused the token: refresh it and return the new one, or null to give up. */
  onAuthFailed(): Promise<string | null>;
}

export interface ImClientDeps {
  url: string;
  createSocket(url: string): SocketLike;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** [0, 1): the jitter of a reconnect after 4010; Math.random by default. */
  random?: () => number;
}

type FrameListener = (frame: ServerFrame) => void;
const OPEN = 1;
const CONNECT_FAILURE = { code: RuntimeCode.SOCKET_CONNECT_FAILURE, message: 'socket connect failure' };

export class ImClient {
  private socket: SocketLike | null = null;
  private token = '';
  private state: SocketState = 'closed';
  private wanted = false;
  private lastAttempt = Number.NEGATIVE_INFINITY;
  private dropped = false;
  /** Notices only make sense once a session was live. */
  private hadSession = false;
  /** The last drop was the server going away (1001): it stays quiet until the next login. */
  private quietDrop = false;
  private heartbeat: unknown = null;
  private reconnect: unknown = null;
  /** The browser said it has no network: no attempt until it says it has. */
  private offline = false;
  /** Spec §8: the last attempt could not connect (600009); cleared by a login. */
  private failure: SocketFailure | null = null;
  private readonly frameListeners = new Map<number, Set<FrameListener>>();
  private readonly stateListeners = new Set<(s: SocketState) => void>();
  private readonly failureListeners = new Set<(f: SocketFailure | null) => void>();
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly random: () => number;

  constructor(
    private readonly deps: ImClientDeps,
    private readonly events: ImClientEvents,
  ) {
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.random = deps.random ?? Math.random;
  }

  getState(): SocketState {
    return this.state;
  }

  /** Why the last connection attempt failed (runtime code of spec §8), or null. */
  lastFailure(): SocketFailure | null {
    return this.failure;
  }

  /** Told when an attempt fails to connect (600009) and when a login clears it: the banner shows it. */
  onFailureChange(listener: (f: SocketFailure | null) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** Listen to frames of one cmd (3 private, 4 group, 5 system). Returns the unsubscribe. */
  subscribe(cmd: number, listener: FrameListener): () => void {
    let set = this.frameListeners.get(cmd);
    if (!set) this.frameListeners.set(cmd, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  onStateChange(listener: (s: SocketState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  connect(accessToken: string): void {
    this.token = accessToken;
    this.wanted = true;
    this.dropped = false;
    this.hadSession = false;
    this.quietDrop = false;
    if (!this.socket && !this.offline) this.open();
  }

  /**
   * The browser's `online` / `offline` events. Offline: the socket cannot be live, so it is
   * closed now (a live session gets the "connection lost" notice) and no attempt is made.
   * Online: an attempt at once, not after the reconnect gap (the gap spaces out attempts
   * against a failing server; the network coming back is news).
   */
  networkChanged(online: boolean): void {
    if (online === !this.offline) return;
    this.offline = !online;
    if (!this.wanted) return;
    this.clearTimer(this.reconnect);
    this.reconnect = null;
    if (online) {
      if (!this.socket) this.open();
      return;
    }
    if (!this.socket) return;
    const wasLive = this.state === 'loggedIn';
    this.shutSocket(CloseCode.NORMAL);
    if (wasLive && !this.dropped) {
      this.dropped = true;
      this.events.onConnectionLost();
    }
  }

  /** Close for good (logout, forced offline). No reconnect follows. */
  close(code: number = CloseCode.NORMAL): void {
    this.wanted = false;
    this.clearTimer(this.reconnect);
    this.reconnect = null;
    this.shutSocket(code);
  }

  /** Closes the current socket without hearing its close event, and says the state is closed. */
  private shutSocket(code: number): void {
    const socket = this.socket;
    this.detach();
    try {
      socket?.close(code);
    } catch {
      // already closing
    }
    this.setState('closed');
  }

  /** Send a frame; false when the socket is not live (spec §8: 'WebSocket is not connected'). */
  send(cmd: number, data: unknown): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify({ cmd, data }));
    return true;
  }

  private open(): void {
    this.lastAttempt = this.now();
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(this.deps.url);
    } catch {
      this.setFailure(CONNECT_FAILURE);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.setState('open');
      this.send(Cmd.LOGIN, { accessToken: this.token });
    };
    socket.onmessage = (ev) => this.handleMessage(ev.data);
    socket.onerror = () => undefined; // a close event always follows
    socket.onclose = (ev) => this.handleClose(ev.code);
  }

  private handleMessage(raw: unknown): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(raw)) as ServerFrame;
    } catch {
      return;
    }
    switch (frame.cmd) {
      case Cmd.LOGIN:
        return this.loggedIn();
      case Cmd.HEARTBEAT:
        return;
      case Cmd.FORCE_LOGOUT:
        // A normal close: 3099 is the spec's code for banned and deleted accounts only.
        this.close(CloseCode.NORMAL);
        return this.events.onForceLogout(typeof frame.data === 'string' ? frame.data : '');
      case Cmd.SYSTEM_MESSAGE: {
        const msg = frame.data as { type?: number; content?: unknown } | undefined;
        if (msg?.type === MessageType.USER_BANNED || msg?.type === MessageType.USER_UNREG) {
          this.close(CloseCode.BANNED_OR_UNREG);
          return this.events.onAccountClosed(msg.type, typeof msg.content === 'string' ? msg.content : '');
        }
        break;
      }
    }
    for (const l of [...(this.frameListeners.get(frame.cmd) ?? [])]) l(frame);
  }

  private loggedIn(): void {
    this.setState('loggedIn');
    this.setFailure(null);
    this.hadSession = true;
    this.clearTimer(this.heartbeat);
    this.heartbeat = this.setTimer(() => this.beat(), Timing.HEARTBEAT_MS);
    if (this.dropped && !this.quietDrop) this.events.onReconnected();
    this.dropped = false;
    this.quietDrop = false;
  }

  private beat(): void {
    if (this.state !== 'loggedIn') return;
    this.send(Cmd.HEARTBEAT, {});
    this.heartbeat = this.setTimer(() => this.beat(), Timing.HEARTBEAT_MS);
  }

  private handleClose(code: number): void {
    // Closed before it ever opened: the connection itself failed.
    if (this.state === 'closed') this.setFailure(CONNECT_FAILURE);
    this.detach();
    this.setState('closed');
    if (!this.wanted) return;
    if (code === CloseCode.BANNED_OR_UNREG || code === CloseCode.REPLACED) {
      // The server ended this session for good without the frame saying why.
      this.wanted = false;
      if (code === CloseCode.REPLACED) this.events.onForceLogout('');
      else this.events.onAccountClosed(MessageType.USER_BANNED, '');
      return;
    }
    // A server going down (1001) or draining (4010) is a restart, not a failure: the banner
    // says "connecting", and no lost/reconnected notice follows (issue 11 point 6, issue 23 point 5).
    const restart = code === CloseCode.GOING_AWAY || code === CloseCode.RESTARTING;
    if (restart) this.quietDrop = !this.dropped;
    else if (!this.dropped && this.hadSession && !this.quietDrop) {
      this.dropped = true;
      this.events.onConnectionLost();
    }
    if (code === CloseCode.AUTH_FAILED) {
      void this.events.onAuthFailed().then((token) => {
        if (token === null) this.close();
        else {
          this.token = token;
          this.scheduleReconnect();
        }
      });
      return;
    }
    // Draining: another node takes us now; the jitter keeps its sockets from arriving at once.
    if (code === CloseCode.RESTARTING) this.scheduleReconnect(this.random() * Timing.RESTART_RECONNECT_JITTER_MS);
    else this.scheduleReconnect();
  }

  /** `after`: the delay of this attempt; by default the rest of the gap since the last one. */
  private scheduleReconnect(after?: number): void {
    // Offline: the `online` event opens the next attempt.
    if (!this.wanted || this.reconnect || this.offline) return;
    const wait = after ?? Math.max(0, this.lastAttempt + Timing.RECONNECT_MIN_GAP_MS - this.now());
    this.reconnect = this.setTimer(() => {
      this.reconnect = null;
      if (this.wanted && !this.socket) this.open();
    }, wait);
  }

  private detach(): void {
    this.clearTimer(this.heartbeat);
    this.heartbeat = null;
    if (this.socket) {
      this.socket.onopen = this.socket.onmessage = this.socket.onerror = this.socket.onclose = null;
    }
    this.socket = null;
  }

  private setFailure(next: SocketFailure | null): void {
    if (next === this.failure) return;
    this.failure = next;
    for (const l of [...this.failureListeners]) l(next);
  }

  private setState(next: SocketState): void {
    if (next === this.state) return;
    this.state = next;
    for (const l of [...this.stateListeners]) l(next);
  }
}
