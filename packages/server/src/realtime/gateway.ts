/**
 * WebSocket gateway at WS_PATH (wire-contract §9): LOGIN first (within the login
 * timeout), HEARTBEAT answered, idle sockets closed, one socket per (user, terminal).
 * Delivers bus envelopes to this node's sockets.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  Cmd,
  CloseCode,
  FORCE_LOGOUT_REASON,
  Limits,
  MessageType,
  WS_PATH,
  clientFrame,
  type ServerFrame,
  type TypingRequest,
} from '@parley/protocol';
import { AppError } from '../http/app-error.js';
import type { AuthInfo, AuthService } from '../services/auth.js';
import type { Bus, PushEnvelope } from './bus.js';
import type { Connection, SessionRegistry } from './sessions.js';

export interface GatewayOptions {
  auth: AuthService;
  registry: SessionRegistry;
  bus: Bus;
  idleMs: number;
  loginTimeoutMs: number;
  /** Frames a socket may send per window, [points, seconds]; null = unlimited. */
  framesPerSocket: readonly [number, number] | null;
  /** After the token's expiry, how often a socket's session is checked again. */
  sessionRecheckMs: number;
  log: FastifyBaseLogger;
  /** After a socket logged in: its session is in use (the Devices list's last active). */
  onLogin?: (auth: AuthInfo) => Promise<void>;
  /** Relays TYPING frames (services/typing): one relay per logged-in socket. */
  typing?: { forSocket(userId: number): (data: TypingRequest) => void };
}

type State = 'new' | 'authenticating' | 'ready' | 'closed';

