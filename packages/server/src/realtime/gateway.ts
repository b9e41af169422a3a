/**
 * WebSocket gateway at WS_PATH (wire-contract §9): LOGIN first (within the login
 * timeout), HEARTBEAT answered, idle sockets closed, one socket per (user, terminal).
 * Delivers bus envelopes to this node's sockets.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import {
  Cmd,
  CloseCode,
  FORCE_LOGOUT_REASON,
  Limits,
  WS_PATH,
  type ServerFrame,
  type TypingRequest,
} from '@parley/protocol';
import { AppError } from '../http/app-error.js';
import type { FrameBudget } from '../limits/table.js';
import type { AuthInfo, AuthService } from '../services/auth.js';
import type { AccessClaims } from '../services/tokens.js';
import type { Bus, PushEnvelope } from './bus.js';
import { GatewaySocket } from './gateway-socket.js';
import type { SessionRegistry } from './sessions.js';

export interface GatewayOptions {
  auth: AuthService;
  registry: SessionRegistry;
  bus: Bus;
  idleMs: number;
  loginTimeoutMs: number;
  /** Each socket's frame budget, a token bucket counted on the socket; null = unlimited. */
  framesPerSocket: FrameBudget | null;
  /** Epoch-ms clock of the frame budget (tests pass a fake one); Date.now by default. */
  clock?: () => number;
  /** After the token's expiry, how often a socket's session is checked again. */
  sessionRecheckMs: number;
  log: FastifyBaseLogger;
  /** After a socket logged in: its session is in use (the Devices list's last active). */
  onLogin?: (auth: AuthInfo) => Promise<void>;
  /** Relays TYPING frames (services/typing): one relay per logged-in socket. */
  typing?: { forSocket(userId: number): (data: TypingRequest) => void };
  /** After a push's frame went to `sockets` local sockets (metrics: fan-out, messages delivered). */
  onDelivered?: (frame: ServerFrame, sockets: number) => void;
}

/** How often the sweep runs at most: idle and login deadlines are kept to within this. */
const SWEEP_MAX_MS = 1000;

export class Gateway {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: Limits.WS_FRAME_MAX_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
  });
  private readonly unsubscribe: () => void;
  /** Shutting down: sockets that open now are told so at once, never logged in. */
  private closing = false;
  /** Draining (lifecycle/drain.ts): upgrades are refused with 503, so the balancer tries another node. */
  private draining = false;
  /** Every open socket of this node, for the one sweep of their deadlines. */
  private readonly sockets = new Set<GatewaySocket>();
  private readonly sweeper: NodeJS.Timeout;
  readonly clock: () => number;

  constructor(readonly opts: GatewayOptions) {
    this.unsubscribe = opts.bus.subscribe((envelope) => this.deliver(envelope));
    this.clock = opts.clock ?? Date.now;
    // One timer for every socket's deadlines instead of two or three timers per socket
    // (memory per idle socket, issue 12).
    const every = Math.max(10, Math.min(SWEEP_MAX_MS, Math.floor(Math.min(opts.idleMs, opts.loginTimeoutMs) / 4)));
    this.sweeper = setInterval(() => this.sweep(), every);
    this.sweeper.unref();
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (pathname !== WS_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      if (this.draining) {
        socket.end(
          'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
        );
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        // A client reconnecting into a shutdown would log in and be cut again a moment later.
        if (this.closing) ws.close(CloseCode.GOING_AWAY, 'server shutting down');
        else this.sockets.add(new GatewaySocket(this, ws));
      });
    });
  }

  /** Sends and closes per the envelope on every matching local socket; the frame is serialised once. */
  private deliver({ target, frame, close, bind, unbind }: PushEnvelope): void {
    let bytes: Buffer | undefined;
    let written = 0;
    for (const userId of target.userIds) {
      for (const conn of this.opts.registry.connectionsOf(userId)) {
        if (target.terminals && !target.terminals.includes(conn.terminal)) continue;
        if (target.exceptTerminal === conn.terminal) continue;
        if (target.exceptConnectionId === conn.id) continue;
        if (target.token !== undefined && !conn.tokens?.has(target.token)) continue;
        if (target.sessionId !== undefined && conn.sessionId !== target.sessionId) continue;
        if (target.exceptSessionId !== undefined && conn.sessionId === target.exceptSessionId) continue;
        if (frame) {
          conn.sendBytes((bytes ??= Buffer.from(JSON.stringify(frame))));
          written++;
        }
        if (bind !== undefined) (conn.tokens ??= new Set()).add(bind);
        if (unbind !== undefined) conn.tokens?.delete(unbind);
        if (close) conn.close(close.code, close.reason);
      }
    }
    if (written > 0 && frame) this.opts.onDelivered?.(frame, written);
  }

  /** Closes sockets past their login or idle deadline and re-checks sessions whose token expired. */
  private sweep(): void {
    const now = Date.now();
    for (const s of this.sockets) s.sweep(now);
  }

  forget(socket: GatewaySocket): void {
    this.sockets.delete(socket);
  }

  /** The connection on success; otherwise the socket is told why and closed, and null returned. */
  async login(socket: GatewaySocket, accessToken: string): Promise<AuthInfo | null> {
    try {
      return await this.opts.auth.authenticate(accessToken, { remember: false });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      socket.refuse(err);
      return null;
    }
  }

  /** After a login: registered, answered, and any other socket of the (user, terminal) kicked on every node. */
  loggedIn(socket: GatewaySocket, auth: AuthInfo): void {
    const { registry, log, bus } = this.opts;
    registry.add(socket);
    socket.send({ cmd: Cmd.LOGIN });
    this.opts.onLogin?.(auth).catch((err: unknown) => log.warn({ err }, 'session touch failed'));
    void bus.publish({
      target: { userIds: [socket.userId], terminals: [socket.terminal], exceptConnectionId: socket.id },
      frame: { cmd: Cmd.FORCE_LOGOUT, data: FORCE_LOGOUT_REASON },
      close: { code: CloseCode.REPLACED, reason: 'replaced' },
    });
  }

  /**
   * A socket outlives its access token only while its session does: when the token
   * expires (and every token lifetime after), the session is checked again, past the
   * cache, and the socket closed if it ended (a revocation envelope lost on the bus is
   * caught here).
   */
  async recheck(socket: GatewaySocket, claims: AccessClaims): Promise<void> {
    try {
      await this.opts.auth.sessionUser(claims, true);
      socket.recheckAt = Date.now() + this.opts.sessionRecheckMs;
    } catch (err) {
      if (err instanceof AppError) socket.refuse(err);
      else {
        this.opts.log.error({ err }, 'socket session re-check failed');
        socket.recheckAt = Date.now() + this.opts.sessionRecheckMs;
      }
    }
  }

  /** A drain: new upgrades refused, and every socket told to reconnect now (4010, the client adds jitter). */
  startDraining(): void {
    this.draining = true;
    for (const s of this.sockets) s.ws.close(CloseCode.RESTARTING, 'server restarting');
  }

  async close(): Promise<void> {
    this.closing = true;
    this.unsubscribe();
    clearInterval(this.sweeper);
    for (const s of this.sockets) s.ws.close(CloseCode.GOING_AWAY, 'server shutting down');
    // Give close handshakes a moment; sockets that ignore them must not hold the process.
    const deadline = Date.now() + 1000;
    while (this.sockets.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const s of this.sockets) s.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
