/**
 * Starts the compiled server (packages/server/dist/main.js, built when stale) for a
 * bench: a free loopback port, a temp data dir, no rate limits, and (postgres) a fresh
 * database dropped at the end. The bench then reads the server process's own CPU and
 * memory from /proc by its pid, apart from the load generator's. BENCH_SERVER_ROOT
 * runs the server of another checkout (for example the commit before a change).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface BenchServer {
  base: string;
  pid: string;
  dataDir: string;
  databaseUrl?: string;
  /** The server process's exit code once it exits (a bench that signals it itself waits on this). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** BENCH_SERVER_ROOT: another checkout's server to run (a before/after comparison on the same bench). */
const ROOT = process.env.BENCH_SERVER_ROOT ?? join(import.meta.dirname, '../../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** `env` is added to the server's environment; BENCH_NODE_ARGS adds node flags (e.g. --cpu-prof). */
export async function startBenchServer(
  db: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  deadline = Date.now() + 120_000,
  extraNodeArgs: string[] = [],
): Promise<BenchServer> {
  const build = spawnSync(process.execPath, ['packages/server/build.mjs', '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('server build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
  const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pgName = `parley_bench_${Date.now().toString(36)}`;
  let databaseUrl: string | undefined;
  if (db === 'postgres') {
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${pgName}`);
    await admin.end();
    const u = new URL(pgBase);
    u.pathname = `/${pgName}`;
    databaseUrl = u.toString();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), ...extraNodeArgs];
  const server = spawn(process.execPath, [...nodeArgs, 'packages/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      // The benches befriend through /friend/add: the instant add, not friend requests.
      FRIEND_REQUESTS: 'off',
      AUTH_RATE_PER_MIN: '0',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start');
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(base).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: String(server.pid),
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    exited,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) {
        const admin = new pg.Client({ connectionString: pgBase });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${pgName}`);
        await admin.end();
      }
    },
  };
}
