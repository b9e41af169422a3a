/** The one push path every feature uses: services call these, the bus carries, gateways deliver. */
import { Cmd, CloseCode, FORCE_LOGOUT_REASON, type ServerFrame, type Terminal } from '@parley/protocol';
import type { Bus, PushEnvelope } from './bus.js';

export interface PushOptions {
  exceptTerminal?: Terminal;
  /** Close the reached sockets after the frame. */
  close?: PushEnvelope['close'];
}

/**
 * Sees every frame sent to users (not replays to bound sockets); web push uses it
 * (services/push-notify). `terminal` is set for a push to one terminal (a call terminal).
 */
export type PushObserver = (userIds: readonly number[], frame: ServerFrame, terminal?: Terminal) => void;

export class PushService {
  private observer: PushObserver | undefined;

  constructor(private readonly bus: Bus) {}

  /** One observer; it must not throw or block (it runs on the sender's path). */
  observe(observer: PushObserver): void {
    this.observer = observer;
  }

  toUser(userId: number, frame: ServerFrame, opts: PushOptions = {}): Promise<void> {
    return this.toUsers([userId], frame, opts);
  }

  toUsers(userIds: readonly number[], frame: ServerFrame, opts: PushOptions = {}): Promise<void> {
    if (userIds.length === 0) return Promise.resolve();
    const envelope: PushEnvelope = { target: { userIds: [...new Set(userIds)] }, frame };
    if (opts.exceptTerminal !== undefined) envelope.target.exceptTerminal = opts.exceptTerminal;
    if (opts.close) envelope.close = opts.close;
    this.observer?.(envelope.target.userIds, frame);
    return this.bus.publish(envelope);
  }

  toTerminal(userId: number, terminal: Terminal, frame: ServerFrame, opts: Omit<PushOptions, 'exceptTerminal'> = {}) {
    const envelope: PushEnvelope = { target: { userIds: [userId], terminals: [terminal] }, frame };
    if (opts.close) envelope.close = opts.close;
    this.observer?.([userId], frame, terminal);
    return this.bus.publish(envelope);
  }

  /**
   * Sends `frame` to the user's sockets of `terminal` that are logged in now, and tags
   * exactly those sockets with `token`: later `toToken` frames reach them and no socket
   * that logs in afterwards (the offline pull's "that socket only").
   */
  toTerminalBinding(userId: number, terminal: Terminal, token: string, frame: ServerFrame): Promise<void> {
    return this.bus.publish({ target: { userIds: [userId], terminals: [terminal] }, frame, bind: token });
  }

  /** To the user's sockets tagged with `token` (see toTerminalBinding); `release` removes the tag. */
  toToken(
    userId: number,
    token: string,
    frame: ServerFrame | undefined,
    opts: { release?: boolean; close?: PushEnvelope['close'] } = {},
  ): Promise<void> {
    const envelope: PushEnvelope = { target: { userIds: [userId], token } };
    if (frame) envelope.frame = frame;
    if (opts.release) envelope.unbind = token;
    if (opts.close) envelope.close = opts.close;
    return this.bus.publish(envelope);
  }

  /**
   * Closes the user's sockets of one session (`sessionId`), or of every session but one
   * (`exceptSessionId`), on every node: a logout, password change or stolen-token
   * revocation ends them at once. The client hears AUTH_FAILED, tries a refresh, and
   * is refused.
   */
  endSessions(userId: number, which: { sessionId: string } | { exceptSessionId: string }): Promise<void> {
    return this.bus.publish({
      target: { userIds: [userId], ...which },
      close: { code: CloseCode.AUTH_FAILED, reason: 'session ended' },
    });
  }

  /**
   * Closes the sockets of a session that a newer sign-in on its terminal ended, on
   * every node, the way a newer socket replaces an older one: `{cmd:2}` with
   * FORCE_LOGOUT_REASON, then close REPLACED. The client shows "logged in elsewhere"
   * and goes to login; its refresh is refused.
   */
  replaceSession(userId: number, sessionId: string): Promise<void> {
    return this.bus.publish({
      target: { userIds: [userId], sessionId },
      frame: { cmd: Cmd.FORCE_LOGOUT, data: FORCE_LOGOUT_REASON },
      close: { code: CloseCode.REPLACED, reason: 'replaced' },
    });
  }

  /** Raw envelope, for the gateway's own kicks (exceptConnectionId). */
  publish(envelope: PushEnvelope): Promise<void> {
    return this.bus.publish(envelope);
  }
}
