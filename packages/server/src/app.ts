/**
 * createApp(config): the whole server (REST, uploads, web app, socket gateway) on
 * one port. Shared by main.ts, the server tests and the e2e harness.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDb, type Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { installErrorHandler } from './http/error-handler.js';
import { registerRoutes } from './http/register-routes.js';
import { registerStatic } from './http/static.js';
import { InProcessBus, type Bus } from './realtime/bus.js';
import { Gateway } from './realtime/gateway.js';
import { buildHandlers } from './routes/index.js';
import { createServices, type Services } from './services/index.js';

export interface ParleyServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  services: Services;
  /** True when this start created the trial account. */
  trialCreated: boolean;
  /** Starts listening on config.host:config.port; resolves to the base URL (port 0 → the real one). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function createApp(config: Config): Promise<ParleyServer> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = openDb(config);
  try {
    await migrateToLatest(db);
  } catch (err) {
    await db.kysely.destroy();
    throw err;
  }
  const bus: Bus = new InProcessBus();
  const services = createServices(config, db, bus);
  const trialCreated = await services.accounts.ensureTrialAccount(config.trialUserName, config.trialPassword);

  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (config.redisUrl) app.log.warn('REDIS_URL is set but not used yet: this node runs the in-process bus');
  installErrorHandler(app, config.uploadMaxBytes);
  await app.register(fastifyMultipart, {
    // Two files at most: a video and its cover.
    limits: { fileSize: config.uploadMaxBytes, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
  });
  registerRoutes(app, buildHandlers(services), services.auth, config.authRatePerMin);
  await registerStatic(app, services.uploads.root, config.webDist);

  const gateway = new Gateway({
    auth: services.auth,
    registry: services.registry,
    bus,
    idleMs: config.socketIdleMs,
    loginTimeoutMs: config.socketLoginTimeoutMs,
    log: app.log,
  });
  gateway.attach(app.server);
  // Friends' lists learn at once when a user's online terminals change (type 82).
  const stopPresenceSync = services.friends.syncPresence((err) =>
    app.log.error({ err }, 'presence push to friends failed'),
  );

  let closed = false;
  return {
    app,
    db,
    config,
    services,
    trialCreated,
    async listen() {
      await app.listen({ port: config.port, host: config.host });
      const { port } = app.server.address() as AddressInfo;
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await stopPresenceSync();
      await gateway.close();
      await app.close();
      await bus.close();
      await db.kysely.destroy();
    },
  };
}
