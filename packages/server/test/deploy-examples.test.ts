/**
 * The shipped deploy/ examples (docs/CLUSTER.md) stay valid and in step with the server:
 * nginx accepts parley.conf as written (with a throwaway certificate in place of the real
 * one), its body limit lets the largest upload through, it waits longer than a socket may
 * stay silent, and systemd waits longer than the drain's bound.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Limits, Timing } from '@parley/protocol';
import { loadConfig } from '../src/index.js';
import { nginxBinary } from './support/nginx.js';

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');
const read = (file: string) => fs.readFile(path.join(DEPLOY, file), 'utf8');
/** The value of `name` in an nginx or systemd file (the first line setting it). */
const setting = (text: string, name: string, sep = ' ') =>
  new RegExp(`^\\s*${name}${sep}\\s*([^;\\s]+)`, 'm').exec(text)?.[1];
const SIZE_UNITS: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const bytes = (v: string) => parseInt(v, 10) * (SIZE_UNITS[v.slice(-1).toLowerCase()] ?? 1);
const seconds = (v: string) => parseInt(v, 10) * (v.endsWith('m') ? 60 : 1);

describe('deploy/ examples', () => {
  it('nginx accepts parley.conf with parley-proxy.conf as shipped', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-nginx-t-'));
    try {
      const cert = spawnSync('openssl', [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=chat.example.com'],
        ...['-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`],
      ]);
      expect(cert.status, cert.stderr?.toString()).toBe(0);
      const live = '/etc/letsencrypt/live/chat.example.com';
      const original = await read('nginx/parley.conf');
      // Only the machine-specific paths change; the rest is tested as written.
      const site = original
        .replace(`${live}/fullchain.pem`, `${dir}/cert.pem`)
        .replace(`${live}/privkey.pem`, `${dir}/key.pem`)
        .replace('include snippets/parley-proxy.conf', `include ${DEPLOY}/nginx/parley-proxy.conf`)
        .replaceAll('/var/log/nginx/', `${dir}/`);
      expect(site).not.toContain(live);
      expect(site).toContain(`${DEPLOY}/nginx/parley-proxy.conf`);
      await fs.writeFile(`${dir}/parley.conf`, site);
      await fs.writeFile(
        `${dir}/nginx.conf`,
        `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/parley.conf;\n}\n`,
      );
      const binary = nginxBinary();
      expect(binary, 'nginx is not installed (scripts/setup-test-env.sh)').toBeDefined();
      const check = spawnSync(binary!, ['-t', '-q', '-e', 'stderr', '-p', dir, '-c', `${dir}/nginx.conf`]);
      expect(check.status, check.stderr.toString()).toBe(0);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("the proxy's limits fit the server's: uploads, silent sockets", async () => {
    const proxy = await read('nginx/parley-proxy.conf');
    expect(bytes(setting(proxy, 'client_max_body_size')!)).toBeGreaterThan(Limits.UPLOAD_MAX_BYTES);
    for (const name of ['proxy_read_timeout', 'proxy_send_timeout']) {
      expect(seconds(setting(proxy, name)!) * 1000).toBeGreaterThan(Timing.SOCKET_IDLE_CLOSE_MS);
    }
  });

  it('systemd waits longer than the drain, and the settings file keeps the drain within it', async () => {
    const unit = await read('systemd/parley.service');
    const env = await read('systemd/parley.env');
    const stopS = Number(setting(unit, 'TimeoutStopSec', '='));
    expect(setting(unit, 'KillSignal', '=')).toBe('SIGTERM');
    expect(stopS * 1000).toBeGreaterThan(loadConfig({}).drainTimeoutMs);
    expect(stopS * 1000).toBeGreaterThan(Number(setting(env, 'DRAIN_TIMEOUT_MS', '=')));
    expect(setting(env, 'TRUST_PROXY', '=')).toBe('1');
  });
});
