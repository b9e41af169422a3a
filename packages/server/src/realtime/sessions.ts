/**
 * Registry of this node's logged-in sockets. Several sockets of one (user, terminal)
 * may coexist for a moment while a replaced one is being kicked through the bus.
 */
import type { ServerFrame, Terminal } from '@parley/protocol';

export interface Connection {
  readonly id: string;
  readonly userId: number;
  readonly terminal: Terminal;
  /** The login session of the access token this socket logged in with. */
  readonly sessionId: string;
  /** Tokens bound by push envelopes (`bind`), e.g. the offline pull this socket asked for; made on the first. */
  tokens?: Set<string>;
  send(frame: ServerFrame): void;
  sendText(text: string): void;
  /** A frame already serialised to bytes: a fan-out serialises once for all its sockets. */
  sendBytes(bytes: Buffer): void;
  close(code: number, reason: string): void;
}

/** Called with the user's online terminals after they changed (first socket of a terminal, or its last gone). */
export type TerminalsListener = (userId: number, terminals: Terminal[]) => void;

export class SessionRegistry {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly listeners = new Set<TerminalsListener>();

  add(conn: Connection): void {
    const before = this.terminalsOf(conn.userId);
    let set = this.byUser.get(conn.userId);
    if (!set) this.byUser.set(conn.userId, (set = new Set()));
    set.add(conn);
    this.notifyIfChanged(conn.userId, before);
  }

  remove(conn: Connection): void {
    const set = this.byUser.get(conn.userId);
    if (!set?.has(conn)) return;
    const before = this.terminalsOf(conn.userId);
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.userId);
    this.notifyIfChanged(conn.userId, before);
  }

  /**
   * Subscribes to changes of a user's set of online terminals. A socket replacing
   * another on the same terminal changes nothing, so it is not reported. Returns the unsubscribe.
   */
  onTerminalsChange(listener: TerminalsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notifyIfChanged(userId: number, before: Terminal[]): void {
    const after = this.terminalsOf(userId);
    if (after.length === before.length && after.every((t, i) => t === before[i])) return;
    for (const listener of this.listeners) listener(userId, after);
  }

  /** A socket of the user is logged in on this node. */
  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  connectionsOf(userId: number): Connection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  terminalsOf(userId: number): Terminal[] {
    const terminals = new Set(this.connectionsOf(userId).map((c) => c.terminal));
    return [...terminals].sort((a, b) => a - b);
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }
}
