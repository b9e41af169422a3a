/** Starts the real server (packages/server/src/main.ts) as a child process on a free port with a temp data dir. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data dir (e.g. to restart the same server); otherwise a fresh temp dir, removed on stop. */
  dataDir?: string;
  timeoutMs?: number;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // Browser tests register and log in many times from one address.
      AUTH_RATE_PER_MIN: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));

  const stop = async (): Promise<void> => {
    if (!done) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (done) {
      await stop();
      throw new Error(`server exited before it answered:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/system/config`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 401 || res.status === 200) return { url, port, dataDir, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`server did not answer on ${url} within the timeout:\n${log}`);
}
