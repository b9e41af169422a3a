/** A WebSocket test client: queued frames, waits with timeouts, and the close event. */
import type { IncomingHttpHeaders } from 'node:http';
import { WebSocket } from 'ws';
import { Cmd, WS_PATH, type ServerFrame } from '@parley/protocol';

export interface Closed {
  code: number;
  reason: string;
}

export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<Closed>;
  private waiters: (() => void)[] = [];
  private closeInfo: Closed | undefined;
  /** The headers of the upgrade's 101 (behind nginx: which node took the socket). */
  upgradeHeaders: IncomingHttpHeaders = {};

  private constructor(readonly ws: WebSocket) {
    ws.on('upgrade', (res) => (this.upgradeHeaders = res.headers));
    ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as ServerFrame);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        this.wake();
        resolve(this.closeInfo);
      }),
    );
  }

  static async open(wsUrl: string): Promise<TestSocket> {
    const ws = new WebSocket(wsUrl + WS_PATH);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Opens, sends LOGIN and waits for the `{cmd:0}` answer. */
  static async login(wsUrl: string, accessToken: string): Promise<TestSocket> {
    const socket = await TestSocket.open(wsUrl);
    socket.send({ cmd: Cmd.LOGIN, data: { accessToken } });
    await socket.next((f) => f.cmd === Cmd.LOGIN);
    return socket;
  }

  get isClosed(): boolean {
    return this.closeInfo !== undefined;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Removes and returns the first queued frame matching `match`, waiting up to `timeoutMs`. */
  async next(match: (f: ServerFrame) => boolean = () => true, timeoutMs = 3000): Promise<ServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.frames.findIndex(match);
      if (i >= 0) return this.frames.splice(i, 1)[0]!;
      if (this.closeInfo) throw new Error(`socket closed (${this.closeInfo.code}) before the frame arrived`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** True when no frame matching `match` arrives within `ms`. */
  async quiet(ms: number, match: (f: ServerFrame) => boolean = () => true): Promise<boolean> {
    await new Promise((r) => setTimeout(r, ms));
    return !this.frames.some(match);
  }

  async waitClosed(timeoutMs = 3000): Promise<Closed> {
    return Promise.race([
      this.closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket not closed in time')), timeoutMs)),
    ]);
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
