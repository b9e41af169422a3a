/**
 * Graceful overload (issue 12): past its capacity the server answers API calls at once
 * with 503 `serverOverloaded` and `Retry-After`, before authenticating or reading the
 * body, instead of queueing them until clients time out or their connections reset.
 * A shed call did nothing, so a client may send it again unchanged (a send keeps its
 * tmpId and is stored once). Three signals, whichever comes first:
 * - one caller holding more than `maxInFlightPerUser` calls (see CallerSlots): one
 *   user's burst is shed while everyone else's calls pass;
 * - more than `maxInFlight` API calls being handled at once (a queue that grows);
 * - the event loop delayed more than `maxEventLoopDelayMs` (@fastify/under-pressure).
 * Static files, uploads served back and the socket upgrade are never shed here.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, API_BASE, REFRESH_TOKEN_HEADER } from '@parley/protocol';
import { AppError } from './app-error.js';
import { errorBody } from './envelope.js';

/** Seconds a shed client waits before trying again. */
export const OVERLOAD_RETRY_AFTER_S = 1;

export interface OverloadOptions {
  maxInFlight: number;
  /** Calls one caller may hold at once (0 = no per-caller bound). */
  maxInFlightPerUser: number;
  maxEventLoopDelayMs: number;
}

const overloaded = () => new AppError('serverOverloaded', { retryAfter: OVERLOAD_RETRY_AFTER_S });

/**
 * The 503 of the caps, serialised once and sent from the hook: a burst is mostly shed
 * calls, and everyone else's calls wait behind them, so a shed call costs no error
 * object, no error handler and no serialisation.
 */
const SHED_BODY = JSON.stringify(errorBody(overloaded()));
const shed = (reply: FastifyReply): FastifyReply =>
  reply
    .code(503)
    .header('Retry-After', String(OVERLOAD_RETRY_AFTER_S))
    .type('application/json; charset=utf-8')
    .send(SHED_BODY);

const ACCESS_HEADER = ACCESS_TOKEN_HEADER.toLowerCase();
const REFRESH_HEADER = REFRESH_TOKEN_HEADER.toLowerCase();

/**
 * Who a call is from, before anything is verified: the access-token header as sent (one
 * signed-in terminal; a forged or stale one is its own caller and is refused later by
 * authentication), else the refresh-token header (a refresh), else the address (login,
 * registration; behind a proxy, TRUST_PROXY makes it the client's).
 */
export function callerKey(request: FastifyRequest): string {
  const access = request.headers[ACCESS_HEADER];
  if (typeof access === 'string' && access !== '') return `t:${access}`;
  const refresh = request.headers[REFRESH_HEADER];
  if (typeof refresh === 'string' && refresh !== '') return `r:${refresh}`;
  return `a:${request.ip}`;
}

/**
 * Calls held per caller. A call takes a slot when it arrives and gives it back at the end
 * of the event-loop turn in which its reply went out, not at once: on SQLite a cheap read
 * is answered inside the socket read that brought it, so a burst never has two calls in
 * flight at a time, yet everyone else's calls wait behind the whole burst in the kernel's
 * queue (issue: 1,500 history reads from one user made another user's call wait 3.9 s).
 * Held to the end of the turn, the burst's slots fill within one batch of reads and the
 * rest of it is shed for next to nothing, while another caller's call in the same batch
 * finds its own slots free. With asynchronous handlers (PostgreSQL) this is the plain
 * count of a caller's calls in flight.
 */
export class CallerSlots {
  private readonly held = new Map<string, number>();
  private released: string[] = [];
  private releasing = false;

  constructor(private readonly max: number) {}

  /** False when `key` already holds all its slots. */
  canTake(key: string): boolean {
    return (this.held.get(key) ?? 0) < this.max;
  }

  take(key: string): void {
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
  }

  /** Gives the slot back in the check phase of this turn (after the batch of reads being handled). */
  release(key: string): void {
    this.released.push(key);
    if (this.releasing) return;
    this.releasing = true;
    setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.releasing = false;
    const keys = this.released;
    this.released = [];
    for (const key of keys) {
      const n = (this.held.get(key) ?? 1) - 1;
      if (n > 0) this.held.set(key, n);
      else this.held.delete(key);
    }
  };
}

export async function registerOverload(app: FastifyInstance, opts: OverloadOptions): Promise<void> {
  if (opts.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      // The mean delay over a whole second: a short interval with no sample at all (the
      // process descheduled on a busy machine) reads as an infinite delay and would shed.
      sampleInterval: 1000,
      retryAfter: OVERLOAD_RETRY_AFTER_S,
      exposeStatusRoute: false,
      // A rejection goes to the error handler (the envelope); a resolution lets the call through.
      // Infinity is under-pressure's "no sample in the interval" (the process was not
      // scheduled at all): no measure of load, so nothing is shed for it.
      pressureHandler: async (request, reply, _type, value) => {
        if (!request.url.startsWith(API_BASE) || value === Infinity) return;
        reply.header('Retry-After', String(OVERLOAD_RETRY_AFTER_S));
        throw overloaded();
      },
    });
  }
  const cap = opts.maxInFlight > 0 ? opts.maxInFlight : Infinity;
  const callers = opts.maxInFlightPerUser > 0 ? new CallerSlots(opts.maxInFlightPerUser) : undefined;
  if (cap === Infinity && !callers) return;
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(API_BASE)) return;
    const key = callers ? callerKey(request) : '';
    if (inFlight >= cap || (callers && !callers.canTake(key))) return shed(reply);
    inFlight++;
    callers?.take(key);
    // 'close' fires once the reply is sent or the connection dropped, whichever comes first.
    reply.raw.once('close', () => {
      inFlight--;
      callers?.release(key);
    });
  });
}
