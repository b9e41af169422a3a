/**
 * Media storage throughput (issue 23 point 1): the same files uploaded through
 * `/file/upload` (streamed to storage) and downloaded back through Parley, on two compiled
 * servers of one run: one with local-disk media, one with MEDIA_STORAGE=s3 against an
 * S3-protocol server on loopback (s3rver, its own process, objects on the same disk).
 * Each run does both backends (order alternating); median of `runs`, each run's load average.
 *
 *   npx tsx bench/src/storage.ts [fileMb=8] [files=8] [runs=3] [concurrency=2]
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCESS_TOKEN_HEADER, API_BASE, api } from '@parley/protocol';
import { median, restClient } from './lib/rest.js';
import { freePort, startBenchServer, type BenchServer } from './lib/server.js';

const [mbArg = '8', filesArg = '8', runsArg = '3', concArg = '2'] = process.argv.slice(2);
const fileBytes = Math.round(Number(mbArg) * 1024 * 1024);
const fileCount = Number(filesArg);
const runs = Number(runsArg);
const concurrency = Number(concArg);
const deadline = Date.now() + 15 * 60_000;
const ROOT = join(import.meta.dirname, '../..');
const BUCKET = 'parley-bench-media';
const MB = 1024 * 1024;

/** s3rver in its own process, so the bench's own work is not counted against it. */
async function startS3rver(): Promise<{ endpoint: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-s3-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['node_modules/s3rver/bin/s3rver.js', '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  for (;;) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('s3rver did not start');
    // Creating the bucket is also the readiness probe.
    const status = await fetch(`${endpoint}/${BUCKET}`, { method: 'PUT' }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200 || status === 409) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    endpoint,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Target {
  name: 'local' | 's3';
  server: BenchServer;
  token: string;
}

async function uploadAll(t: Target, files: Buffer[]): Promise<{ ms: number; urls: string[] }> {
  const rest = restClient(t.server.base, deadline);
  const urls: string[] = [];
  const t0 = performance.now();
  await rest.pool(files.length, concurrency, async (i) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(files[i]!)]), `bench-${i}.bin`);
    const res = await fetch(t.server.base + API_BASE + api.fileUpload.path, {
      method: 'POST',
      headers: { [ACCESS_TOKEN_HEADER]: t.token },
      body: form,
    });
    const reply = (await res.json()) as { code: number; data: string; message: string };
    if (reply.code !== 200) throw new Error(`${t.name} upload: ${reply.code} ${reply.message}`);
    urls[i] = reply.data;
  });
  return { ms: performance.now() - t0, urls };
}

async function downloadAll(t: Target, urls: string[]): Promise<number> {
  const rest = restClient(t.server.base, deadline);
  const t0 = performance.now();
  await rest.pool(urls.length, concurrency, async (i) => {
    const res = await fetch(t.server.base + urls[i]);
    const got = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || got !== fileBytes) throw new Error(`${t.name} download: ${res.status}, ${got} bytes`);
  });
  return performance.now() - t0;
}

const s3 = await startS3rver();
const common = { UPLOAD_MAX_BYTES: String(fileBytes + MB), UPLOAD_BYTES_PER_DAY: '0', LOG_LEVEL: 'error' };
const targets: Target[] = [];
try {
  for (const name of ['local', 's3'] as const) {
    const env =
      name === 'local'
        ? common
        : {
            ...common,
            MEDIA_STORAGE: 's3',
            S3_ENDPOINT: s3.endpoint,
            S3_BUCKET: BUCKET,
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
            S3_FORCE_PATH_STYLE: 'true',
          };
    const target: Target = { name, server: await startBenchServer('sqlite', env, deadline), token: '' };
    targets.push(target); // stopped in `finally` whatever happens next
    const rest = restClient(target.server.base, deadline);
    target.token = (await rest.account(`bench-${name}-${Date.now()}@parley.test`, 'bench-pass-1')).token;
  }
  const files = Array.from({ length: fileCount }, () => crypto.randomBytes(fileBytes));
  const totalMb = (fileBytes * fileCount) / MB;
  console.log(
    `${fileCount} files of ${(fileBytes / MB).toFixed(1)} MB (${totalMb.toFixed(0)} MB), ${concurrency} at a time, ${runs} runs`,
  );
  const results: Record<'local' | 's3', { up: number[]; down: number[] }> = {
    local: { up: [], down: [] },
    s3: { up: [], down: [] },
  };
  for (let run = 1; run <= runs; run++) {
    const order = run % 2 ? targets : [...targets].reverse();
    const parts: string[] = [];
    for (const t of order) {
      const { ms: upMs, urls } = await uploadAll(t, files);
      const downMs = await downloadAll(t, urls);
      const up = totalMb / (upMs / 1000);
      const down = totalMb / (downMs / 1000);
      results[t.name].up.push(up);
      results[t.name].down.push(down);
      parts.push(`${t.name}: upload ${up.toFixed(1)} MB/s, download ${down.toFixed(1)} MB/s`);
    }
    console.log(`run ${run}: ${parts.join('; ')}; load average ${loadavg()[0]!.toFixed(2)}`);
  }
  for (const name of ['local', 's3'] as const) {
    console.log(
      `median of ${runs}, ${name}: upload ${median(results[name].up).toFixed(1)} MB/s, ` +
        `download ${median(results[name].down).toFixed(1)} MB/s`,
    );
  }
} finally {
  for (const t of targets) await t.server.stop();
  s3.stop();
}
