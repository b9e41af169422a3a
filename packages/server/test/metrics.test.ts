/**
 * Prometheus metrics (issue 23 point 3): Debian's prometheus scrapes two nodes (one
 * database, Redis bus) on their metrics ports every second; after a send across the nodes
 * and a 429, the series are read back through its query API for both nodes' instances.
 * `/metrics` is not on the public port without METRICS_TOKEN, and with it refuses any
 * other bearer; web push sent and failed (a real loopback push service) are counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { messageFrame, sendBody } from './support/messages.js';
import { browserKeys, startPushService, subscriptionOf, type PushServiceStub } from './support/push.js';
import { freePort, startPrometheus, type Prometheus, type Sample } from './support/prometheus.js';
import { startCluster, startServer, type TestCluster, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

const JOB = 'parley';
const TOKEN = 'metrics-token-of-the-operator-0123456789';

let cluster: TestCluster;
let n1: TestServer;
let n2: TestServer;
let prometheus: Prometheus;
let instance1: string;
let instance2: string;

/** Polls the query until every instance has a sample that `ok` accepts (scrapes come once a second). */
async function seriesOf(promql: string, instances: string[], ok: (v: number) => boolean): Promise<Sample[]> {
  const deadline = Date.now() + 8000;
  for (;;) {
    const samples = await prometheus.query(promql);
    const good = instances.every((i) => samples.some((s) => s.metric.instance === i && ok(Number(s.value[1]))));
    if (good) return samples;
    if (Date.now() > deadline) {
      throw new Error(`${promql}: want ${instances.join(', ')}; got ${JSON.stringify(samples)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  // Prometheus takes its first scrape ~5 s after it starts (its target discovery ticks every
  // 5 s): it starts on the nodes' metrics ports while the nodes start.
  const ports = [await freePort(), await freePort()];
  [instance1, instance2] = ports.map((p) => `127.0.0.1:${p}`) as [string, string];
  const started = startPrometheus(JOB, [instance1, instance2]);
  started.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
  try {
    // userFind: one a minute per user, so a second lookup is a 429.
    cluster = await startCluster(2, { rateLimits: JSON.stringify({ userFind: { user: [1, 60] } }) }, (i) => ({
      metricsPort: ports[i]!,
    }));
  } finally {
    prometheus = await started;
  }
  [n1, n2] = cluster.nodes as [TestServer, TestServer];
});
afterAll(async () => {
  await prometheus?.stop();
  await cluster?.close();
});

describe('Prometheus scrapes two nodes', () => {
  it('reads back sends, deliveries, sockets, 429s, latencies and process metrics per node', async () => {
    const c1 = new ApiClient(n1.url);
    const c2 = new ApiClient(n2.url);
    const a: TestUser = await registerUser(c1, { nickName: 'Ann' });
    const b: TestUser = await registerUser(c2, { nickName: 'Ben' });
    await befriend(c1, a, b);
    const bSocket = await TestSocket.login(n2.wsUrl, b.tokens.accessToken);
    try {
      const msg = await c1.ok('privateSend', {
        token: a.tokens.accessToken,
        body: sendBody(b.id, MessageType.TEXT, 'measured'),
      });
      await bSocket.next(messageFrame(msg.id));
      await c1.ok('userFind', { token: a.tokens.accessToken, params: { id: b.id } });
      expect((await c1.call('userFind', { token: a.tokens.accessToken, params: { id: b.id } })).status).toBe(429);

      const both = [instance1, instance2];
      const atLeast1 = (v: number) => v >= 1;
      // Both nodes scraped and up.
      await seriesOf(`up{job="${JOB}"}`, both, (v) => v === 1);
      // The send on node 1 (by route pattern and status), its delivery to the socket on node 2.
      await seriesOf('parley_messages_sent_total{stream="private"}', [instance1], atLeast1);
      await seriesOf(
        'parley_http_requests_total{method="POST",route="/api/message/private/send",status="200"}',
        [instance1],
        atLeast1,
      );
      await seriesOf(
        'parley_http_request_duration_seconds_count{route="/api/message/private/send"}',
        [instance1],
        atLeast1,
      );
      await seriesOf('parley_messages_delivered_total{stream="private"}', [instance2], atLeast1);
      await seriesOf('parley_fanout_deliveries_total', [instance2], atLeast1);
      await seriesOf('parley_sockets_open{terminal="web"}', [instance2], atLeast1);
      await seriesOf('parley_http_refusals_total{status="429"}', [instance1], atLeast1);
      // Raw URLs never become labels: the looked-up id is not in any route.
      const routes = await prometheus.query('parley_http_requests_total');
      expect(routes.some((s) => s.metric.route?.includes(String(b.id)))).toBe(false);
      expect(routes.some((s) => s.metric.route === '/api/user/find/:id')).toBe(true);
      // Every node has its database and Redis latencies, the calls gauge and the process metrics.
      await seriesOf('parley_db_query_duration_seconds_count', both, atLeast1);
      await seriesOf('parley_redis_command_duration_seconds_count', both, atLeast1);
      await seriesOf('parley_calls_in_progress{kind="private"}', both, (v) => v === 0);
      await seriesOf('parley_web_push_total{result="sent"}', both, (v) => v === 0);
      await seriesOf('nodejs_eventloop_lag_seconds', both, (v) => v >= 0);
      await seriesOf('process_cpu_seconds_total', both, (v) => v > 0);
    } finally {
      bSocket.close();
    }
  });

  it('serves metrics on loopback only, and not on the public port', async () => {
    expect(n1.server.metricsUrl).toBe(`http://${instance1}/metrics`);
    expect((await fetch(`${n1.url}/metrics`)).status).toBe(404);
    // The metrics port answers nothing but /metrics.
    expect((await fetch(n1.server.metricsUrl!.replace('/metrics', '/api/user/self'))).status).toBe(404);
  });
});

