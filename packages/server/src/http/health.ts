/**
 * Health endpoints for load balancers and orchestrators (issue 23 point 4). `GET /healthz`
 * answers 200 while the process runs; `GET /readyz` answers 200 only while this node should
 * take traffic: every dependency answered and the node is not draining, else 503. Both live
 * outside `/api` (no envelope, token, shedding or rate limit); the dependency checks run at
 * most once a second however many probes come, and the bodies name checks only, never
 * versions, hosts or secrets.
 */
import type { FastifyInstance } from 'fastify';

export interface ReadyCheck {
  /** What the body calls it: `database`, `redis`, `storage`. */
  name: string;
  /** Resolves when the dependency answers. */
  probe: () => Promise<unknown>;
}

export type CheckState = 'ok' | 'failed' | 'timeout';

export interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: Record<string, CheckState>;
}

export interface HealthOptions {
  /** How long one round of checks is reused (ms). */
  cacheMs?: number;
  /** A check slower than this counts as down (ms). */
  timeoutMs?: number;
  clock?: () => number;
}

export class Health {
  private readonly checks: ReadyCheck[];
  private readonly cacheMs: number;
  private readonly timeoutMs: number;
  private readonly clock: () => number;
  private draining = false;
  private last: { at: number; checks: Record<string, CheckState> } | null = null;
  private running: Promise<Record<string, CheckState>> | null = null;

  constructor(checks: ReadyCheck[] = [], options: HealthOptions = {}) {
    this.checks = [...checks];
    this.cacheMs = options.cacheMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.clock = options.clock ?? Date.now;
  }

  /** Another dependency this node needs (object storage, say). */
  add(check: ReadyCheck): void {
    this.checks.push(check);
    this.last = null;
  }

  /** From now on the node is not ready: a balancer stops sending it new work. */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async readiness(): Promise<Readiness> {
    const checks = await this.currentChecks();
    const ok = Object.values(checks).every((s) => s === 'ok');
    return { ready: ok && !this.draining, draining: this.draining, checks };
  }

  private currentChecks(): Promise<Record<string, CheckState>> {
    if (this.last && this.clock() - this.last.at < this.cacheMs) return Promise.resolve(this.last.checks);
    // Probes that arrive while a round runs share it.
    this.running ??= this.runChecks().finally(() => (this.running = null));
    return this.running;
  }

  private async runChecks(): Promise<Record<string, CheckState>> {
    const states = await Promise.all(this.checks.map((c) => this.runOne(c)));
    const checks = Object.fromEntries(this.checks.map((c, i) => [c.name, states[i]!]));
    this.last = { at: this.clock(), checks };
    return checks;
  }

  private async runOne(check: ReadyCheck): Promise<CheckState> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<CheckState>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.timeoutMs);
    });
    try {
      return await Promise.race([
        check.probe().then(
          () => 'ok' as const,
          () => 'failed' as const,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}

export function registerHealth(app: FastifyInstance, health: Health): void {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const r = await health.readiness();
    return reply
      .code(r.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: r.ready ? 'ready' : r.draining ? 'draining' : 'unavailable', checks: r.checks });
  });
}
