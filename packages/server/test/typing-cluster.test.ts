/** Typing frames cross nodes through the bus (REDIS_URL): sender on node 1, friend on node 2. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ChatType, Cmd, type ServerFrame } from '@parley/protocol';
import { ApiClient, registerUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { startCluster, type TestCluster, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let cluster: TestCluster;
let n1: TestServer;
let n2: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster(2);
  [n1, n2] = cluster.nodes as [TestServer, TestServer];
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await cluster?.close();
});

it('a typing frame sent on one node reaches the friend on the other', async () => {
  const c1 = new ApiClient(n1.url);
  const a = await registerUser(c1, { nickName: 'Ann' });
  const b = await registerUser(c1, { nickName: 'Ben' });
  await befriend(c1, a, b);
  const sa = await TestSocket.login(n1.wsUrl, a.tokens.accessToken);
  const sb = await TestSocket.login(n2.wsUrl, b.tokens.accessToken);
  sockets.push(sa, sb);
  sa.send({ cmd: Cmd.TYPING, data: { chatType: ChatType.PRIVATE, targetId: b.id, typing: true } });
  const f = await sb.next((x: ServerFrame) => x.cmd === Cmd.TYPING);
  expect(f.data).toEqual({ chatType: ChatType.PRIVATE, targetId: a.id, sendId: a.id, typing: true });
});
