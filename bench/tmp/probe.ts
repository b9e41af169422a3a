import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { processCpu } from '../src/lib/cpu.js';
import { restClient } from '../src/lib/rest.js';
const port = 18000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  [...(process.env.NODE_ARGS ?? '').split(' ').filter(Boolean), 'packages/server/dist/main.js'],
  {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-')),
      RATE_LIMITS: 'off',
      AUTH_RATE_PER_MIN: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
for (;;) {
  if (
    await fetch(base).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 100));
}
const { account } = restClient(base, Date.now() + 60000);
const u = await account(`p${Date.now()}@x.io`, 'secret1');
const pool = new Pool(base, { connections: 8, pipelining: 4 });
const N = 10000;
for (const path of (process.argv[2] ?? '/api/system/config,/api/nothing,/').split(',')) {
  const one = () => pool.request({ method: 'GET', path, headers: { accesstoken: u.token } }).then((r) => r.body.dump());
  for (let i = 0; i < 500; i++) await one();
  const c0 = processCpu(String(server.pid));
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next++ < N) await one();
    }),
  );
  const cpu = processCpu(String(server.pid)) - c0;
  console.log(
    path,
    ((cpu / N) * 1e6).toFixed(0),
    'us server CPU/request',
    (N / ((performance.now() - t0) / 1000)).toFixed(0),
    'req/s',
  );
}
server.kill();
