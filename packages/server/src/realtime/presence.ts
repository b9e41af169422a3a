/**
 * Online state per terminal, derived from live sockets. LocalPresence reads this
 * node's registry; with REDIS_URL, RedisPresence (redis-presence.ts) shares it
 * between nodes behind the same async interface.
 */
import type { Terminal } from '@parley/protocol';
import type { SessionRegistry } from './sessions.js';

export interface Presence {
  /** Online users only, each with their online terminals. */
  onlineTerminals(userIds: readonly number[]): Promise<Map<number, Terminal[]>>;
  isOnline(userId: number): Promise<boolean>;
  /**
   * Calls `listener` whenever a user's set of online terminals changes (first
   * socket of a terminal logged in, last one closed). Returns the unsubscribe.
   */
  onChange(listener: (userId: number, terminals: Terminal[]) => void): () => void;
}

export class LocalPresence implements Presence {
  constructor(private readonly registry: SessionRegistry) {}

  async onlineTerminals(userIds: readonly number[]): Promise<Map<number, Terminal[]>> {
    const result = new Map<number, Terminal[]>();
    for (const userId of new Set(userIds)) {
      const terminals = this.registry.terminalsOf(userId);
      if (terminals.length > 0) result.set(userId, terminals);
    }
    return result;
  }

  async isOnline(userId: number): Promise<boolean> {
    return this.registry.terminalsOf(userId).length > 0;
  }

  onChange(listener: (userId: number, terminals: Terminal[]) => void): () => void {
    return this.registry.onTerminalsChange(listener);
  }
}
