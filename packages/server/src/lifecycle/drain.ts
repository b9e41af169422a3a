/**
 * Graceful drain (issue 23 point 5, node side). On SIGTERM (main.ts) a node turns unready
 * (`/readyz` 503), answers new requests 503 + Retry-After (health probes excepted, so the
 * balancer sees why) and new socket upgrades 503 (gateway.ts), tells its sockets to
 * reconnect with close code 4010 RESTARTING, lets the requests in flight finish, and only
 * then closes (write batches flushed, timers stopped, bus, Redis and database closed: app.ts),
 * all within DRAIN_TIMEOUT_MS. A rolling restart behind a balancer calls nothing else:
 * `ParleyServer.drain(timeoutMs)` is the whole API.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.js';
import { errorBody } from '../http/envelope.js';
import { OVERLOAD_RETRY_AFTER_S } from '../http/overload.js';

/** Still answered while draining: the balancer's probes say why the node takes no work. */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);
/** A refused call did nothing; the client sends it again (to another node) as after any 503. */
const REFUSED_BODY = JSON.stringify(
  errorBody(new AppError('serverOverloaded', { retryAfter: OVERLOAD_RETRY_AFTER_S })),
);

/** Counts the HTTP requests in flight and refuses new ones once draining. */
export class RequestGate {
  private draining = false;
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  /** The first onRequest hook: a refused request costs next to nothing. */
  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?', 1)[0]!;
      if (HEALTH_PATHS.has(path)) return;
      if (this.draining) {
        return reply
          .code(503)
          .header('Retry-After', String(OVERLOAD_RETRY_AFTER_S))
          .header('Connection', 'close')
          .type('application/json; charset=utf-8')
          .send(REFUSED_BODY);
      }
      this.inFlight++;
      // 'close' comes once per response, sent or cut off.
      reply.raw.once('close', () => {
        if (--this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  startDraining(): void {
    this.draining = true;
  }

  /** Resolves when no request is in flight, or at `deadline` (epoch ms) whatever is left. */
  async idle(deadline: number): Promise<void> {
    if (this.inFlight === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.waiters.push(resolve);
      timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    });
    clearTimeout(timer);
  }
}

export interface Drainable {
  health: { startDraining(): void };
  gate: RequestGate;
  gateway: { startDraining(): void };
  /** Cuts the connections of requests still running at the deadline (they would hold the close). */
  cutRequests(): void;
  /** The rest of the shutdown: sockets, timers, batches, bus, Redis, database. */
  close(): Promise<void>;
}

/**
 * Part of the bound kept for the close after the requests in flight: at most 2 s, at most
 * half of it. A request still running at the deadline is cut by the close.
 */
export function closeReserveMs(timeoutMs: number): number {
  return Math.min(2000, Math.floor(timeoutMs / 2));
}

export async function drain(node: Drainable, timeoutMs: number): Promise<void> {
  const started = Date.now();
  node.health.startDraining();
  node.gate.startDraining();
  node.gateway.startDraining();
  await node.gate.idle(started + timeoutMs - closeReserveMs(timeoutMs));
  if (node.gate.requestsInFlight > 0) node.cutRequests();
  await node.close();
}
