/**
 * Starts the real server as a child process on a free port with a temp data dir: the
 * compiled one (packages/server/dist/main.js, as in production), rebuilt first when a
 * source is newer.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
  /** SIGTERM (the node drains: sockets told 4010 RESTARTING), then the same server again: same port, data, settings. */
  restart: () => Promise<RunningServer>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data dir (e.g. to restart the same server); otherwise a fresh temp dir, removed on stop. */
  dataDir?: string;
  timeoutMs?: number;
  /**
   * Serve a private copy of packages/web/dist (taken at start, inside the data dir) instead of
   * the shared one, so a rebuild by someone else mid-run cannot remove lazily loaded chunks.
   */
  snapshotWeb?: boolean;
  /** A fixed port (a restart keeps its own); otherwise a free one. */
  port?: number;
  /** Remove `dataDir` on stop although it was given (a restart of a server that made its own). */
  ownsDataDir?: boolean;
}

const WEB_DIST = join(REPO_ROOT, 'packages/web/dist');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const builtAt = () => (existsSync(join(WEB_DIST, 'index.html')) ? statSync(join(WEB_DIST, 'index.html')).mtimeMs : 0);

/** Copies the built web app to `target`, retrying while a build is rewriting it. */
export async function snapshotWebDist(target: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const before = builtAt();
    if (before) {
      rmSync(target, { recursive: true, force: true });
      // Source maps (half the bytes) are for debugging, not for the app.
      cpSync(WEB_DIST, target, { recursive: true, filter: (src) => !src.endsWith('.map') });
      if (builtAt() === before) return;
    }
    await sleep(500);
  }
  throw new Error(`${WEB_DIST} was missing or rebuilt the whole time; run npm run build -w @parley/web`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Servers still running: killed when this process exits, so a crashed or stopped run leaves none behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

let serverBuilt = false;
function ensureServerBuilt(): void {
  if (serverBuilt) return;
  const r = spawnSync(process.execPath, ['packages/server/build.mjs', '--if-stale'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}${r.stderr}`);
  serverBuilt = true;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  ensureServerBuilt();
  const port = options.port ?? (await freePort());
  const ownDir = !options.dataDir || options.ownsDataDir === true;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const webEnv: Record<string, string> = {};
  if (options.snapshotWeb) {
    webEnv.WEB_DIST = join(dataDir, 'web-dist');
    await snapshotWebDist(webEnv.WEB_DIST);
  }
  let log = '';
  /** Wakes the readiness poll below: the start banner comes right after the server listens. */
  let printed = (): void => undefined;
  const child: ChildProcess = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // Browser tests register and log in many times from one address.
      AUTH_RATE_PER_MIN: '100000',
      // Each file registers its own people: argon2id at its floor (services/passwords.ts).
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_ITERATIONS: '1',
      // Today's instant add for the suites' befriending; friend-requests.test.ts switches it on.
      FRIEND_REQUESTS: 'off',
      ...webEnv,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const onOutput = (d: Buffer) => {
    log += d.toString();
    printed();
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));

  const halt = async (): Promise<void> => {
    if (!done) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
  };
  const stop = async (): Promise<void> => {
    await halt();
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const restart = async (): Promise<RunningServer> => {
    await halt();
    return startServer({ ...options, dataDir, port, ownsDataDir: ownDir });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (done) {
      await stop();
      throw new Error(`server exited before it answered:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/system/config`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 401 || res.status === 200) return { url, port, dataDir, output: () => log, stop, restart };
    } catch {
      // not listening yet
    }
    // Asked again when the server prints (its banner follows the listen), else in 200 ms.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 200);
      printed = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    printed = () => undefined;
  }
  await stop();
  throw new Error(`server did not answer on ${url} within the timeout:\n${log}`);
}
