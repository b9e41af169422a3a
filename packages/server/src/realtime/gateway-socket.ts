/**
 * One socket of the gateway (wire-contract §9): LOGIN first (within the login
 * timeout), HEARTBEAT answered, idle sockets closed, TYPING relayed. Its state lives in
 * fields and its behaviour in methods, and its deadlines are checked by the gateway's
 * one sweep rather than timers of its own: an idle socket costs little memory (issue 12).
 */
import { WebSocket, type RawData } from 'ws';
import {
  Cmd,
  CloseCode,
  MessageType,
  clientFrame,
  parseJson,
  TokenBucket,
  type ServerFrame,
  type Terminal,
  type TypingRequest,
} from '@parley/protocol';
import type { AppError } from '../http/app-error.js';
import type { Gateway } from './gateway.js';
import type { Connection } from './sessions.js';

type State = 'new' | 'authenticating' | 'ready' | 'closed';

let nextId = 0;
/** Unique across nodes: a kick names the socket it spares (exceptConnectionId). */
const NODE_TAG = `${process.pid.toString(36)}.${Date.now().toString(36)}`;

export class GatewaySocket implements Connection {
  readonly id = `${NODE_TAG}.${(++nextId).toString(36)}`;
  userId = 0;
  terminal = 0 as Terminal;
  sessionId = '';
  tokens?: Set<string>;
  private state: State = 'new';
  private readonly openedAt = Date.now();
  private lastSeen = this.openedAt;
  /** When the session is checked again (the access token's expiry, then every token lifetime). */
  recheckAt = Infinity;
  /** The token's version, with the fields above the claims the session re-check needs. */
  private tokenVersion = 0;
  private relayTyping?: (data: TypingRequest) => void;
  /** The frame budget (on the gateway's clock); null when unlimited. */
  private readonly budget: TokenBucket | null;

  constructor(
    private readonly gateway: Gateway,
    readonly ws: WebSocket,
  ) {
    const frames = gateway.opts.framesPerSocket;
    this.budget = frames && new TokenBucket(frames.burst, frames.perSecond, gateway.clock());
    ws.on('message', (raw: RawData, isBinary: boolean) => this.onMessage(raw, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', (err) => gateway.opts.log.debug({ err }, 'socket error'));
  }

  send(frame: ServerFrame): void {
    this.sendText(JSON.stringify(frame));
  }

  sendText(text: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  /** A frame serialised once for a whole fan-out; sent as a text frame. */
  sendBytes(bytes: Buffer): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(bytes, { binary: false });
  }

  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.forget();
    this.ws.close(code, reason);
  }

  /** Tells a socket why its session is over (ban/deletion frames) and closes it. */
  refuse(err: AppError): void {
    if (err.key === 'accountBanned' || err.key === 'accountDeleted') {
      const type = err.key === 'accountBanned' ? MessageType.USER_BANNED : MessageType.USER_UNREG;
      const content = err.key === 'accountBanned' ? String(err.params.reason ?? '') : err.message;
      this.send({ cmd: Cmd.SYSTEM_MESSAGE, data: { type, content } });
      this.close(CloseCode.BANNED_OR_UNREG, err.key);
    } else {
      this.close(CloseCode.AUTH_FAILED, err.key);
    }
  }

  /** The gateway's sweep: login timeout, idle timeout, session re-check. */
  sweep(now: number): void {
    const { idleMs, loginTimeoutMs } = this.gateway.opts;
    if (this.state === 'closed') return;
    if (this.state !== 'ready' && now - this.openedAt >= loginTimeoutMs) {
      return this.close(CloseCode.AUTH_FAILED, 'login timeout');
    }
    if (now - this.lastSeen >= idleMs) return this.close(CloseCode.IDLE, 'idle');
    if (this.state === 'ready' && now >= this.recheckAt) {
      this.recheckAt = Infinity; // one re-check at a time
      const { userId, terminal, sessionId, tokenVersion } = this;
      void this.gateway.recheck(this, { userId, terminal, sessionId, tokenVersion });
    }
  }

  private onMessage(raw: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    this.lastSeen = Date.now();
    const frame = isBinary ? undefined : parseFrame(raw);
    if (!frame) return this.close(CloseCode.BAD_FRAME, 'bad frame');
    // Counted before it is handled, frame by frame: the first frame the bucket cannot pay
    // closes the socket, and no frame after it is answered.
    if (!this.spend(frame.cmd === Cmd.TYPING ? 'typing' : 'frame')) {
      return this.close(CloseCode.TOO_MANY_FRAMES, 'too many frames');
    }
    if (frame.cmd === Cmd.HEARTBEAT) {
      if (this.state === 'new') return this.close(CloseCode.AUTH_FAILED, 'login first');
      return this.send({ cmd: Cmd.HEARTBEAT });
    }
    if (frame.cmd === Cmd.TYPING) {
      if (this.state === 'new') return this.close(CloseCode.AUTH_FAILED, 'login first');
      if (this.state !== 'ready') return;
      // The relay (and its per-chat throttle) is made on the first TYPING, not for every socket.
      this.relayTyping ??= this.gateway.opts.typing?.forSocket(this.userId);
      return this.relayTyping?.(frame.data);
    }
    // LOGIN: repeated logins on a live socket are answered, never re-bound to another user.
    if (this.state === 'ready') return this.send({ cmd: Cmd.LOGIN });
    if (this.state === 'authenticating') return;
    this.state = 'authenticating';
    void this.gateway.login(this, frame.data.accessToken).then(
      (auth) => {
        if (!auth || this.state !== 'authenticating') return;
        if (this.ws.readyState !== WebSocket.OPEN) return; // closed while authenticating
        this.userId = auth.userId;
        this.terminal = auth.terminal;
        this.sessionId = auth.sessionId;
        this.tokenVersion = auth.tokenVersion;
        this.recheckAt = auth.expiresAt;
        this.state = 'ready';
        this.gateway.loggedIn(this, auth);
      },
      (err: unknown) => {
        this.gateway.opts.log.error({ err }, 'socket login failed');
        this.close(CloseCode.AUTH_FAILED, 'login failed');
      },
    );
  }

  /** Pays for one frame from the socket's token bucket; false when the bucket cannot. */
  private spend(kind: 'frame' | 'typing'): boolean {
    if (!this.budget) return true;
    const cost = kind === 'typing' ? this.gateway.opts.framesPerSocket!.typingCost : 1;
    return this.budget.take(cost, this.gateway.clock());
  }

  private onClose(): void {
    this.state = 'closed';
    this.forget();
  }

  private forget(): void {
    if (this.userId !== 0) this.gateway.opts.registry.remove(this);
    this.gateway.forget(this);
  }
}

function parseFrame(raw: RawData) {
  try {
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw as Buffer).toString('utf8');
    const parsed = clientFrame.safeParse(parseJson(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