describe('METRICS_TOKEN on the main port', () => {
  let ts: TestServer;
  let service: PushServiceStub;
  beforeAll(async () => {
    service = await startPushService();
    ts = await startServer({ metricsToken: TOKEN, pushEndpointHosts: [service.host] });
  });
  afterAll(async () => {
    await ts?.close();
    await service?.close();
  });

  it('answers a bearer of the token and refuses anyone else', async () => {
    expect(ts.server.metricsUrl).toBeUndefined();
    const get = (authorization?: string) =>
      fetch(`${ts.url}/metrics`, authorization ? { headers: { authorization } } : {});
    for (const refused of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await get(refused);
      expect(res.status, String(refused)).toBe(401);
      expect(await res.text()).not.toContain('parley_');
    }
    const res = await get(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('parley_http_requests_total{method="GET",route="/metrics",status="401"} 5');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts web push notifications sent and failed', async () => {
    const client = new ApiClient(ts.url);
    const [a, b, c] = [
      await registerUser(client, { nickName: 'Ada' }),
      await registerUser(client, { nickName: 'Bo' }),
      await registerUser(client, { nickName: 'Cy' }),
    ];
    await befriend(client, a, b);
    await befriend(client, a, c);
    // Neither receiver has a socket: a send to each becomes a web push; /gone/ answers 410.
    for (const [u, path] of [
      [b, '/ok/b'],
      [c, '/gone/c'],
    ] as const) {
      await client.ok('userReportCid', {
        token: u.tokens.accessToken,
        query: { cid: `c${u.id}` },
        body: subscriptionOf(service.url(path), browserKeys()),
      });
      await client.ok('privateSend', { token: a.tokens.accessToken, body: sendBody(u.id, MessageType.TEXT, 'hi') });
    }
    const deadline = Date.now() + 5000;
    for (;;) {
      const res = await fetch(`${ts.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const text = await res.text();
      const sent = text.includes('parley_web_push_total{result="sent"} 1');
      const failed = text.includes('parley_web_push_total{result="failed"} 1');
      if (sent && failed) break;
      if (Date.now() > deadline)
        throw new Error(
          `web push not counted: ${text
            .split('\n')
            .filter((l) => l.startsWith('parley_web_push'))
            .join('; ')}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(service.requests.map((r) => r.path).sort()).toEqual(['/gone/c', '/ok/b']);
  });
});
