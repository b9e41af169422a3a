/**
 * The client half of the no-loss protocol (docs/MESSAGE-DELIVERY.md), exactly as the
 * web client must do it, for one stream: private messages (cmd 3), group messages
 * (cmd 4) or system notifications (cmd 5, keyed by seqNo in place of id), each with
 * its own cursor and pull:
 *
 * - `cursor`: every message with an id ≤ cursor is held. Persist it with the messages.
 * - On every socket login ({cmd:0} answered): capture c = cursor, then
 *   GET pullOfflineMessage?minId=c.
 * - Store every cmd 3 frame that carries an `id` (pushed or pulled, in any order) by
 *   id; a second copy of an id is dropped (dedupe).
 * - On LOADING "false" on this socket: cursor = the largest id held. From then on,
 *   every message frame on this socket raises the cursor to its id.
 * - A socket that closes before its LOADING "false" leaves the cursor where it was:
 *   the next login pulls from there again. Frames of a closed socket are ignored.
 * - An EDIT (13) message, when first held, changes what its message shows if its
 *   `editTime` is newer than what it shows (a message pulled after an edit already
 *   shows it): `shown`, the view the loss tests compare with the server's rows.
 * - A PIN (15) message, when first held, sets its message's pin if its `pinTime` is
 *   newer than the pin state known; a RECALL takes the message out of the pins for good.
 * - A REACTION (14) message, when first held, replaces its message's reactions if its
 *   `reactTime` is newer than what the message shows (a message pulled later carries
 *   its summary and reactTime); a RECALL clears them for good: `reacted`.
 * - Friend requests (type 83, never stored, private stream only): on every socket
 *   login GET /friend/requests, and every request there or in a frame replaces the
 *   held one of its id when its `updateTime` is newer: `requests` (docs/PROTOCOL.md
 *   "Friend requests").
 */
import { WebSocket } from 'ws';
import {
  ACCESS_TOKEN_HEADER,
  API_BASE,
  Cmd,
  MessageType,
  WS_PATH,
  api,
  parseEditNotice,
  parsePinNotice,
  parseReactionNotice,
  type FriendRequest,
  type ReactionSummary,
  type PrivateMessage,
  type ServerFrame,
  Terminal,
} from '@parley/protocol';
import { login, type ApiClient, type TestUser } from './api.js';

export class ChatClient {
  /** Held messages by id. */
  readonly messages = new Map<number, PrivateMessage>();
  /** When each message was first held (epoch ms). */
  readonly heldAt = new Map<number, number>();
  /** What each held text shows after the EDIT messages held so far: its content and edit time (-1: never). */
  readonly shown = new Map<number, { content: string; editTime: number }>();
  /** How many times each EDIT message was applied: once each. */
  readonly editsApplied = new Map<number, number>();
  /** The pin state of each message after the PIN and RECALL messages held so far. */
  readonly pinState = new Map<number, { pinned: boolean; pinTime: number }>();
  /** How many times each PIN message was applied: once each. */
  readonly pinsApplied = new Map<number, number>();
  /** What each held message shows of its reactions: the summary and its reactTime (-1: none yet). */
  readonly reacted = new Map<number, { reactions: ReactionSummary; reactTime: number }>();
  /** How many times each REACTION message was applied: once each. */
  readonly reactionsApplied = new Map<number, number>();
  /** Friend requests by id, each the newest state seen (private stream). */
  readonly requests = new Map<number, FriendRequest>();
  /** How many times each state (`id@updateTime`) of a request was applied: once each. */
  readonly requestStatesApplied = new Map<string, number>();
  cursor = 0;
  /** Statistics: logins, and sockets dropped before their pull finished. */
  logins = 0;
  droppedMidPull = 0;
  private ws: WebSocket | undefined;
  private loaded = false;
  private maxHeld = 0;
  private loadedWaiters: (() => void)[] = [];

  constructor(
    /** Node the next connect() and its pull go to; a cluster test moves it between nodes. */
    public baseUrl: string,
    private readonly token: string,
    private readonly stream: 'private' | 'group' | 'system' = 'private',
  ) {}

  private get cmd(): number {
    if (this.stream === 'system') return Cmd.SYSTEM_MESSAGE;
    return this.stream === 'group' ? Cmd.GROUP_MESSAGE : Cmd.PRIVATE_MESSAGE;
  }

  private get pullPath(): string {
    if (this.stream === 'system') return `${api.systemPullOffline.path}?minSeqNo=`;
    return `${this.stream === 'group' ? api.groupPullOffline.path : api.privatePullOffline.path}?minId=`;
  }

  get connected(): boolean {
    return this.ws !== undefined;
  }

