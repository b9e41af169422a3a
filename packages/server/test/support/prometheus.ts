/**
 * Debian's prometheus on loopback for the metrics test: a temp config scraping the given
 * targets every second, a temp store, a free port; queries through its HTTP API.
 * Missing binary: the start fails and says how to install it (never a silent skip).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

export interface Prometheus {
  url: string;
  /** An instant query's vector (`/api/v1/query`). */
  query(promql: string): Promise<Sample[]>;
  stop(): Promise<void>;
}

/** A port free now on loopback (for a target that starts after prometheus). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPrometheus(job: string, targets: string[]): Promise<Prometheus> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-prometheus-'));
  const config = [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 1s',
    'scrape_configs:',
    `  - job_name: ${job}`,
    '    static_configs:',
    `      - targets: [${targets.map((t) => `'${t}'`).join(', ')}]`,
    '',
  ].join('\n');
  await fs.writeFile(path.join(dir, 'prometheus.yml'), config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  let over = false;
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<Error>((resolve) => {
    const end = (err: Error) => {
      over = true;
      resolve(err);
    };
    child.once('error', (err) =>
      end(
        new Error(`cannot run prometheus (${err.message}); run scripts/setup-test-env.sh (apt-get install prometheus)`),
      ),
    );
    child.once('exit', (code) => end(new Error(`prometheus exited with ${code}: ${stderr}`)));
  });
  const stop = async () => {
    if (!over) {
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  // Ready when its readiness endpoint answers; a failed start is reported with its stderr.
  const ready = (async () => {
    while (!over) {
      const ok = await fetch(`${url}/-/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const failed = await Promise.race([ready.then(() => undefined), exited]);
  if (failed) {
    await stop();
    throw failed;
  }
  return {
    url,
    async query(promql) {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await res.json()) as { status: string; error?: string; data: { result: Sample[] } };
      if (body.status !== 'success') throw new Error(`prometheus query ${promql}: ${body.error}`);
      return body.data.result;
    },
    stop,
  };
}
