/**
 * createApp(config): the whole server (REST, uploads, web app, socket gateway) on
 * one port. Shared by main.ts, the server tests and the e2e harness.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CALL_SWEEP_INTERVAL_MS } from '@parley/protocol';
import type { Config } from './config.js';
import { openDb, type Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { AppError } from './http/app-error.js';
import { badUrlError } from './http/bad-url.js';
import { sendError } from './http/envelope.js';
import { installErrorHandler } from './http/error-handler.js';
import { Health, registerHealth, type ReadyCheck } from './http/health.js';
import { drain, RequestGate } from './lifecycle/drain.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { clientErrorHandler, frameworkError } from './http/framework-errors.js';
import { registerJsonBody } from './http/json-body.js';
import { registerOverload } from './http/overload.js';
import { registerRoutes } from './http/register-routes.js';
import { registerMedia } from './http/media-route.js';
import { registerStatic } from './http/static.js';
import { createMetrics, deliveryCounter, registerMetrics, type Metrics } from './metrics/index.js';
import { InProcessBus } from './realtime/bus.js';
import { Gateway } from './realtime/gateway.js';
import { LocalPresence } from './realtime/presence.js';
import { closeRedis, openRedis, redactUrl, type RedisCommandTimer } from './realtime/redis.js';
import { RedisBus } from './realtime/redis-bus.js';
import { RedisPresence } from './realtime/redis-presence.js';
import { SessionRegistry } from './realtime/sessions.js';
import { buildHandlers } from './routes/index.js';
import { CallSweeper } from './services/calls/sweeper.js';
import { createServices, type Realtime, type Services } from './services/index.js';
import { clusterMediaWarning } from './storage/index.js';

export interface ParleyServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  services: Services;
  /** True when this start created the trial account. */
  trialCreated: boolean;
  /** `/healthz` and `/readyz`: its checks, and draining (not ready) from `startDraining()`. */
  health: Health;
  /** Prometheus metrics of this node, when METRICS_PORT or METRICS_TOKEN is set. */
  metrics: Metrics | undefined;
  /** `http://host:port/metrics` of the metrics port once listening (METRICS_PORT), else undefined. */
  readonly metricsUrl: string | undefined;
  /** Starts listening on config.host:config.port; resolves to the base URL (port 0 → the real one). */
  listen(): Promise<string>;
  /**
   * Graceful drain then close (SIGTERM, lifecycle/drain.ts): unready, new requests and
   * upgrades 503, sockets closed with 4010, requests in flight finished, then close(); all
   * within `timeoutMs` (config.drainTimeoutMs by default).
   */
  drain(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** JSON bodies: the largest legitimate one (a 1,024-character message with a quote) is a few KB. */
const JSON_BODY_LIMIT = 64 * 1024;
const MAX_URL_LENGTH = 8 * 1024;

export async function createApp(config: Config): Promise<ParleyServer> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const metrics = createMetrics(config);
  const db = openDb(config, metrics && ((s) => metrics.dbQuery.observe(s)));
  try {
    await migrateToLatest(db);
  } catch (err) {
    await db.kysely.destroy();
    throw err;
  }
  const bodyLimits = { bodyLimit: JSON_BODY_LIMIT, uploadMaxBytes: config.uploadMaxBytes };
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    clientErrorHandler,
    // Router refusals (a path parameter over its length, a malformed URL) in the envelope too.
    frameworkErrors: (error, request, reply) => {
      const known =
        error.code === 'FST_ERR_BAD_URL'
          ? badUrlError(request.raw.method, request.raw.url)
          : frameworkError(error, bodyLimits);
      void sendError(reply, known ?? new AppError('badRequest'));
    },
    // A path parameter as long as the address itself reaches its schema, which names it.
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
  });
  let realtime: Realtime;
  try {
    realtime = await openRealtime(config, app.log, metrics && ((s) => metrics.redisCommand.observe(s)));
  } catch (err) {
    await db.kysely.destroy();
    throw err;
  }
  const { bus, presence } = realtime;
  if (config.redisUrl && db.dialect === 'sqlite') {
    app.log.warn(
      'REDIS_URL with SQLite: nodes sharing one SQLite file do not order per-user writes across processes; use PostgreSQL for several nodes',
    );
  }
  const warning = clusterMediaWarning(config.media, config.redisUrl);
  if (warning) app.log.warn(warning);
  const services = createServices(config, db, realtime);
  app.log.info(
    `media: stored ${services.media.kind === 's3' ? 'in S3-compatible object storage' : 'on the local disk'}`,
  );
  app.log.info(`calls: state kept in the ${services.callStore.name}`);
  const trialCreated = await services.accounts.ensureTrialAccount(config.trialUserName, config.trialPassword);
  await services.accounts.grantOperators(config.operatorUserNames);

  installErrorHandler(app, bodyLimits);
  // First of the hooks: a draining node refuses at once and counts what it still owes.
  const gate = new RequestGate();
  gate.register(app);
  // Then: a shed call costs next to nothing.
  await registerOverload(app, {
    maxInFlight: config.maxInFlight,
    maxInFlightPerUser: config.maxInFlightPerUser,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
  });
  await registerSecurityHeaders(app);
  const metricsServer = metrics && registerMetrics(app, metrics, config);
  // No address of ours is near this long; Node's own limit (16 KiB of headers) answers 431 above it.
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError('uriTooLong');
  });
  await app.register(fastifyMultipart, {
    // Two files at most: a video and its cover.
    limits: { fileSize: config.uploadMaxBytes, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
  });
  registerJsonBody(app);
  const readyChecks: ReadyCheck[] = [{ name: 'database', probe: () => sql`select 1`.execute(db.kysely) }];
  const redis = realtime.limitsRedis;
  if (redis) readyChecks.push({ name: 'redis', probe: () => redis.ping() });
  // The local disk is checked by the database check's own disk well enough; a bucket may be down alone.
  if (services.media.kind === 's3') readyChecks.push({ name: 'storage', probe: () => services.media.check() });
  const health = new Health(readyChecks);
  registerHealth(app, health);
  registerRoutes(app, buildHandlers(services), services.auth, services.limits, config.uploadMaxBytes);
  registerMedia(app, services.media);
  await registerStatic(app, config.webDist);

  const gateway = new Gateway({
    auth: services.auth,
    registry: services.registry,
    bus,
    idleMs: config.socketIdleMs,
    loginTimeoutMs: config.socketLoginTimeoutMs,
    sessionRecheckMs: Math.max(1000, config.accessTokenTtlS * 1000),
    framesPerSocket: services.limits.socketFrames,
    clock: config.clock,
    log: app.log,
    onLogin: (auth) => services.devices.touch(auth.sessionId),
    typing: services.typing,
    ...(metrics ? { onDelivered: deliveryCounter(metrics) } : {}),
  });
  metrics?.attach({
    socketsByTerminal: () => {
      const byTerminal = new Map<number, number>();
      for (const conn of services.registry.all())
        byTerminal.set(conn.terminal, (byTerminal.get(conn.terminal) ?? 0) + 1);
      return byTerminal;
    },
    pushStats: () => services.pushNotify.notifier.stats,
    callsInProgress: () => services.callStore.inProgress(),
  });
  gateway.attach(app.server);
  // Friends' lists learn at once when a user's online terminals change (type 82).
  const stopPresenceSync = services.friends.syncPresence((err) =>
    app.log.error({ err }, 'presence push to friends failed'),
  );

  // Ring timeouts and heartbeat expiry, on every node (docs/CALLS.md §5).
  const sweeper = new CallSweeper(
    () => services.sweepCalls(),
    config.callSweepIntervalMs ?? CALL_SWEEP_INTERVAL_MS,
    (err) => app.log.error({ err }, 'call sweep failed'),
  );
  sweeper.start();
  services.searchIndexer.start((err) => app.log.error({ err }, 'search indexing failed'));
  // Reaction notices due or left pending by a stopped node, on every node.
  services.reactionFlusher.start();

  let closed = false;
  let metricsUrl: string | undefined;
  const node: ParleyServer = {
    app,
    db,
    config,
    services,
    trialCreated,
    health,
    metrics,
    get metricsUrl() {
      return metricsUrl;
    },
    async listen() {
      await app.listen({ port: config.port, host: config.host });
      if (metricsServer) metricsUrl = `http://${await metricsServer.listen()}/metrics`;
      const { port } = app.server.address() as AddressInfo;
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    },
    drain(timeoutMs = config.drainTimeoutMs) {
      const cutRequests = () => app.server.closeAllConnections();
      return drain({ health, gate, gateway, cutRequests, close: () => node.close() }, timeoutMs);
    },
    async close() {
      if (closed) return;
      closed = true;
      // Sockets first, so the presence of their users is withdrawn and friends (on any node) are told.
      await sweeper.stop();
      await gateway.close();
      await services.searchIndexer.stop();
      await services.reactionFlusher.stop();
      if (presence instanceof RedisPresence) await presence.flush();
      await stopPresenceSync();
      // Requests are over (the drain waited for them, or cut them at its deadline): a kept-alive
      // connection still open would hold the close until its keep-alive timeout (72 s) runs out.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      // Requests are over: whatever they queued is written before the database closes.
      await Promise.all(services.writeBatches.map((b) => b.drain()));
      await metricsServer?.close();
      if (presence instanceof RedisPresence) await presence.close();
      if (realtime.limitsRedis) await closeRedis(realtime.limitsRedis);
      await services.callStore.close();
      await bus.close();
      await services.media.close();
      await db.kysely.destroy();
    },
  };
  return node;
}

