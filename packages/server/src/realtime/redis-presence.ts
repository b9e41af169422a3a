/**
 * Presence shared by every node through Redis (REDIS_URL).
 *
 * Keys (all under the configured prefix, default `parley:`):
 * - `online:{userId}`: hash, field = node id, value = that node's online terminals of
 *   the user ("0" / "1" / "0,1"). Written by the node on every change of its local
 *   terminals for the user (field removed when none is left).
 * - `node:{nodeId}`: the node's heartbeat, TTL NODE_TTL_MS, refreshed every HEARTBEAT_MS.
 *   Readers ignore hash fields of nodes whose heartbeat is gone, so a crashed node's
 *   sockets drop out of presence within NODE_TTL_MS (30 s).
 * - `node-users:{nodeId}`: set of the users the node has a field for, and `nodes`: set
 *   of node ids. On each heartbeat a node sweeps dead nodes: the one whose SREM from
 *   `nodes` wins removes the dead node's fields and reports the users whose terminals
 *   changed, so friends hear of a crashed node's users going offline (within ~40 s).
 * - Every heartbeat also rewrites this node's fields and refreshes the TTL (DATA_TTL_MS)
 *   of its hashes: a node that lost Redis for a while restores its entries, and keys no
 *   live node refreshes expire.
 *
 * Change detection: each local change runs HGETALL + HSET/HDEL in one MULTI, so the
 * node sees the user's state across all nodes just before and just after its own write
 * and reports a change exactly when the union of live terminals differs.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { TERMINALS, type Terminal } from '@parley/protocol';
import type { Presence } from './presence.js';
import { closeRedis, openRedis, type RedisCommandTimer, type RedisErrorLog } from './redis.js';
import type { SessionRegistry } from './sessions.js';

export const HEARTBEAT_MS = 10_000;
export const NODE_TTL_MS = 30_000;
const DATA_TTL_MS = 120_000;

type Listener = (userId: number, terminals: Terminal[]) => void;
type Entries = Record<string, string>;

export interface RedisPresenceOptions {
  url: string;
  prefix: string;
  registry: SessionRegistry;
  onError: RedisErrorLog;
  /** Times each command (metrics). */
  onCommand?: RedisCommandTimer;
  /** Defaults to a random id; one per running node. */
  nodeId?: string;
  /** Default HEARTBEAT_MS; the node's heartbeat key lives 3 heartbeats. */
  heartbeatMs?: number | undefined;
}

export class RedisPresence implements Presence {
  readonly nodeId: string;
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Set<Promise<void>>();
  private readonly offRegistry: () => void;
  private readonly timer: NodeJS.Timeout;
  private readonly nodeTtlMs: number;
  private ticking: Promise<void> | undefined;
  private closed = false;

