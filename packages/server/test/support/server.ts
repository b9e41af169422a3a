/**
 * startServer(overrides): a real server on 127.0.0.1:<random port> with a temp
 * DATA_DIR. TEST_DB=postgres gives it a fresh database (dropped at close) on
 * TEST_PG_URL; anything else uses SQLite in the temp dir.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { createApp, loadConfig, type Config, type ParleyServer } from '../../src/index.js';
import { adminQuery, databaseUrl } from './pg-template.js';

export interface TestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port> */
  wsUrl: string;
  server: ParleyServer;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database, cloned from the run's migrated template (support/pg-template.ts) when
 * there is one, so the server's migrations find nothing to do.
 */
async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parley_t_${crypto.randomBytes(6).toString('hex')}`;
  const template = inject('pgTemplate');
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  // A test database is thrown away at close: commits need not wait for the disk. The loss
  // tests, which must send their messages within a time bound, depend on it under load.
  await adminQuery(`alter database ${name} set synchronous_commit = off`);
  return { url: databaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

export const usingPostgres = (): boolean => process.env.TEST_DB === 'postgres';

export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-test-'));
  const database = usingPostgres() ? await createPgDatabase() : undefined;
  let node: TestServer;
  try {
    node = await startNode(dataDir, database?.url, overrides);
  } catch (err) {
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...node,
    async close() {
      await node.close();
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app on DATA_DIR `dataDir` and `databaseUrl` (SQLite in dataDir when absent); close() stops only the app. */
async function startNode(dataDir: string, databaseUrl: string | undefined, overrides: Partial<Config>) {
  // An empty environment: the tests must not depend on the caller's shell.
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl,
      webDist: path.join(dataDir, 'no-web-dist'),
      logLevel: 'silent',
      authRatePerMin: 0,
      // Tests send from one address far faster than people do; the limit tests switch limits on.
      rateLimits: 'off',
      // The test code shares the server's event loop: its own pauses must not shed calls
      // (overload.test.ts switches the signal on).
      maxEventLoopDelayMs: 0,
      // Tests fire many calls at once with one token; overload.test.ts switches the per-user bound on.
      maxInFlightPerUser: 0,
      // The suite registers thousands of accounts: argon2id at its floor (passwords.ts).
      passwordHashMemoryKib: 1024,
      passwordHashIterations: 1,
      // Today's instant add, so the suites' befriend() makes friends in one call;
      // friend-requests.test.ts switches the operator default on.
      friendRequests: false,
      ...overrides,
    },
  );
  const server = await createApp(config);
  const url = await server.listen();
  const node: TestServer = {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    server,
    config,
    dataDir,
    close: () => server.close(),
  };
  return node;
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestCluster {
  nodes: TestServer[];
  redisUrl: string;
  /** The REDIS_PREFIX of this cluster: unique per call, its keys are deleted at close. */
  redisPrefix: string;
  close(): Promise<void>;
}

/**
 * What several nodes share, without the nodes: a DATA_DIR, the database (a fresh
 * PostgreSQL database of this run, or none: SQLite in the DATA_DIR) and a fresh Redis key
 * prefix at TEST_REDIS_URL. close() deletes all three. Child-process nodes
 * (support/child-server.ts) start on it with `env`.
 */
export interface ClusterStore {
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string;
  /** The REDIS_PREFIX of this cluster: unique per call, its keys are deleted at close. */
  redisPrefix: string;
  /** DATA_DIR, DATABASE_URL, REDIS_URL and REDIS_PREFIX for a child node. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function createClusterStore(): Promise<ClusterStore> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-cluster-'));
  const database = usingPostgres() ? await createPgDatabase() : undefined;
  const redisPrefix = `parley-test:${crypto.randomBytes(6).toString('hex')}:`;
  return {
    dataDir,
    databaseUrl: database?.url,
    redisUrl: TEST_REDIS_URL,
    redisPrefix,
    env: {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: redisPrefix,
    },
    async close() {
      await deleteRedisKeys(TEST_REDIS_URL, redisPrefix);
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * startCluster(n): n apps sharing one database (the PostgreSQL database of this
 * run, or one SQLite file in WAL mode), one DATA_DIR (signing secret, uploads) and
 * one Redis at TEST_REDIS_URL under a fresh key prefix, as several nodes behind a
 * load balancer would. Nodes start one after another (migrations run once).
 */
export async function startCluster(
  count: number,
  overrides: Partial<Config> = {},
  /** Settings of node `i` only (its own port, say), over `overrides`. */
  perNode: (i: number) => Partial<Config> = () => ({}),
): Promise<TestCluster> {
  const store = await createClusterStore();
  const { dataDir, databaseUrl, redisPrefix } = store;
  const nodes: TestServer[] = [];
  const close = async () => {
    for (const node of nodes.reverse()) await node.close();
    await store.close();
  };
  try {
    for (let i = 0; i < count; i++) {
      nodes.push(
        await startNode(dataDir, databaseUrl, { redisUrl: TEST_REDIS_URL, redisPrefix, ...overrides, ...perNode(i) }),
      );
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { nodes: [...nodes], redisUrl: TEST_REDIS_URL, redisPrefix, close };
}

/** Deletes every key under `prefix` (SCAN + DEL), never anything else. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${globEscape(prefix)}*`, 'COUNT', 500);
      cursor = next;
      const mine = keys.filter((k) => k.startsWith(prefix));
      if (mine.length > 0) await redis.del(...mine);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

