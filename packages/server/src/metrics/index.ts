/** Metrics of one node: made when METRICS_PORT or METRICS_TOKEN is set, else nothing is counted. */
import type { FastifyInstance } from 'fastify';
import { Cmd, type ServerFrame } from '@parley/protocol';
import type { Config } from '../config.js';
import { MetricsServer, registerTokenMetrics } from './endpoint.js';
import { registerHttpMetrics } from './http.js';
import { Metrics, type MetricsSources, type Stream } from './metrics.js';

export { Metrics, MetricsServer, type MetricsSources };

export function createMetrics(config: Config): Metrics | undefined {
  return config.metricsPort !== undefined || config.metricsToken ? new Metrics() : undefined;
}

const STREAM_OF_CMD = new Map<number, Stream>([
  [Cmd.PRIVATE_MESSAGE, 'private'],
  [Cmd.GROUP_MESSAGE, 'group'],
  [Cmd.SYSTEM_MESSAGE, 'system'],
]);

/** The gateway's `onDelivered`: every frame counts as fan-out, message frames by stream too. */
export function deliveryCounter(metrics: Metrics): (frame: ServerFrame, sockets: number) => void {
  return (frame, sockets) => {
    metrics.fanoutDeliveries.inc(sockets);
    const stream = STREAM_OF_CMD.get(frame.cmd);
    if (stream) metrics.messagesDelivered.inc({ stream }, sockets);
  };
}

/**
 * The HTTP hook and, with METRICS_TOKEN, `/metrics` on the main port; with METRICS_PORT,
 * the metrics server to listen and close with the app.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, config: Config): MetricsServer | undefined {
  registerHttpMetrics(app, metrics);
  if (config.metricsToken) registerTokenMetrics(app, metrics, config.metricsToken);
  return config.metricsPort === undefined
    ? undefined
    : new MetricsServer(metrics, config.metricsHost, config.metricsPort);
}