  private constructor(
    private readonly redis: Redis,
    private readonly opts: RedisPresenceOptions,
    nodeId: string,
  ) {
    this.nodeId = nodeId;
    this.nodeTtlMs = nodeTtl(opts);
    this.offRegistry = opts.registry.onTerminalsChange((userId, terminals) =>
      this.track(this.applyLocal(userId, terminals)),
    );
    this.timer = setInterval(() => {
      if (this.ticking || this.closed) return;
      this.ticking = this.tick()
        .catch((err: unknown) => opts.onError(err, 'presence heartbeat failed'))
        .finally(() => (this.ticking = undefined));
    }, opts.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  static async connect(opts: RedisPresenceOptions): Promise<RedisPresence> {
    const redis = await openRedis(opts.url, 'parley-presence', opts.onError, opts.onCommand);
    const nodeId = opts.nodeId ?? crypto.randomUUID();
    try {
      await redis
        .multi()
        .set(`${opts.prefix}node:${nodeId}`, '1', 'PX', nodeTtl(opts))
        .sadd(`${opts.prefix}nodes`, nodeId)
        .exec();
    } catch (err) {
      await closeRedis(redis);
      throw err;
    }
    return new RedisPresence(redis, opts, nodeId);
  }

  async onlineTerminals(userIds: readonly number[]): Promise<Map<number, Terminal[]>> {
    const ids = [...new Set(userIds)];
    const result = new Map<number, Terminal[]>();
    if (ids.length === 0) return result;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(this.userKey(id));
    const replies = (await pipeline.exec()) ?? [];
    const entries = replies.map(([err, value]) => {
      if (err) throw err;
      return value as Entries;
    });
    const live = await this.liveNodes(entries.flatMap((e) => Object.keys(e)));
    ids.forEach((id, i) => {
      const terminals = union(entries[i]!, live);
      if (terminals.length > 0) result.set(id, terminals);
    });
    return result;
  }

  async isOnline(userId: number): Promise<boolean> {
    return (await this.onlineTerminals([userId])).has(userId);
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the Redis writes of local changes made so far (and their reports). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Removes this node from Redis (its fields, user set, heartbeat) and closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.offRegistry();
    await this.flush();
    await this.ticking;
    this.listeners.clear();
    try {
      const { prefix } = this.opts;
      const users = await this.redis.smembers(this.nodeUsersKey(this.nodeId));
      const multi = this.redis.multi();
      for (const u of users) multi.hdel(this.userKey(Number(u)), this.nodeId);
      await multi
        .del(this.nodeUsersKey(this.nodeId), `${prefix}node:${this.nodeId}`)
        .srem(`${prefix}nodes`, this.nodeId)
        .exec();
    } catch (err) {
      this.opts.onError(err, 'presence cleanup failed');
    }
    await closeRedis(this.redis);
  }

  private track(work: Promise<void>): void {
    const p = work.catch((err: unknown) => this.opts.onError(err, 'presence update failed'));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Writes this node's terminals of the user; reports when the user's terminals across nodes changed. */
  private async applyLocal(userId: number, terminals: Terminal[]): Promise<void> {
    const key = this.userKey(userId);
    const multi = this.redis.multi().hgetall(key);
    if (terminals.length > 0) {
      multi.hset(key, this.nodeId, terminals.join(',')).pexpire(key, DATA_TTL_MS);
      multi.sadd(this.nodeUsersKey(this.nodeId), String(userId)).pexpire(this.nodeUsersKey(this.nodeId), DATA_TTL_MS);
    } else {
      multi.hdel(key, this.nodeId).srem(this.nodeUsersKey(this.nodeId), String(userId));
    }
    const before = await this.execFirst(multi);
    const after: Entries = { ...before };
    if (terminals.length > 0) after[this.nodeId] = terminals.join(',');
    else delete after[this.nodeId];
    await this.reportIfChanged(userId, before, after);
  }

  private async reportIfChanged(userId: number, before: Entries, after: Entries): Promise<void> {
    const live = await this.liveNodes([...Object.keys(before), ...Object.keys(after)]);
    const was = union(before, live);
    const now = union(after, live);
    if (was.length === now.length && was.every((t, i) => t === now[i])) return;
    for (const listener of this.listeners) listener(userId, now);
  }

  /** Node ids among `nodeIds` whose heartbeat is alive (this node always is). */
  private async liveNodes(nodeIds: string[]): Promise<Set<string>> {
    const others = [...new Set(nodeIds)].filter((n) => n !== this.nodeId);
    const live = new Set([this.nodeId]);
    if (others.length === 0) return live;
    const values = await this.redis.mget(others.map((n) => `${this.opts.prefix}node:${n}`));
    others.forEach((n, i) => {
      if (values[i] !== null) live.add(n);
    });
    return live;
  }

  /** Heartbeat: keep this node alive, restore and refresh its entries, sweep dead nodes. */
  private async tick(): Promise<void> {
    const { prefix, registry } = this.opts;
    const multi = this.redis
      .multi()
      .set(`${prefix}node:${this.nodeId}`, '1', 'PX', this.nodeTtlMs)
      .sadd(`${prefix}nodes`, this.nodeId);
    const users = new Set(registry.all().map((c) => c.userId));
    for (const userId of users) {
      const terminals = registry.terminalsOf(userId);
      if (terminals.length === 0) continue;
      const key = this.userKey(userId);
      multi.hset(key, this.nodeId, terminals.join(',')).pexpire(key, DATA_TTL_MS);
      multi.sadd(this.nodeUsersKey(this.nodeId), String(userId));
    }
    if (users.size > 0) multi.pexpire(this.nodeUsersKey(this.nodeId), DATA_TTL_MS);
    await multi.exec();
    await this.sweep();
  }

  /** Removes the entries of nodes whose heartbeat expired; one node wins each dead node. */
  private async sweep(): Promise<void> {
    const { prefix } = this.opts;
    const nodes = (await this.redis.smembers(`${prefix}nodes`)).filter((n) => n !== this.nodeId);
    if (nodes.length === 0) return;
    const live = await this.liveNodes(nodes);
    for (const dead of nodes.filter((n) => !live.has(n))) {
      if ((await this.redis.srem(`${prefix}nodes`, dead)) !== 1) continue; // another node sweeps it
      const users = await this.redis.smembers(this.nodeUsersKey(dead));
      for (const u of users) {
        const userId = Number(u);
        const key = this.userKey(userId);
        const before = await this.execFirst(this.redis.multi().hgetall(key).hdel(key, dead));
        if (!(dead in before)) continue;
        const after: Entries = { ...before };
        delete after[dead];
        // The dead node counts as alive in `before`: its sockets were online until now.
        const alive = await this.liveNodes(Object.keys(before));
        alive.add(dead);
        const was = union(before, alive);
        const now = union(after, alive);
        if (was.length !== now.length || !was.every((t, i) => t === now[i])) {
          for (const listener of this.listeners) listener(userId, now);
        }
      }
      await this.redis.del(this.nodeUsersKey(dead));
    }
  }

  /** Runs a MULTI whose first command is an HGETALL; returns that reply. */
  private async execFirst(multi: ReturnType<Redis['multi']>): Promise<Entries> {
    const replies = await multi.exec();
    if (!replies) throw new Error('presence transaction aborted');
    const [err, value] = replies[0]!;
    if (err) throw err;
    return value as Entries;
  }

  private userKey(userId: number): string {
    return `${this.opts.prefix}online:${userId}`;
  }

  private nodeUsersKey(nodeId: string): string {
    return `${this.opts.prefix}node-users:${nodeId}`;
  }
}

const nodeTtl = (opts: RedisPresenceOptions) => (opts.heartbeatMs ? opts.heartbeatMs * 3 : NODE_TTL_MS);

/** Ascending union of the terminals of the live nodes' entries. */
function union(entries: Entries, live: Set<string>): Terminal[] {
  const set = new Set<number>();
  for (const [node, value] of Object.entries(entries)) {
    if (!live.has(node) || value === '') continue;
    for (const t of value.split(',')) set.add(Number(t));
  }
  return TERMINALS.filter((t) => set.has(t));
}