/** In-process bus and presence; with REDIS_URL, Redis pub/sub and Redis presence shared by every node. */
async function openRealtime(
  config: Config,
  log: FastifyBaseLogger,
  onCommand: RedisCommandTimer | undefined,
): Promise<Realtime> {
  const registry = new SessionRegistry();
  if (!config.redisUrl) {
    log.info('realtime: in-process bus and presence (single node)');
    return { bus: new InProcessBus(), registry, presence: new LocalPresence(registry) };
  }
  const onError = (err: unknown, what: string) => log.error({ err }, what);
  const bus = await RedisBus.connect(config.redisUrl, config.redisPrefix, onError, onCommand);
  let limitsRedis: Awaited<ReturnType<typeof openRedis>> | undefined;
  let callsRedis: Awaited<ReturnType<typeof openRedis>> | undefined;
  try {
    limitsRedis = await openRedis(config.redisUrl, 'parley-limits', onError, onCommand);
    callsRedis = await openRedis(config.redisUrl, 'parley-calls', onError, onCommand);
    const presence = await RedisPresence.connect({
      url: config.redisUrl,
      prefix: config.redisPrefix,
      registry,
      onError,
      heartbeatMs: config.presenceHeartbeatMs,
      ...(onCommand ? { onCommand } : {}),
    });
    log.info(
      { redis: redactUrl(config.redisUrl), prefix: config.redisPrefix, nodeId: presence.nodeId },
      'realtime: Redis bus and presence (several nodes can share users)',
    );
    return { bus, registry, presence, limitsRedis, callsRedis };
  } catch (err) {
    if (limitsRedis) await closeRedis(limitsRedis);
    if (callsRedis) await closeRedis(callsRedis);
    await bus.close();
    throw err;
  }
}
