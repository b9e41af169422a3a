/** GET /message/private/pullOfflineMessage: LOADING brackets, id order, batches, only the requesting terminal's socket. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cmd, MessageStatus, MessageType, Terminal, type PrivateMessage, type ServerFrame } from '@parley/protocol';
import { ApiClient } from './support/api.js';
import { pairMessages } from './support/contacts.js';
import { chatFrame, closeAll, friendPair, sendBody, typeFrame, type TwoTerminalUser } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
const users: TwoTerminalUser[] = [];
const extraSockets: TestSocket[] = [];

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  closeAll(...users);
  for (const s of extraSockets) s.close();
  await ts?.close();
});

const pair = async () => {
  const p = await friendPair(ts, client);
  users.push(...p);
  return p;
};

/** Collects the frames of one pull on `socket`: from LOADING "true" to LOADING "false". */
async function pulled(socket: TestSocket): Promise<PrivateMessage[]> {
  const start = await socket.next(typeFrame(MessageType.LOADING));
  expect(start.data).toEqual({ type: MessageType.LOADING, content: 'true' });
  const frames: ServerFrame[] = [];
  for (;;) {
    const f = await socket.next((x) => chatFrame(x) || typeFrame(MessageType.LOADING)(x), 5000);
    if ((f.data as { type: number }).type === MessageType.LOADING) {
      expect(f.data).toEqual({ type: MessageType.LOADING, content: 'false' });
      break;
    }
    frames.push(f);
  }
  return frames.map((f) => f.data as PrivateMessage);
}

describe('offline pull', () => {
  it('sends everything above minId in id order between LOADING true and false, to the requesting socket only', async () => {
    const [a, b] = await pair();
    // b's APP goes offline; a and b chat meanwhile, then a recalls one.
    b.appSocket.close();
    await b.appSocket.waitClosed();
    const sent: PrivateMessage[] = [];
    for (let i = 0; i < 6; i++) {
      const [from, to] = i % 3 ? [a, b] : [b, a];
      sent.push(await client.ok('privateSend', { token: from.web, body: sendBody(to.id, MessageType.TEXT, `m${i}`) }));
    }
    const recall = await client.ok('privateRecall', { token: a.web, params: { id: sent[1]!.id } });

    const appSocket = await TestSocket.login(ts.wsUrl, b.app);
    extraSockets.push(appSocket);
    for (const s of [a.webSocket, a.appSocket, b.webSocket]) s.frames.length = 0;
    const res = await client.call('privatePullOffline', { token: b.app, query: { minId: sent[0]!.id } });
    expect([res.status, res.body.data]).toEqual([200, null]);

    const got = await pulled(appSocket);
    const rows = await pairMessages(ts, a.id, b.id);
    const expected = rows.filter((r) => r.id > sent[0]!.id);
    expect(got.map((m) => m.id)).toEqual(expected.map((r) => r.id));
    expect(got.map((m) => m.id)).toEqual([...sent.slice(1).map((m) => m.id), recall.id]);
    expect(got[0]).toEqual({ ...sent[1], status: MessageStatus.RECALL, content: '' });
    expect(got.at(-1)).toEqual(recall);

    // The other terminals saw no LOADING and no pulled copy.
    for (const s of [a.webSocket, a.appSocket, b.webSocket]) {
      expect(await s.quiet(100, (f) => typeFrame(MessageType.LOADING)(f) || chatFrame(f))).toBe(true);
    }
  });

  it('minId 0 pulls everything the user sent or received, with quotes, and nothing of other users', async () => {
    const [a, b] = await pair();
    const [c, d] = await pair();
    const q = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'q') });
    await client.ok('privateSend', {
      token: b.web,
      body: sendBody(a.id, MessageType.TEXT, 'r', { quoteMessageId: q.id }),
    });
    await client.ok('privateSend', { token: c.web, body: sendBody(d.id, MessageType.TEXT, 'not yours') });
    b.webSocket.frames.length = 0;
    await client.ok('privatePullOffline', { token: b.web, query: { minId: 0 } });
    const got = await pulled(b.webSocket);
    const rows = await pairMessages(ts, a.id, b.id);
    expect(got.map((m) => m.id)).toEqual(rows.map((r) => r.id));
    expect(got.at(-1)?.quoteMessage).toEqual({ id: q.id, sendId: a.id, type: 0, content: 'q', status: 1 });
    expect(got.every((m) => m.sendId === b.id || m.recvId === b.id)).toBe(true);
  });

  it('more than one batch (500) arrives complete and in order', async () => {
    const [a, b] = await pair();
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      tmp_id: `bulk-${i}`,
      send_id: i % 2 ? a.id : b.id,
      recv_id: i % 2 ? b.id : a.id,
      type: MessageType.TEXT,
      content: `bulk ${i}`,
      status: MessageStatus.SENDED,
      send_time: Date.now(),
      quote_message_id: null,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await ts.server.db.kysely
        .insertInto('private_messages')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    b.appSocket.frames.length = 0;
    await client.ok('privatePullOffline', { token: b.app, query: { minId: 0 } });
    const got = await pulled(b.appSocket);
    const ids = got.map((m) => m.id);
    expect(ids).toHaveLength(1204); // + the friendship tip
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('pull frames reach only the sockets logged in when the pull began, never a later login', async () => {
    const [, b] = await pair();
    const { push } = ts.server.services;
    const frame = (content: string) => ({ cmd: Cmd.PRIVATE_MESSAGE, data: { type: MessageType.TIP_TEXT, content } });
    await push.toTerminalBinding(b.id, Terminal.APP, 'pull-1', frame('bind'));
    await b.appSocket.next((f) => (f.data as { content?: string }).content === 'bind');
    const replacement = await TestSocket.login(ts.wsUrl, b.app); // the old APP socket is kicked
    extraSockets.push(replacement);
    await push.toToken(b.id, 'pull-1', frame('pulled'), { release: true });
    expect(await replacement.quiet(100, (f) => (f.data as { content?: string }).content === 'pulled')).toBe(true);
    expect(b.webSocket.frames.some((f) => (f.data as { content?: string }).content === 'pulled')).toBe(false);
  });

  it('a pull with no socket sends nothing anywhere and still answers; a bad minId is refused', async () => {
    const [a, b] = await pair();
    b.appSocket.close();
    await b.appSocket.waitClosed();
    b.webSocket.frames.length = 0;
    await client.ok('privatePullOffline', { token: b.app, query: { minId: 0 } });
    expect(await b.webSocket.quiet(100, (f) => f.cmd === Cmd.PRIVATE_MESSAGE && chatFrame(f))).toBe(true);
    const bad = await client.call('privatePullOffline', { token: a.web, query: { minId: -1 } });
    expect([bad.status, bad.body.key]).toEqual([400, 'invalidParam']);
  });
});
