/**
 * Where `/metrics` is served, so only the machine's operators read it: on its own port
 * (METRICS_PORT, bound to METRICS_HOST, loopback by default) and/or on the main port
 * behind a bearer token (METRICS_TOKEN). Neither set: no `/metrics` anywhere.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

/** Compared as digests: equal lengths, and no early exit that times the token's prefix. */
const digest = (s: string) => createHash('sha256').update(s).digest();

export function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/** `/metrics` on the main port for a bearer of `token`; anyone else gets a bare 401. */
export function registerTokenMetrics(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get(METRICS_PATH, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}

/** A plain HTTP server with `/metrics` only, apart from the app (no hooks, limits or logs of its own). */
export class MetricsServer {
  private readonly server: http.Server;

  constructor(
    private readonly metrics: Metrics,
    private readonly host: string,
    private readonly port: number,
  ) {
    this.server = http.createServer((req, res) => {
      if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== METRICS_PATH) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      this.metrics.render().then(
        (text) => res.writeHead(200, { 'content-type': this.metrics.contentType }).end(text),
        () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
      );
    });
  }

  /** Resolves to `host:port` (port 0 → the real one). */
  listen(): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, this.host, () => {
        this.server.off('error', reject);
        const { port } = this.server.address() as AddressInfo;
        resolve(`${this.host.includes(':') ? `[${this.host}]` : this.host}:${port}`);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
