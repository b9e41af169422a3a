/**
 * THE SYSTEM LOSS TEST: broadcasts and notifications to chosen users are sent
 * concurrently (several in flight, from every node) while each user's two terminals
 * drop their sockets and reconnect at random, often mid-pull. Each terminal runs the
 * client rule of support/chat-client.ts on the system stream (seqNo in place of id).
 * Afterwards every terminal holds every seqNo of its user exactly once, 1…n in order,
 * each the notification the database has at that seqNo. Loopback only; bounded.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { twoTerminals, underChaos } from './support/chat-client.js';
import { startCluster, startServer, usingPostgres, type TestServer } from './support/server.js';
import { notice } from './support/system.js';

const SENDS = 90;
const IN_FLIGHT = 4;
const BROADCAST_EVERY = 3;
const DEADLINE_MS = 40_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

async function run(nodes: TestServer[]): Promise<void> {
  const started = Date.now();
  const client = new ApiClient(nodes[0]!.url);
  const users: TestUser[] = [];
  for (let i = 0; i < 6; i++) users.push(await registerUser(client, { nickName: `U${i}` }));

  const terminals = await twoTerminals(
    client,
    nodes.map((n) => n.url),
    users,
    'system',
  );
  const all = [...terminals.values()].flat();
  const settle = underChaos(all);

  let next = 0;
  let broadcasts = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < SENDS && Date.now() - started < DEADLINE_MS / 2) {
        const n = next++;
        const service = nodes[rand(0, nodes.length - 1)]!.server.services.systemMessages;
        if (n % BROADCAST_EVERY === 0) {
          await service.send(notice(`all ${n}`), { all: true }, null);
          broadcasts++;
        } else {
          const chosen = users.filter(() => Math.random() < 0.5).map((u) => u.id);
          await service.send(notice(`some ${n}`), { userIds: [...chosen, users[n % users.length]!.id] }, null);
        }
        await sleep(rand(5, 60));
      }
    }),
  );
  await settle();

  const db = nodes[0]!.server.db.kysely;
  for (const u of users) {
    const rows = await db
      .selectFrom('system_inbox')
      .select(['seq_no', 'message_id'])
      .where('user_id', '=', u.id)
      .orderBy('seq_no')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.seq_no)).toEqual(rows.map((_, i) => i + 1));
    for (const t of terminals.get(u.id)!) {
      expect(t.ids()).toEqual(rows.map((r) => r.seq_no));
      expect(t.ids().map((seq) => t.messages.get(seq)!.id)).toEqual(rows.map((r) => r.message_id));
      expect(t.cursor).toBe(rows.length);
    }
  }

  expect(all.flatMap((t) => t.pullErrors)).toEqual([]);
  const logins = all.reduce((n, t) => n + t.logins, 0);
  const midPull = all.reduce((n, t) => n + t.droppedMidPull, 0);
  expect(logins).toBeGreaterThan(all.length * 3);
  expect(midPull).toBeGreaterThan(0);
  console.info(
    `system loss test (${process.env.TEST_DB ?? 'sqlite'}, ${nodes.length} node(s)): ${next} notifications ` +
      `(${broadcasts} broadcasts), ${all.length} terminals, ${logins} logins, ` +
      `${midPull} drops before LOADING false, ${Date.now() - started} ms`,
  );
}

let single: TestServer;
beforeAll(async () => {
  single = await startServer();
});
afterAll(() => single?.close());

it('every terminal ends with each seqNo of its user exactly once, in order', () => run([single]), DEADLINE_MS + 20_000);

it.runIf(usingPostgres())(
  'the same across two nodes (PostgreSQL + Redis), terminals and senders spread over both',
  async () => {
    const cluster = await startCluster(2);
    try {
      await run(cluster.nodes);
    } finally {
      await cluster.close();
    }
  },
  DEADLINE_MS + 30_000,
);
