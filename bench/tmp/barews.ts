import http from 'node:http';
import { readFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { WebSocket, WebSocketServer } from 'ws';
if (process.argv[2] === 'server') {
  const server = http.createServer();
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: true });
  process.on('message', () => { (global as any).gc(); (global as any).gc(); const m = process.memoryUsage(); process.send!({ rss: m.rss, heap: m.heapUsed, ext: m.external }); });
  server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => { ws.on('message', () => ws.send('{"cmd":0}')); }));
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as any).port));
} else {
  const child = fork(process.argv[1]!, ['server'], { execArgv: ['--import', 'tsx', '--expose-gc'] });
  const port = await new Promise<number>((r) => child.once('message', (p) => r(p as number)));
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);
  const open = () => new Promise<WebSocket>((res, rej) => { const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false }); ws.once('error', rej); ws.once('open', () => { ws.send('x'); ws.once('message', () => res(ws)); }); });
  for (let i = 0; i < 50; i++) (await open()).close();
  await new Promise((r) => setTimeout(r, 2000));
  const mem = () => new Promise<any>((r) => { child.once('message', r); child.send('gc'); });
  const m0 = await mem(); const before = rss(); const all: WebSocket[] = [];
  for (let i = 0; i < 10000; i += 250) all.push(...(await Promise.all(Array.from({ length: 250 }, open))));
  await new Promise((r) => setTimeout(r, 5000));
  const m1 = await mem(); console.log('after gc: rss', ((m1.rss - m0.rss) / all.length / 1024).toFixed(2), 'heap', ((m1.heap - m0.heap) / all.length / 1024).toFixed(2), 'ext', ((m1.ext - m0.ext) / all.length / 1024).toFixed(2));
  console.log('bare ws per socket KB', (((rss() - before) * 1024) / all.length / 1024).toFixed(2));
  for (const ws of all) ws.terminate(); child.kill(); process.exit(0);
}
