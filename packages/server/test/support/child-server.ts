/**
 * The compiled server (packages/server/dist/main.js, as in production) as a child process,
 * for what only a real process shows: signals and the exit. Rebuilt first when a source is
 * newer (build.mjs writes beside and renames, so a build running elsewhere is harmless).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ChildServer {
  url: string;
  port: number;
  wsUrl: string;
  child: ChildProcess;
  /** stdout and stderr so far (JSON log lines). */
  log(): string;
  /** Resolves with the exit code and when it came (epoch ms). */
  exited: Promise<{ code: number | null; at: number }>;
  /** Resolves when a log line contains `text`; rejects at `timeoutMs`. */
  logged(text: string, timeoutMs?: number): Promise<void>;
  /** SIGKILL if still running. */
  kill(): void;
}

/** A port free on 127.0.0.1 just now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

let built = false;
function ensureBuilt(): void {
  if (built) return;
  const r = spawnSync(process.execPath, ['packages/server/build.mjs', '--if-stale'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}${r.stderr}`);
  built = true;
}

/** Starts dist/main.js with `env` over a quiet test baseline; resolves once `/readyz` answers 200. */
export async function startChildServer(
  env: Record<string, string>,
  timeoutMs = 30_000,
  /** The port to listen on (a node restarted where its balancer expects it); a free one by default. */
  listenPort?: number,
): Promise<ChildServer> {
  ensureBuilt();
  const port = listenPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMITS: 'off',
      AUTH_RATE_PER_MIN: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_ITERATIONS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    text += d.toString();
    for (const l of [...listeners]) l();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  let done = false;
  void exited.then(() => {
    done = true;
    for (const l of [...listeners]) l();
  });
  const kill = () => {
    if (!done) child.kill('SIGKILL');
  };
  const logged = (needle: string, ms = 5_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (text.includes(needle)) finish(resolve);
        else if (done) finish(() => reject(new Error(`server exited before logging ${needle}:\n${text}`)));
      };
      const finish = (f: () => void) => {
        listeners.delete(check);
        clearTimeout(timer);
        f();
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`no log line with ${needle} in ${ms} ms`))), ms);
      listeners.add(check);
      check();
    });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (done) throw new Error(`server exited before it was ready:\n${text}`);
    const status = await fetch(`${url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      kill();
      throw new Error(`server not ready within ${timeoutMs} ms:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, port, wsUrl: url.replace(/^http/, 'ws'), child, log: () => text, exited, logged, kill };
}
