/**
 * The leanest load client for the rate bench (issue 12: "the load generator made lean
 * enough not to be the bottleneck"): a few keep-alive connections, HTTP/1.1 requests
 * written back to back without waiting (pipelining), replies read off the stream in
 * order by their Content-Length. Enough HTTP for our own server's JSON replies on
 * loopback; not a general client.
 */
import net from 'node:net';
import { ACCESS_TOKEN_HEADER, API_BASE } from '@parley/protocol';

export interface PipelinedReply {
  status: number;
  body: string;
  retryAfter?: number;
}

interface Pending {
  resolve: (reply: PipelinedReply) => void;
  reject: (err: Error) => void;
}

class Connection {
  private readonly socket: net.Socket;
  private readonly waiting: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private out: string[] = [];

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (err) => this.failAll(err));
    this.socket.on('close', () => this.failAll(new Error('connection closed')));
  }

  get load(): number {
    return this.waiting.length;
  }

  request(head: string, body: string): Promise<PipelinedReply> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      // Requests queued in one turn go out in one write.
      if (this.out.length === 0) setImmediate(() => this.flush());
      this.out.push(head + body);
    });
  }

  close(): void {
    this.socket.end();
  }

  private flush(): void {
    const text = this.out.join('');
    this.out = [];
    this.socket.write(text);
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.buffer.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      const status = Number(head.slice(9, 12));
      const retry = /\r\nretry-after: *(\d+)/i.exec(head)?.[1];
      this.waiting.shift()?.resolve({ status, body, ...(retry ? { retryAfter: Number(retry) } : {}) });
    }
  }

  private failAll(err: Error): void {
    for (const p of this.waiting.splice(0)) p.reject(err);
  }
}

export function pipelinedClient(base: string, connections = 8) {
  const port = Number(new URL(base).port);
  const pool = Array.from({ length: connections }, () => new Connection(port));
  let next = 0;
  /** JSON with the access token; the least loaded of two connections takes it. */
  function send(method: 'POST' | 'PUT', path: string, token: string, body: unknown): Promise<PipelinedReply> {
    const a = pool[next++ % pool.length]!;
    const b = pool[next % pool.length]!;
    const conn = a.load <= b.load ? a : b;
    const json = JSON.stringify(body);
    const head =
      `${method} ${API_BASE}${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${ACCESS_TOKEN_HEADER}: ${token}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\n\r\n`;
    return conn.request(head, json);
  }
  return {
    post: (path: string, token: string, body: unknown) => send('POST', path, token, body),
    put: (path: string, token: string, body: unknown) => send('PUT', path, token, body),
    close: () => pool.forEach((c) => c.close()),
  };
}
