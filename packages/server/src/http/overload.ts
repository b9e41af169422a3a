/**
 * Graceful overload (issue 12): past its capacity the server answers API calls at once
 * with 503 `serverOverloaded` and `Retry-After`, before authenticating or reading the
 * body, instead of queueing them until clients time out or their connections reset.
 * A shed call did nothing, so a client may send it again unchanged (a send keeps its
 * tmpId and is stored once). Two signals, whichever comes first:
 * - more than `maxInFlight` API calls being handled at once (a queue that grows);
 * - the event loop delayed more than `maxEventLoopDelayMs` (@fastify/under-pressure).
 * Static files, uploads served back and the socket upgrade are never shed here.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@parley/protocol';
import { AppError } from './app-error.js';

/** Seconds a shed client waits before trying again. */
export const OVERLOAD_RETRY_AFTER_S = 1;

export interface OverloadOptions {
  maxInFlight: number;
  maxEventLoopDelayMs: number;
}

const overloaded = () => new AppError('serverOverloaded', { retryAfter: OVERLOAD_RETRY_AFTER_S });

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
  if (opts.maxInFlight <= 0) return;
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(API_BASE)) return;
    if (inFlight >= opts.maxInFlight) {
      reply.header('Retry-After', String(OVERLOAD_RETRY_AFTER_S));
      throw overloaded();
    }
    inFlight++;
    // 'close' fires once the reply is sent or the connection dropped, whichever comes first.
    reply.raw.once('close', () => inFlight--);
  });
}
