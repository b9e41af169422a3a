/**
 * startServer(overrides): a real server on 127.0.0.1:<random port> with a temp
 * DATA_DIR. TEST_DB=postgres gives it a fresh database (dropped at close) on
 * TEST_PG_URL; anything else uses SQLite in the temp dir.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp, loadConfig, type Config, type ParleyServer } from '../../src/index.js';

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

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parley_t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

export const usingPostgres = (): boolean => process.env.TEST_DB === 'postgres';

export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-test-'));
  const database = usingPostgres() ? await createPgDatabase() : undefined;
  // An empty environment: the tests must not depend on the caller's shell.
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: database?.url,
      webDist: path.join(dataDir, 'no-web-dist'),
      logLevel: 'silent',
      authRatePerMin: 0,
      ...overrides,
    },
  );
  let server: ParleyServer;
  try {
    server = await createApp(config);
  } catch (err) {
    await database?.drop();
    throw err;
  }
  const url = await server.listen();
  return {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    server,
    config,
    dataDir,
    async close() {
      await server.close();
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Files under DATA_DIR/uploads, relative, sorted. */
export async function listUploads(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}
