/**
 * A private coturn (`turnserver`) on loopback for one test (issue 9, docs/CALLS.md §7):
 * a free listening port, a small free UDP relay range, the TURN REST scheme with a
 * random secret (what Parley's TURN_SECRET hands out), no config file, no CLI, no TLS.
 * `scripts/setup-test-env.sh` installs coturn; without it `startTurn` throws, it never
 * skips.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.js';

export const TURNSERVER_PATH = process.env.TURNSERVER_PATH ?? 'turnserver';
export const TURN_REALM = 'parley';

export interface RunningTurn {
  /** Listening port (UDP and TCP) on 127.0.0.1. */
  port: number;
  secret: string;
  /** The UDP relay range handed to coturn. */
  relayPorts: { min: number; max: number };
  /** Environment for the Parley server: TURN_SECRET and TURN_URLS (UDP on loopback). */
  serverEnv: Record<string, string>;
  /** Everything coturn printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Throws a clear error when coturn is not installed (CI runs scripts/setup-test-env.sh first). */
export function requireTurnserver(): void {
  const probe = spawnSync(TURNSERVER_PATH, ['--help'], { stdio: 'ignore' });
  if (probe.error) {
    throw new Error(
      `coturn's ${TURNSERVER_PATH} is not runnable (${probe.error.message}); ` +
        'run scripts/setup-test-env.sh (apt-get install coturn) or set TURNSERVER_PATH',
    );
  }
}

function udpPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => {
      socket.close();
      resolve(false);
    });
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

/** A run of `size` UDP ports free on 127.0.0.1, from a random start in 40000–59999. */
async function freeUdpRange(size: number): Promise<{ min: number; max: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const min = 40_000 + Math.floor(Math.random() * (20_000 - size));
    let ok = true;
    for (let p = min; p < min + size && ok; p++) ok = await udpPortFree(p);
    if (ok) return { min, max: min + size - 1 };
  }
  throw new Error(`no run of ${size} free UDP ports on 127.0.0.1 for the TURN relay`);
}

function tcpAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts coturn on 127.0.0.1 and waits until it listens; `stop()` ends it and removes its files. */
export async function startTurn(options: { relayPorts?: number; timeoutMs?: number } = {}): Promise<RunningTurn> {
  requireTurnserver();
  const port = await freePort();
  const relayPorts = await freeUdpRange(options.relayPorts ?? 20);
  const secret = randomBytes(24).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'parley-turn-'));
  const args = [
    '-c',
    '/dev/null', // no /etc/turnserver.conf
    '-n',
    `--listening-port=${port}`,
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    '--allow-loopback-peers',
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    `--realm=${TURN_REALM}`,
    '--fingerprint',
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    '--no-tcp-relay',
    '--no-rfc5780',
    `--min-port=${relayPorts.min}`,
    `--max-port=${relayPorts.max}`,
    '--log-file=stdout',
    '--simple-log',
    '--verbose', // logs each session's allocations (the test checks them)
    // Writable places without root (defaults are under /var).
    `--pidfile=${join(dir, 'turnserver.pid')}`,
    `--userdb=${join(dir, 'turndb')}`,
  ];
  let log = '';
  const child: ChildProcess = spawn(TURNSERVER_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let done = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      done = true;
      resolve();
    }),
  );
  child.once('error', (err) => (log += `\nspawn error: ${err.message}`));

  const stop = async (): Promise<void> => {
    if (!done) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    if (done) {
      await stop();
      throw new Error(`turnserver exited before it listened on 127.0.0.1:${port}:\n${log}`);
    }
    // The TCP listener on the same port opens with the UDP one; relay ports are ready once it logs this.
    if (log.includes('Total General servers') && (await tcpAnswers(port))) {
      return {
        port,
        secret,
        relayPorts,
        serverEnv: { TURN_SECRET: secret, TURN_URLS: `turn:127.0.0.1:${port}?transport=udp` },
        output: () => log,
        stop,
      };
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`turnserver did not listen on 127.0.0.1:${port} within the timeout:\n${log}`);
}
