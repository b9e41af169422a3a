/**
 * Reads a bench server's memory through the Node inspector (the server runs with
 * --inspect on a loopback port): a full garbage collection first, then
 * process.memoryUsage(), so live memory is measured rather than garbage not yet swept.
 */
import { WebSocket } from 'ws';

export interface MemoryAfterGc {
  rss: number;
  heapUsed: number;
  external: number;
}

export async function memoryAfterGc(inspectPort: number): Promise<MemoryAfterGc> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const mine = ++id;
      const onMessage = (raw: Buffer) => {
        const msg = JSON.parse(raw.toString()) as { id?: number };
        if (msg.id !== mine) return;
        ws.off('message', onMessage);
        resolve(msg as { result?: { result?: { value?: string } } });
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const reply = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())' });
    const m = JSON.parse(reply.result!.result!.value!) as { rss: number; heapUsed: number; external: number };
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
  } finally {
    ws.close();
  }
}
