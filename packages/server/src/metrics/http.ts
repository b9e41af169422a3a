/**
 * Counts every HTTP answer of the main port by its route pattern (never the raw URL: ids
 * and tokens in paths would make a series each), and the sends among them. One hook at
 * the end of a request; the labels are looked up, nothing is built per request but the
 * status text.
 */
import type { FastifyInstance } from 'fastify';
import { API_BASE, api } from '@parley/protocol';
import type { Metrics, Stream } from './metrics.js';

/** A 200 from these is one message stored (a retried tmpId counts again: it is a send answered). */
const SEND_ROUTES = new Map<string, Stream>([
  [API_BASE + api.privateSend.path, 'private'],
  [API_BASE + api.groupSend.path, 'group'],
  [API_BASE + api.consoleSystemSend.path, 'system'],
]);

/** What an address no route matched counts as (scanners, typos, the web app's files). */
const UNMATCHED = 'unmatched';

export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    const method = request.method;
    metrics.httpRequests.inc({ method, route, status: String(status) });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    if (status === 429 || status === 503) metrics.refusals.inc({ status: String(status) });
    else if (status === 200) {
      const stream = SEND_ROUTES.get(route);
      if (stream) metrics.messagesSent.inc({ stream });
    }
    done();
  });
}