export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: Limits.WS_FRAME_MAX_BYTES });
  private readonly unsubscribe: () => void;
  /** Shutting down: sockets that open now are told so at once, never logged in. */
  private closing = false;

  constructor(private readonly opts: GatewayOptions) {
    this.unsubscribe = opts.bus.subscribe((envelope) => this.deliver(envelope));
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (pathname !== WS_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        // A client reconnecting into a shutdown would log in and be cut again a moment later.
        if (this.closing) ws.close(CloseCode.GOING_AWAY, 'server shutting down');
        else this.onSocket(ws);
      });
    });
  }

  /** Sends and closes per the envelope on every matching local socket. */
  private deliver({ target, frame, close, bind, unbind }: PushEnvelope): void {
    let text: string | undefined;
    for (const userId of target.userIds) {
      for (const conn of this.opts.registry.connectionsOf(userId)) {
        if (target.terminals && !target.terminals.includes(conn.terminal)) continue;
        if (target.exceptTerminal === conn.terminal) continue;
        if (target.exceptConnectionId === conn.id) continue;
        if (target.token !== undefined && !conn.tokens.has(target.token)) continue;
        if (target.sessionId !== undefined && conn.sessionId !== target.sessionId) continue;
        if (target.exceptSessionId !== undefined && conn.sessionId === target.exceptSessionId) continue;
        if (frame) conn.sendText((text ??= JSON.stringify(frame)));
        if (bind !== undefined) conn.tokens.add(bind);
        if (unbind !== undefined) conn.tokens.delete(unbind);
        if (close) conn.close(close.code, close.reason);
      }
    }
  }

  private onSocket(ws: WebSocket): void {
    const { registry, idleMs, loginTimeoutMs, log } = this.opts;
    const id = crypto.randomUUID();
    let state: State = 'new';
    let conn: Connection | undefined;
    let stopWatch = () => undefined as void;
    let relayTyping: ((data: TypingRequest) => void) | undefined;

    const sendText = (text: string) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
    };
    const send = (frame: ServerFrame) => sendText(JSON.stringify(frame));
    const close = (code: number, reason: string) => {
      if (state === 'closed') return;
      state = 'closed';
      if (conn) registry.remove(conn);
      clearTimeout(loginTimer);
      clearTimeout(idleTimer);
      stopWatch();
      ws.close(code, reason);
    };
    const loginTimer = setTimeout(() => close(CloseCode.AUTH_FAILED, 'login timeout'), loginTimeoutMs);
    let idleTimer = setTimeout(() => close(CloseCode.IDLE, 'idle'), idleMs);

    const frames = this.opts.framesPerSocket;
    const frameBudget = frames && new RateLimiterMemory({ points: frames[0], duration: frames[1] });
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      if (state === 'closed') return;
      if (frameBudget) {
        // Per socket, so counted where the socket lives; a flood closes it.
        frameBudget.consume(id).catch(() => close(CloseCode.TOO_MANY_FRAMES, 'too many frames'));
      }
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => close(CloseCode.IDLE, 'idle'), idleMs);
      const frame = isBinary ? undefined : parseFrame(raw);
      if (!frame) return close(CloseCode.BAD_FRAME, 'bad frame');
      if (frame.cmd === Cmd.HEARTBEAT) {
        if (state === 'new') return close(CloseCode.AUTH_FAILED, 'login first');
        return send({ cmd: Cmd.HEARTBEAT });
      }
      if (frame.cmd === Cmd.TYPING) {
        if (state === 'new') return close(CloseCode.AUTH_FAILED, 'login first');
        return relayTyping?.(frame.data);
      }
      // LOGIN: repeated logins on a live socket are answered, never re-bound to another user.
      if (state === 'ready') return send({ cmd: Cmd.LOGIN });
      if (state === 'authenticating') return;
      state = 'authenticating';
      void this.login(frame.data.accessToken, id, sendText, close).then(
        (result) => {
          if (!result) return;
          if (ws.readyState !== WebSocket.OPEN) return; // closed while authenticating
          const c = result.conn;
          conn = c;
          state = 'ready';
          clearTimeout(loginTimer);
          stopWatch = this.watchSession(result.auth, c, () => state === 'ready');
          registry.add(c);
          relayTyping = this.opts.typing?.forSocket(c.userId);
          send({ cmd: Cmd.LOGIN });
          this.opts.onLogin?.(result.auth).catch((err: unknown) => log.warn({ err }, 'session touch failed'));
          // Kick any other socket of this (user, terminal), on whichever node it lives.
          void this.opts.bus.publish({
            target: { userIds: [c.userId], terminals: [c.terminal], exceptConnectionId: c.id },
            frame: { cmd: Cmd.FORCE_LOGOUT, data: FORCE_LOGOUT_REASON },
            close: { code: CloseCode.REPLACED, reason: 'replaced' },
          });
        },
        (err: unknown) => {
          log.error({ err }, 'socket login failed');
          close(CloseCode.AUTH_FAILED, 'login failed');
        },
      );
    });
    ws.on('close', () => {
      state = 'closed';
      clearTimeout(loginTimer);
      clearTimeout(idleTimer);
      stopWatch();
      if (conn) registry.remove(conn);
    });
    ws.on('error', (err) => log.debug({ err }, 'socket error'));
  }

  /** The connection on success; otherwise the socket is told why and closed, and null returned. */
  private async login(
    accessToken: string,
    id: string,
    sendText: (text: string) => void,
    close: (code: number, reason: string) => void,
  ): Promise<{ conn: Connection; auth: AuthInfo } | null> {
    const send = (frame: ServerFrame) => sendText(JSON.stringify(frame));
    try {
      const auth = await this.opts.auth.authenticate(accessToken);
      const conn = {
        id,
        userId: auth.userId,
        terminal: auth.terminal,
        sessionId: auth.sessionId,
        tokens: new Set<string>(),
        send,
        sendText,
        close,
      };
      return { conn, auth };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      this.refuse(err, send, close);
      return null;
    }
  }

  /** Tells a socket why its session is over (ban/deletion frames) and closes it. */
  private refuse(err: AppError, send: (frame: ServerFrame) => void, close: (code: number, reason: string) => void) {
    if (err.key === 'accountBanned' || err.key === 'accountDeleted') {
      const type = err.key === 'accountBanned' ? MessageType.USER_BANNED : MessageType.USER_UNREG;
      const content = err.key === 'accountBanned' ? String(err.params.reason ?? '') : err.message;
      send({ cmd: Cmd.SYSTEM_MESSAGE, data: { type, content } });
      close(CloseCode.BANNED_OR_UNREG, err.key);
    } else {
      close(CloseCode.AUTH_FAILED, err.key);
    }
  }

  /**
   * A socket outlives its access token only while its session does: when the token
   * expires (and every token lifetime after), the session is checked again and the
   * socket closed if it ended (a revocation envelope lost on the bus is caught here).
   */
  private watchSession(auth: AuthInfo, conn: Connection, isOpen: () => boolean): () => void {
    let timer: NodeJS.Timeout | undefined;
    const check = async () => {
      if (!isOpen()) return;
      try {
        await this.opts.auth.sessionUser(auth, true);
        schedule(this.opts.sessionRecheckMs);
      } catch (err) {
        if (err instanceof AppError) this.refuse(err, conn.send, conn.close);
        else {
          this.opts.log.error({ err }, 'socket session re-check failed');
          schedule(this.opts.sessionRecheckMs);
        }
      }
    };
    const schedule = (ms: number) => {
      // setTimeout holds at most ~24.8 days; longer waits are re-armed.
      timer = setTimeout(() => void check(), Math.min(Math.max(ms, 0), 2 ** 31 - 1));
    };
    schedule(auth.expiresAt - Date.now());
    return () => clearTimeout(timer);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.unsubscribe();
    for (const ws of this.wss.clients) ws.close(CloseCode.GOING_AWAY, 'server shutting down');
    // Give close handshakes a moment; sockets that ignore them must not hold the process.
    const deadline = Date.now() + 1000;
    while (this.wss.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function parseFrame(raw: RawData) {
  try {
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw as Buffer).toString('utf8');
    const parsed = clientFrame.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
