/**
 * Clients that behave like the web client through a balancer, for the rolling restart
 * (cluster-nginx.test.ts): a terminal that reconnects by itself (after a random 0–3 s on
 * close code 4010 RESTARTING, at once otherwise) and pulls again on every login, and a
 * sender that sends one message at a time and sends a refused or unanswered one again
 * with the same tmpId. Both count what a user would notice: reconnects, time offline,
 * and any sign of being signed out (a 401, a refused socket login, a kicked socket).
 */
import { CloseCode, MessageType, Timing } from '@parley/protocol';
import type { ApiClient } from './api.js';
import type { ChatClient } from './chat-client.js';
import { tmpId } from './messages.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Close codes after which the web client shows the login page. */
const SIGNED_OUT = new Set<number>([CloseCode.AUTH_FAILED, CloseCode.REPLACED, CloseCode.BANNED_OR_UNREG]);

export class ReconnectingTerminal {
  reconnects = 0;
  restartCloses = 0;
  /** Close codes that would have sent the user to the login page. */
  readonly signedOut: number[] = [];
  longestOfflineMs = 0;
  private stopped = false;
  private reconnecting = false;

  constructor(readonly chat: ChatClient) {
    chat.retryPull = true;
    chat.onClosed = (code) => this.closed(code);
  }

  /** The first connect, and its pull done. */
  async start(): Promise<void> {
    await this.chat.connect();
    await this.chat.synced();
  }

  /** Resolves when connected with its pull done (after the last restart). */
  async settled(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.reconnecting || !this.chat.connected) {
      if (Date.now() > deadline) throw new Error('terminal did not reconnect in time');
      await sleep(20);
    }
    await this.chat.synced(Math.max(1, deadline - Date.now()));
  }

  stop(): void {
    this.stopped = true;
    this.chat.drop();
  }

  private closed(code: number): void {
    if (SIGNED_OUT.has(code)) this.signedOut.push(code);
    if (code === CloseCode.RESTARTING) this.restartCloses++;
    if (this.stopped || this.reconnecting) return;
    const jitter = code === CloseCode.RESTARTING ? Math.random() * Timing.RESTART_RECONNECT_JITTER_MS : 0;
    void this.reconnect(jitter);
  }

  /** One loop at a time: a socket closed before its login is retried here, not by `closed`. */
  private async reconnect(delayMs: number): Promise<void> {
    this.reconnecting = true;
    const since = Date.now();
    await sleep(delayMs);
    while (!this.stopped) {
      try {
        await this.chat.connect();
        break;
      } catch {
        await sleep(50 + Math.random() * 150);
      }
    }
    this.reconnecting = false;
    if (this.stopped) return;
    this.reconnects++;
    this.longestOfflineMs = Math.max(this.longestOfflineMs, Date.now() - since);
  }
}

export interface SentMessage {
  stream: 'private' | 'group';
  id: number;
  content: string;
  ackedAt: number;
}

/** What one sender does: its own sequence numbers per stream, in `content` as `<userId>:<stream>:<n>`. */
export class ContinuousSender {
  readonly sent: SentMessage[] = [];
  /** Sends asked again after a 5xx or a failed connection. */
  retries = 0;
  /** 401s: the user would have been sent to the login page. */
  unauthorized = 0;
  private counts = { private: 0, group: 0 };
  private abandoned = false;

  constructor(
    private readonly client: ApiClient,
    private readonly userId: number,
    private readonly token: string,
    private readonly to: { friendId: number; groupId: number },
  ) {}

  /** Ends `run` at once, a send being retried included (a test that failed: no more traffic). */
  abandon(): void {
    this.abandoned = true;
  }

  /** Alternates private and group sends until `stop()`; `pauseMs` between sends bounds the count. */
  async run(stop: () => boolean, pauseMs: number): Promise<void> {
    while (!stop() && !this.abandoned) {
      await this.sendOne(this.sent.length % 2 === 0 ? 'private' : 'group');
      await sleep(pauseMs * (0.5 + Math.random()));
    }
  }

  private async sendOne(stream: 'private' | 'group'): Promise<void> {
    const content = `${this.userId}:${stream}:${this.counts[stream]++}`;
    const common = { tmpId: tmpId(), type: MessageType.TEXT, content };
    const [name, body] =
      stream === 'private'
        ? (['privateSend', { ...common, recvId: this.to.friendId }] as const)
        : (['groupSend', { ...common, groupId: this.to.groupId }] as const);
    while (!this.abandoned) {
      // 0: no answer (a connection cut), so the send may or may not be stored.
      let status = 0;
      try {
        const res = await this.client.call(name, { token: this.token, body });
        if (res.status === 200 && res.body.code === 200) {
          this.sent.push({ stream, id: (res.body.data as { id: number }).id, content, ackedAt: Date.now() });
          return;
        }
        status = res.status;
      } catch {
        // sent again below, with the same tmpId
      }
      if (status === 401) this.unauthorized++;
      if (status !== 0 && status < 500) throw new Error(`${name} refused with ${status}`);
      this.retries++;
      await sleep(50 + Math.random() * 100);
    }
  }
}

/** One terminal that must hold `expected`: the messages `from` these users it holds are checked. */
export interface Receiver {
  terminal: ReconnectingTerminal;
  from: Set<number>;
  expected: (SentMessage & { from: number })[];
}

const CONTENT = /^(\d+):(private|group):(\d+)$/;

/** Resolves when every receiver holds all it expects, or at `timeoutMs` (the tally then counts the loss). */
export async function allHeld(receivers: readonly Receiver[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const missing = () => receivers.some((r) => r.expected.some((m) => !r.terminal.chat.heldAt.has(m.id)));
  while (missing() && Date.now() < deadline) await sleep(20);
}

/**
 * What the receivers hold against what was sent: delivered and lost (by id), duplicated
 * (one send held under two ids), out of order (a sender's numbers going down in id order,
 * the order a chat shows), unexpected (held but never answered to its sender), and the
 * longest time from a send's reply to its receiver holding it.
 */
export function tally(receivers: readonly Receiver[]) {
  const t = { delivered: 0, lost: 0, duplicated: 0, outOfOrder: 0, unexpected: 0, maxGapMs: 0 };
  for (const { terminal, from, expected } of receivers) {
    // A pull also brings the user's own private sends: only what others sent is checked.
    const held = [...terminal.chat.messages.values()]
      .filter((m) => m.type === MessageType.TEXT && CONTENT.test(m.content) && from.has(m.sendId))
      .sort((x, y) => x.id - y.id);
    const copies = new Map<string, number>();
    for (const m of held) copies.set(m.content, (copies.get(m.content) ?? 0) + 1);
    for (const k of copies.values()) t.duplicated += k - 1;
    const sentContents = new Set(expected.map((m) => m.content));
    for (const c of copies.keys()) if (!sentContents.has(c)) t.unexpected++;
    for (const m of expected) {
      const at = terminal.chat.heldAt.get(m.id);
      if (at === undefined) t.lost++;
      else {
        t.delivered++;
        t.maxGapMs = Math.max(t.maxGapMs, at - m.ackedAt);
      }
    }
    const last = new Map<string, number>();
    for (const m of held) {
      const [, sender, , n] = CONTENT.exec(m.content)!;
      if (Number(n) <= (last.get(sender!) ?? -1)) t.outOfOrder++;
      last.set(sender!, Number(n));
    }
  }
  return t;
}
