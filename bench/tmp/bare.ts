import Fastify from 'fastify';
import http from 'node:http';
import { Pool } from 'undici';
const kind = process.argv[2] ?? 'fastify';
let port = 0;
if (kind === 'fastify') {
  const app = Fastify({ logger: { level: 'warn' } });
  app.get('/x', async () => ({ code: 200, message: 'success', data: null }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as any).port;
} else {
  const s = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"code":200}');
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  port = (s.address() as any).port;
}
const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 8, pipelining: 4 });
const one = () => pool.request({ method: 'GET', path: '/x' }).then((r) => r.body.dump());
for (let i = 0; i < 2000; i++) await one();
const N = 20000;
const c0 = process.cpuUsage();
const t0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: 32 }, async () => {
    while (next++ < N) await one();
  }),
);
const c = process.cpuUsage(c0);
console.log(
  kind,
  'client+server CPU/request',
  ((c.user + c.system) / N).toFixed(0),
  'us',
  (N / ((performance.now() - t0) / 1000)).toFixed(0),
  'req/s',
);
process.exit(0);
