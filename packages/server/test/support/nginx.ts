/**
 * nginx (Debian's, scripts/setup-test-env.sh) in front of a few nodes, as in a cluster:
 * its own prefix and config in a temp dir, one process in the foreground (no master, no
 * daemon) on a free loopback port, stopped by the test. Each location runs the shipped
 * deploy/nginx/parley-proxy.conf; the test adds only the upstream (short fail_timeout so a
 * restarted node is tried again soon), an `X-Upstream` header naming the node that
 * answered, so a test can tell where a request or socket went, and a source address of
 * its own towards the nodes (127.0.0.2), so a node can tell nginx from its client.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './child-server.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PROXY_CONF = path.join(REPO_ROOT, 'deploy/nginx/parley-proxy.conf');

/** The address nginx connects to the nodes from; the clients are 127.0.0.1. */
export const NGINX_SOURCE_ADDRESS = '127.0.0.2';

/** The header the test config adds: `$upstream_addr`, the last address being the node that answered. */
export const UPSTREAM_HEADER = 'x-upstream';

export interface Nginx {
  url: string;
  wsUrl: string;
  /** The nginx log so far (warnings and errors). */
  log(): string;
  stop(): Promise<void>;
}

/** The nginx binary: on PATH, or Debian's /usr/sbin (not on a non-root PATH). */
export function nginxBinary(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return undefined;
}

/** The node (`127.0.0.1:port`) that answered, from the X-Upstream header. */
export function answeredBy(headers: { get(name: string): string | null } | Record<string, unknown>): string {
  const raw =
    typeof headers.get === 'function'
      ? (headers as { get(name: string): string | null }).get(UPSTREAM_HEADER)
      : (headers as Record<string, unknown>)[UPSTREAM_HEADER];
  return String(raw ?? '')
    .split(',')
    .at(-1)!
    .trim();
}

function config(prefix: string, port: number, nodes: readonly string[]): string {
  const servers = nodes.map((u) => `    server ${new URL(u).host} max_fails=1 fail_timeout=1s;`).join('\n');
  return `
daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream parley {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location = /nginx-up { return 204; }
    # From its own address, so a node can tell nginx (the peer) from the client (X-Forwarded-For).
    proxy_bind ${NGINX_SOURCE_ADDRESS};
    location / {
      add_header X-Upstream $upstream_addr always;
      include ${PROXY_CONF};
    }
  }
}
`;
}

/** Starts nginx in front of `nodes` (their http:// URLs); resolves once it answers. */
export async function startNginx(nodes: readonly string[], timeoutMs = 10_000): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (scripts/setup-test-env.sh installs it)');
  const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-nginx-'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  await fs.writeFile(conf, config(prefix, port, nodes));
  // -e: errors before the config is read go to stderr too, not to /var/log/nginx.
  const child = spawn(binary, ['-e', 'stderr', '-p', prefix, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  let done = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      done = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!done) child.kill('SIGTERM');
    await exited;
    await fs.rm(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/nginx-up`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 204) break;
    if (done || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url, wsUrl: url.replace(/^http/, 'ws'), log: () => text, stop };
}
