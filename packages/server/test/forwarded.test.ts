/** The optional `forwarded` flag of private and group sends: stored, pushed, in history; strict. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, type GroupMessage, type PrivateMessage } from '@parley/protocol';
import { ApiClient } from './support/api.js';
import { closeAll, friendPair, messageFrame, sendBody, tmpId, type TwoTerminalUser } from './support/messages.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let a: TwoTerminalUser;
let b: TwoTerminalUser;

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  [a, b] = await friendPair(ts, client);
});
afterAll(async () => {
  closeAll(a, b);
  await ts?.close();
});

describe('forwarded flag', () => {
  it('private: the reply, the push and the history say forwarded; a plain send does not', async () => {
    const fwd = await client.ok('privateSend', {
      token: a.web,
      body: sendBody(b.id, MessageType.TEXT, 'passed on', { forwarded: true }),
    });
    expect(fwd.forwarded).toBe(true);
    const pushed = await b.webSocket.next(messageFrame(fwd.id));
    expect((pushed.data as PrivateMessage).forwarded).toBe(true);
    const plain = await client.ok('privateSend', { token: a.web, body: sendBody(b.id, MessageType.TEXT, 'mine') });
    expect(plain).not.toHaveProperty('forwarded');
    const history = await client.ok('privateHistory', { token: b.web, query: { friendId: a.id, page: 1, size: 5 } });
    expect(history.find((m) => m.id === fwd.id)?.forwarded).toBe(true);
    expect(history.find((m) => m.id === plain.id)).not.toHaveProperty('forwarded');
  });

  it('group: stored and pushed with the flag', async () => {
    const group = await client.ok('groupCreate', { token: a.web, body: { name: 'Fwd', friendIds: [b.id] } });
    const msg: GroupMessage = await client.ok('groupSend', {
      token: a.web,
      body: { tmpId: tmpId(), groupId: group.id, type: MessageType.TEXT, content: 'relay', forwarded: true },
    });
    expect(msg.forwarded).toBe(true);
    const pushed = await b.webSocket.next((f) => (f.data as GroupMessage | undefined)?.id === msg.id);
    expect((pushed.data as GroupMessage).forwarded).toBe(true);
  });

  it('a forwarded that is not a boolean is a 400 naming the field', async () => {
    for (const name of ['privateSend', 'groupSend'] as const) {
      const body =
        name === 'privateSend'
          ? { ...sendBody(b.id, MessageType.TEXT, 'x'), forwarded: 'yes' }
          : { tmpId: tmpId(), groupId: 1, type: MessageType.TEXT, content: 'x', forwarded: 1 };
      const res = await client.call(name, { token: a.web, body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('forwarded');
    }
  });
});
