/**
 * The bus carries push envelopes between the services that publish them and the
 * gateways that own sockets. In-process by default; with REDIS_URL, RedisBus
 * (redis-bus.ts) carries them between nodes, so envelopes must stay JSON-serialisable.
 */
import type { ServerFrame, Terminal } from '@parley/protocol';

export interface PushTarget {
  userIds: number[];
  /** Only these terminals; all when absent. */
  terminals?: Terminal[];
  exceptTerminal?: Terminal;
  /** Skip one socket (e.g. the new login that caused a kick). */
  exceptConnectionId?: string;
  /** Only sockets tagged with this token by an earlier envelope's `bind` (an offline pull's socket). */
  token?: string;
  /** Only sockets logged in with an access token of this session. */
  sessionId?: string;
  /** Skip the sockets of this session (a password change ends every other session). */
  exceptSessionId?: string;
}

/** A cached fact that changed (services/facts): every node forgets what it held of it. */
export type FactChange =
  | { kind: 'user'; id: number }
  | { kind: 'session'; id: string }
  | { kind: 'pair'; a: number; b: number }
  | { kind: 'all' };

export interface PushEnvelope {
  target: PushTarget;
  /** Sent to every reached socket; absent for an envelope that only tags, untags or closes. */
  frame?: ServerFrame;
  /** Tag the reached sockets with this token (after sending), so later envelopes can target exactly them. */
  bind?: string;
  /** Remove this token from the reached sockets (after sending). */
  unbind?: string;
  /** Close the reached sockets after sending (force logout, ban). */
  close?: { code: number; reason: string };
  /** Cached facts to forget (no socket is reached: `userIds` is empty). */
  facts?: FactChange[];
}

export type EnvelopeHandler = (envelope: PushEnvelope) => void;

export interface Bus {
  publish(envelope: PushEnvelope): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: EnvelopeHandler): () => void;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  private readonly handlers = new Set<EnvelopeHandler>();

  async publish(envelope: PushEnvelope): Promise<void> {
    for (const handler of this.handlers) handler(envelope);
  }

  subscribe(handler: EnvelopeHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