  /** Pull requests that failed (the test expects none). */
  pullErrors: string[] = [];
  /** Ask a pull again after a 5xx or a failed connection (see `pull`). */
  retryPull = false;
  pullRetries = 0;
  /** Told the close code when this client's current socket closes (not after `drop()`). */
  onClosed: ((code: number) => void) | undefined;

  /** Opens a socket, logs in and starts the pull without waiting for it (see `synced`). */
  async connect(): Promise<void> {
    if (this.ws) throw new Error('already connected');
    const ws = new WebSocket(this.baseUrl.replace(/^http/, 'ws') + WS_PATH);
    this.ws = ws;
    this.loaded = false;
    const loggedIn = new Promise<void>((resolve, reject) => {
      ws.on('message', (raw) => {
        if (this.ws !== ws) return; // a dropped socket's late frames are ignored
        const frame = JSON.parse(raw.toString()) as ServerFrame;
        if (frame.cmd === Cmd.LOGIN) resolve();
        else if (frame.cmd === this.cmd) this.onMessage(frame.data as Partial<PrivateMessage>);
      });
      ws.once('close', (code) => {
        if (this.ws === ws) {
          this.forget();
          this.onClosed?.(code);
        }
        reject(new Error('socket closed before login'));
      });
      ws.once('error', () => undefined); // the close handler decides
      ws.once('open', () => ws.send(JSON.stringify({ cmd: Cmd.LOGIN, data: { accessToken: this.token } })));
    });
    await loggedIn;
    this.logins++;
    void this.pull(ws, this.cursor); // the cursor as it was when this socket logged in
    if (this.stream === 'private') void this.loadRequests(ws);
  }

  /**
   * The pull of this socket's login. With `retryPull`, as the web client does behind a
   * balancer: a 5xx or a failed connection (a node going away) is asked again while the
   * socket lives.
   */
  private async pull(ws: WebSocket, minId: number): Promise<void> {
    for (;;) {
      let failure: string;
      try {
        const res = await fetch(`${this.baseUrl}${API_BASE}${this.pullPath}${minId}`, {
          headers: { [ACCESS_TOKEN_HEADER]: this.token },
        });
        if (res.status === 200) return;
        failure = `${res.status} ${await res.text()}`;
        if (!this.retryPull || res.status < 500) return void this.pullErrors.push(failure);
      } catch (err) {
        failure = String(err);
        if (!this.retryPull) return void this.pullErrors.push(failure);
      }
      if (this.ws !== ws) return; // the next socket pulls again
      this.pullRetries++;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
    }
  }

  /** The friend request list, reloaded at every login: what this terminal missed while away. */
  private async loadRequests(ws: WebSocket): Promise<void> {
    try {
      const res = await fetch(`${this.baseUrl}${API_BASE}${api.friendRequests.path}`, {
        headers: { [ACCESS_TOKEN_HEADER]: this.token },
      });
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      const list = ((await res.json()) as { data: FriendRequest[] }).data;
      if (this.ws === ws) for (const r of list) this.applyRequest(r);
    } catch (err) {
      this.pullErrors.push(String(err));
    }
  }

  private applyRequest(r: FriendRequest): void {
    const held = this.requests.get(r.id);
    if (held && held.updateTime >= r.updateTime) return;
    this.requests.set(r.id, r);
    const state = `${r.id}@${r.updateTime}`;
    this.requestStatesApplied.set(state, (this.requestStatesApplied.get(state) ?? 0) + 1);
  }

  /** Closes the socket at once (as a network drop would). */
  drop(): void {
    const ws = this.ws;
    if (!ws) return;
    this.forget();
    ws.terminate();
  }

