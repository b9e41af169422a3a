/**
 * Registry of this node's logged-in sockets. Several sockets of one (user, terminal)
 * may coexist for a moment while a replaced one is being kicked through the bus.
 */
import type { ServerFrame, Terminal } from '@parley/protocol';

export interface Connection {
  readonly id: string;
  readonly userId: number;
  readonly terminal: Terminal;
  send(frame: ServerFrame): void;
  close(code: number, reason: string): void;
}

export class SessionRegistry {
  private readonly byUser = new Map<number, Set<Connection>>();

  add(conn: Connection): void {
    let set = this.byUser.get(conn.userId);
    if (!set) this.byUser.set(conn.userId, (set = new Set()));
    set.add(conn);
  }

  remove(conn: Connection): void {
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.userId);
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