const globEscape = (s: string) => s.replace(/[*?[\]\\]/g, '\\$&');

/** Files under DATA_DIR/uploads, relative, sorted. */
export async function listUploads(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * Every row of every table and the upload files, as one string: a refused call must
 * leave it as it was (the authorization matrix and the bad-input walk compare it).
 */
export async function snapshotState(ts: TestServer): Promise<string> {
  const db = ts.server.db.kysely;
  // A group reaction's notice is stored when its window ends: a flush between the two
  // snapshots of a refusal is an earlier call's change, so wait until none is pending.
  const deadline = Date.now() + 5000;
  while ((await db.selectFrom('reaction_pending').select('message_id').limit(1).execute()).length > 0) {
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const tables = [
    'users',
    'refresh_tokens',
    'friends',
    'blacklist',
    'complaints',
    'private_messages',
    'groups',
    'group_members',
    'group_messages',
    'calls',
    'favourites',
    'system_messages',
    'audit_log',
    'discover_links',
    'login_sessions',
    'push_subscriptions',
    'password_resets',
    'friend_requests',
  ] as const;
  const rows = await Promise.all(tables.map((t) => db.selectFrom(t).selectAll().orderBy('id').execute()));
  // Last seen moves with presence (an earlier step's socket closing), not with the call under test.
  rows[0] = rows[0]!.map((r) => ({ ...r, last_online_at: null }));
  // Keyed by (user_id, seq_no), no id column.
  const inbox = await db.selectFrom('system_inbox').selectAll().orderBy('user_id').orderBy('seq_no').execute();
  // Keyed by (kind, message[, user]) and (kind, chat), no id column.
  const pins = await db.selectFrom('message_pins').selectAll().orderBy('kind').orderBy('message_id').execute();
  const clocks = await db.selectFrom('message_pin_clocks').selectAll().orderBy('kind').orderBy('chat_key').execute();
  const reactions = await db
    .selectFrom('message_reactions')
    .selectAll()
    .orderBy('kind')
    .orderBy('message_id')
    .orderBy('user_id')
    .execute();
  const pending = await db.selectFrom('reaction_pending').selectAll().orderBy('kind').orderBy('message_id').execute();
  return JSON.stringify([rows, inbox, pins, clocks, reactions, pending, await listUploads(ts.dataDir)]);
}