  /** Resolves when this socket's pull has finished (LOADING "false"). */
  synced(timeoutMs = 10_000): Promise<void> {
    if (this.loaded) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('pull did not finish in time')), timeoutMs);
      this.loadedWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  /**
   * The reply to this terminal's own send (the server does not echo it to the sending
   * terminal): held like any message, but it moves no cursor — only a pull or a live
   * frame on a loaded socket does.
   */
  hold(msg: { id: number }): void {
    if (!this.messages.has(msg.id)) this.keep(msg.id, msg as PrivateMessage);
    this.maxHeld = Math.max(this.maxHeld, msg.id);
  }

  /** Held ids in ascending order. */
  ids(): number[] {
    return [...this.messages.keys()].sort((a, b) => a - b);
  }

  private onMessage(data: Partial<PrivateMessage>): void {
    if (data.type === MessageType.LOADING) {
      if (data.content !== 'false') return;
      this.loaded = true;
      this.cursor = Math.max(this.cursor, this.maxHeld);
      for (const w of this.loadedWaiters.splice(0)) w();
      return;
    }
    if (data.type === MessageType.FRIEND_REQUEST && this.stream === 'private') {
      this.applyRequest(JSON.parse(data.content!) as FriendRequest);
      return;
    }
    // System notifications travel in seqNo order; their id is the notification's, shared by all recipients.
    const key = this.stream === 'system' ? (data as { seqNo?: unknown }).seqNo : data.id;
    if (typeof key !== 'number') return; // read marks, friend sync: no id
    if (!this.messages.has(key)) this.keep(key, data as PrivateMessage);
    this.maxHeld = Math.max(this.maxHeld, key);
    if (this.loaded) this.cursor = Math.max(this.cursor, key);
  }

  /** A message held for the first time, and what it changes on screen. */
  private keep(key: number, msg: PrivateMessage): void {
    this.messages.set(key, msg);
    this.heldAt.set(key, Date.now());
    if (msg.type === MessageType.TEXT) this.show(msg.id, msg.content, msg.editTime ?? -1);
    if (msg.type === MessageType.PIN) this.applyPin(msg);
    if (msg.type === MessageType.RECALL) this.pinState.set(Number(msg.content), { pinned: false, pinTime: Infinity });
    if (msg.type === MessageType.TEXT) this.react(msg.id, msg.reactions ?? [], msg.reactTime ?? -1);
    if (msg.type === MessageType.RECALL) this.react(Number(msg.content), [], Infinity);
    if (msg.type === MessageType.REACTION) {
      const notice = parseReactionNotice(msg.content);
      if (!notice) return;
      this.reactionsApplied.set(msg.id, (this.reactionsApplied.get(msg.id) ?? 0) + 1);
      this.react(notice.id, notice.reactions, notice.reactTime);
    }
    if (msg.type !== MessageType.EDIT) return;
    const notice = parseEditNotice(msg.content);
    if (!notice) return;
    this.editsApplied.set(msg.id, (this.editsApplied.get(msg.id) ?? 0) + 1);
    this.show(notice.id, notice.content, notice.editTime);
  }

  private applyPin(msg: PrivateMessage): void {
    const notice = parsePinNotice(msg.content);
    if (!notice) return;
    this.pinsApplied.set(msg.id, (this.pinsApplied.get(msg.id) ?? 0) + 1);
    const known = this.pinState.get(notice.id);
    if (!known || notice.pinTime > known.pinTime) {
      this.pinState.set(notice.id, { pinned: notice.pinned, pinTime: notice.pinTime });
    }
  }

  /** The ids of the messages this terminal shows pinned, ascending. */
  pinned(): number[] {
    return [...this.pinState].flatMap(([id, p]) => (p.pinned ? [id] : [])).sort((a, b) => a - b);
  }

  private react(id: number, reactions: ReactionSummary, reactTime: number): void {
    const now = this.reacted.get(id);
    if (!now || reactTime > now.reactTime) this.reacted.set(id, { reactions, reactTime });
  }

  private show(id: number, content: string, editTime: number): void {
    const now = this.shown.get(id);
    if (!now || editTime > now.editTime) this.shown.set(id, { content, editTime });
  }

  private forget(): void {
    if (!this.loaded) this.droppedMidPull++;
    this.ws = undefined;
    this.loaded = false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

/** Drops and reconnects `terminal` at random until `stop()` says so; mostly short lives, so many drops land mid-pull. */
export async function chaos(terminal: ChatClient, stop: () => boolean): Promise<void> {
  while (!stop()) {
    try {
      await terminal.connect();
    } catch {
      // dropped before login finished: try again
    }
    await sleep(Math.random() < 0.5 ? rand(0, 15) : rand(15, 150));
    terminal.drop();
    await sleep(rand(0, 30));
  }
}

/** A WEB and an APP terminal of each user on `stream`, each on one of `urls` picked at random. */
export async function twoTerminals(
  client: ApiClient,
  urls: readonly string[],
  users: readonly TestUser[],
  stream: 'private' | 'group' | 'system',
): Promise<Map<number, ChatClient[]>> {
  const terminals = new Map<number, ChatClient[]>();
  for (const u of users) {
    const app = await login(client, u.userName, u.password, Terminal.APP);
    const url = () => urls[rand(0, urls.length - 1)]!;
    terminals.set(u.id, [
      new ChatClient(url(), u.tokens.accessToken, stream),
      new ChatClient(url(), app.accessToken, stream),
    ]);
  }
  return terminals;
}

/**
 * Chaos on every terminal from now on; the returned `settle` ends it, then connects each
 * terminal once more and waits for its pull, so what it holds can be checked.
 */
export function underChaos(all: readonly ChatClient[]): () => Promise<void> {
  let running = true;
  const runs = all.map((t) => chaos(t, () => !running));
  return async () => {
    running = false;
    await Promise.all(runs);
    for (const t of all) {
      await t.connect();
      await t.synced();
    }
  };
}
