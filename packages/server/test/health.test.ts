/**
 * Health endpoints (issue 23 point 4): `/healthz` while the process runs; `/readyz` 200
 * only while the database (and Redis, on a cluster node) answer and the node is not
 * draining; checks shared by concurrent probes and reused for a second; no versions,
 * hosts or secrets in either; outside the API's shedding and limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Health } from '../src/http/health.js';
import { startCluster, startServer, type TestCluster, type TestServer } from './support/server.js';

let ts: TestServer;
let cluster: TestCluster;
beforeAll(async () => {
  [ts, cluster] = await Promise.all([startServer(), startCluster(1)]);
});
afterAll(async () => {
  await ts?.close();
  await cluster?.close();
});

const get = async (base: string, path: string) => {
  const res = await fetch(base + path);
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe('a single node', () => {
  it('healthz and readyz answer 200 with the checks by name, nothing else', async () => {
    const alive = await get(ts.url, '/healthz');
    expect([alive.status, JSON.parse(alive.text)]).toEqual([200, { status: 'ok' }]);
    expect(alive.headers.get('cache-control')).toBe('no-store');
    const ready = await get(ts.url, '/readyz');
    expect([ready.status, JSON.parse(ready.text)]).toEqual([200, { status: 'ready', checks: { database: 'ok' } }]);
    for (const r of [alive, ready]) {
      expect(r.text).not.toMatch(/\d+\.\d+\.\d+|sqlite|postgres|127\.0\.0\.1|redis:/i);
      expect(r.headers.get('server')).toBeNull();
      expect(r.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('a failed dependency and draining make readyz 503; healthz stays 200', async () => {
    const { health } = ts.server;
    let storageUp = false;
    health.add({ name: 'storage', probe: async () => (storageUp ? undefined : Promise.reject(new Error('down'))) });
    const down = await get(ts.url, '/readyz');
    expect([down.status, JSON.parse(down.text)]).toEqual([
      503,
      { status: 'unavailable', checks: { database: 'ok', storage: 'failed' } },
    ]);
    storageUp = true;
    health.add({ name: 'extra', probe: async () => undefined }); // a new check starts a fresh round
    expect((await get(ts.url, '/readyz')).status).toBe(200);
    health.startDraining();
    const draining = await get(ts.url, '/readyz');
    expect([draining.status, JSON.parse(draining.text).status]).toEqual([503, 'draining']);
    expect((await get(ts.url, '/healthz')).status).toBe(200);
  });
});

describe('a cluster node', () => {
  it('checks Redis as well', async () => {
    const ready = await get(cluster.nodes[0]!.url, '/readyz');
    expect([ready.status, JSON.parse(ready.text)]).toEqual([
      200,
      { status: 'ready', checks: { database: 'ok', redis: 'ok' } },
    ]);
  });
});

describe('the checks', () => {
  it('run once for concurrent probes and are reused within the cache time; a slow one times out', async () => {
    let now = 0;
    let calls = 0;
    let slow = false;
    const health = new Health(
      [
        {
          name: 'database',
          probe: async () => {
            calls++;
            if (slow) await new Promise((r) => setTimeout(r, 1000));
          },
        },
      ],
      { cacheMs: 1000, timeoutMs: 50, clock: () => now },
    );
    const many = await Promise.all(Array.from({ length: 50 }, () => health.readiness()));
    expect(many.every((r) => r.ready)).toBe(true);
    expect(calls).toBe(1);
    now = 999;
    await health.readiness();
    expect(calls).toBe(1);
    now = 1000;
    slow = true;
    expect(await health.readiness()).toEqual({ ready: false, draining: false, checks: { database: 'timeout' } });
    expect(calls).toBe(2);
  });
});
