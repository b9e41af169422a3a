/**
 * Bus over Redis pub/sub (REDIS_URL), so a service on any node reaches the sockets
 * of every node. One publisher connection per node keeps this node's publish order;
 * `publish` resolves on Redis's reply to PUBLISH, i.e. after the broker accepted the
 * envelope, which the per-user write order relies on (docs/MESSAGE-DELIVERY.md).
 * A node's own envelopes come back through its subscription and are delivered like
 * everyone else's: one delivery path.
 */
import type { Redis } from 'ioredis';
import type { Bus, EnvelopeHandler, PushEnvelope } from './bus.js';
import { closeRedis, openRedis, type RedisCommandTimer, type RedisErrorLog } from './redis.js';

export class RedisBus implements Bus {
  private readonly handlers = new Set<EnvelopeHandler>();
  private closed = false;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    readonly channel: string,
    private readonly onError: RedisErrorLog,
  ) {
    sub.on('message', (ch: string, message: string) => {
      if (ch !== this.channel || this.closed) return;
      let envelope: PushEnvelope;
      try {
        envelope = JSON.parse(message) as PushEnvelope;
      } catch (err) {
        onError(err, 'bad envelope on the Redis bus');
        return;
      }
      this.dispatch(envelope);
    });
    // While the subscription is down, changes of cached facts published elsewhere are
    // missed: forget every cached fact when it drops and again once it is back.
    const forgetAll = () => {
      if (!this.closed) this.dispatch({ target: { userIds: [] }, facts: [{ kind: 'all' }] });
    };
    sub.on('close', forgetAll);
    sub.on('ready', forgetAll);
  }

  /** Connects both connections and subscribes before resolving, so no envelope published afterwards is missed. */
  static async connect(
    url: string,
    prefix: string,
    onError: RedisErrorLog,
    onCommand?: RedisCommandTimer,
  ): Promise<RedisBus> {
    const pub = await openRedis(url, 'parley-bus-pub', onError, onCommand);
    let sub: Redis;
    try {
      sub = await openRedis(url, 'parley-bus-sub', onError);
    } catch (err) {
      await closeRedis(pub);
      throw err;
    }
    const channel = `${prefix}push`;
    try {
      await sub.subscribe(channel);
    } catch (err) {
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
      throw err;
    }
    return new RedisBus(pub, sub, channel, onError);
  }

  async publish(envelope: PushEnvelope): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    await this.pub.publish(this.channel, JSON.stringify(envelope));
  }

  subscribe(handler: EnvelopeHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.all([closeRedis(this.pub), closeRedis(this.sub)]);
  }

  private dispatch(envelope: PushEnvelope): void {
    for (const handler of this.handlers) {
      try {
        handler(envelope);
      } catch (err) {
        this.onError(err, 'bus handler failed');
      }
    }
  }
}
