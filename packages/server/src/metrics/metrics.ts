/**
 * Prometheus metrics of one node (issue 23 point 3), in its own registry: tests run two
 * nodes in one process, and prom-client's global registry would mix them. Hot paths only
 * increment a counter or observe a histogram (labels are a handful of fixed words, never
 * an id or a raw URL); what can be read when scraped (sockets, push totals, calls) is read
 * then, by `collect`, and costs the hot path nothing.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Terminal } from '@parley/protocol';

export type Stream = 'private' | 'group' | 'system';

/** Seconds; an API call is a few ms, a shed burst waits up to a second or two. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Seconds; a hot query is well under a millisecond, a slow one tens of ms. */
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1];

const TERMINAL_NAMES = new Map<number, string>(
  Object.entries(Terminal).map(([name, value]) => [value as number, name.toLowerCase()]),
);
export const terminalName = (terminal: number): string => TERMINAL_NAMES.get(terminal) ?? 'other';

/** What the scrape reads from the running node (set by app.ts once the services exist). */
export interface MetricsSources {
  /** This node's logged-in sockets per terminal. */
  socketsByTerminal(): Map<number, number>;
  /** Web push totals of this node's notifier. */
  pushStats(): { sent: number; failed: number };
  /** Calls in progress in the whole cluster (the call store is shared), by kind. */
  callsInProgress(): Promise<{ private: number; group: number }>;
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  /** 429 (rate limits) and 503 (shedding, draining) answers, by status. */
  readonly refusals: Counter<'status'>;
  readonly messagesSent: Counter<'stream'>;
  readonly messagesDelivered: Counter<'stream'>;
  /** Every frame written to a socket by a push (messages and everything else). */
  readonly fanoutDeliveries: Counter;
  readonly dbQuery: Histogram;
  readonly redisCommand: Histogram;
  private sources: MetricsSources | undefined;

  constructor() {
    const registers = [this.registry];
    // Process CPU, memory, handles, GC and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.httpRequests = new Counter({
      name: 'parley_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'parley_http_request_duration_seconds',
      help: 'HTTP request latency by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.refusals = new Counter({
      name: 'parley_http_refusals_total',
      help: 'Requests refused with 429 (rate limit) or 503 (overload, draining)',
      labelNames: ['status'],
      registers,
    });
    this.messagesSent = new Counter({
      name: 'parley_messages_sent_total',
      help: 'Messages accepted by a send on this node, by stream',
      labelNames: ['stream'],
      registers,
    });
    this.messagesDelivered = new Counter({
      name: 'parley_messages_delivered_total',
      help: 'Message frames written to sockets of this node, by stream',
      labelNames: ['stream'],
      registers,
    });
    this.fanoutDeliveries = new Counter({
      name: 'parley_fanout_deliveries_total',
      help: 'Frames of pushes written to sockets of this node',
      registers,
    });
    this.dbQuery = new Histogram({
      name: 'parley_db_query_duration_seconds',
      help: 'Database query latency (Kysely executor)',
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.redisCommand = new Histogram({
      name: 'parley_redis_command_duration_seconds',
      help: 'Redis command latency (REDIS_URL)',
      buckets: QUERY_BUCKETS,
      registers,
    });
    for (const s of ['private', 'group', 'system'] as const) {
      this.messagesSent.inc({ stream: s }, 0);
      this.messagesDelivered.inc({ stream: s }, 0);
    }
    for (const status of ['429', '503']) this.refusals.inc({ status }, 0);
    this.scrapeTimeGauges();
  }

  /** Connects the scrape-time gauges to the running node. */
  attach(sources: MetricsSources): void {
    this.sources = sources;
  }

  /** The text of one scrape. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private scrapeTimeGauges(): void {
    const registers = [this.registry];
    // collect() runs with the metric as `this`; the node's sources are read through this arrow.
    const sources = () => this.sources;
    new Gauge({
      name: 'parley_sockets_open',
      help: 'Logged-in sockets on this node, by terminal',
      labelNames: ['terminal'],
      registers,
      collect() {
        this.reset();
        for (const name of TERMINAL_NAMES.values()) this.set({ terminal: name }, 0);
        for (const [terminal, n] of sources()?.socketsByTerminal() ?? []) {
          this.inc({ terminal: terminalName(terminal) }, n);
        }
      },
    });
    new Counter({
      name: 'parley_web_push_total',
      help: 'Web push notifications sent by this node, by result',
      labelNames: ['result'],
      registers,
      collect() {
        const stats = sources()?.pushStats() ?? { sent: 0, failed: 0 };
        this.reset();
        this.inc({ result: 'sent' }, stats.sent);
        this.inc({ result: 'failed' }, stats.failed);
      },
    });
    new Gauge({
      name: 'parley_calls_in_progress',
      help: 'Calls in progress in the cluster (every node reports the shared store), by kind',
      labelNames: ['kind'],
      registers,
      async collect() {
        const calls = (await sources()?.callsInProgress()) ?? { private: 0, group: 0 };
        this.set({ kind: 'private' }, calls.private);
        this.set({ kind: 'group' }, calls.group);
      },
    });
  }
}
