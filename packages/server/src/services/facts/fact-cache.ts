/**
 * One cache of facts read from the database, safe against the fill race: a reader
 * that started before an invalidation never stores what it read (the epoch moved),
 * so a change is never hidden behind a value read just before it committed.
 * Entries also expire after `ttlMs`, the backstop for writes made outside the server
 * (a SQL console, `npm run operator` on another process).
 */
import { LRUCache } from 'lru-cache';

export class FactCache<K extends string | number, V extends object> {
  private readonly entries: LRUCache<K, V>;
  /** Bumped by every invalidation; a fill stores only when it did not move. */
  private epoch = 0;
  /** In-flight loads, so a burst of misses on one key reads the database once. */
  private readonly loading = new Map<K, { epoch: number; value: Promise<V> }>();

  constructor(max: number, ttlMs: number) {
    this.entries = new LRUCache<K, V>({ max, ttl: ttlMs, ttlAutopurge: false });
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(key);
    if (pending && pending.epoch === this.epoch) return pending.value;
    const epoch = this.epoch;
    const value = load();
    const entry = { epoch, value };
    this.loading.set(key, entry);
    try {
      const v = await value;
      if (this.epoch === epoch) this.entries.set(key, v);
      return v;
    } finally {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    }
  }

  delete(key: K): void {
    this.epoch++;
    this.entries.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
