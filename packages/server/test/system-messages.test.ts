/**
 * System notifications (docs/PROTOCOL.md "System notifications"): live delivery with a
 * seqNo per user, the pull bracketed by LOADING, content for recipients only, the read
 * position (forward only, told to the other terminals), deleted users skipped, and a
 * broadcast that reaches exactly the users existing when it is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cmd, MessageStatus, MessageType, ServerErrors, Terminal, systemMessage } from '@parley/protocol';
import { AppError } from '../src/http/app-error.js';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { isSystemFrame, isSystemReaded, notice, sendSystem, systemPulled } from './support/system.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

const tok = (u: TestUser) => u.tokens.accessToken;
async function online(token: string): Promise<TestSocket> {
  const s = await TestSocket.login(ts.wsUrl, token);
  sockets.push(s);
  return s;
}
const appToken = async (u: TestUser) => (await login(client, u.userName, u.password, Terminal.APP)).accessToken;
const nextSystem = async (s: TestSocket) => systemMessage.parse((await s.next(isSystemFrame)).data);
const inbox = (userId: number) =>
  ts.server.db.kysely
    .selectFrom('system_inbox')
    .select(['seq_no', 'message_id'])
    .where('user_id', '=', userId)
    .orderBy('seq_no')
    .execute();

describe('delivery', () => {
  it('pushes each recipient its own next seqNo on every terminal', async () => {
    const [a, b, c] = [await registerUser(client), await registerUser(client), await registerUser(client)];
    const aWeb = await online(tok(a));
    const aApp = await online(await appToken(a));
    const bWeb = await online(tok(b));
    const cWeb = await online(tok(c));

    const first = await sendSystem(ts, { userIds: [a.id, b.id] }, notice('First'));
    expect(first.recipients).toBe(2);
    const everyone = await sendSystem(ts, { all: true }, notice('Everyone'));

    for (const s of [aWeb, aApp, bWeb]) {
      const one = await nextSystem(s);
      expect(one).toMatchObject({ id: first.id, seqNo: 1, title: 'First', status: MessageStatus.SENDED });
      expect(one.type).toBe(MessageType.SYSTEM_MESSAGE);
      expect(await nextSystem(s)).toMatchObject({ id: everyone.id, seqNo: 2, title: 'Everyone' });
    }
    // c was not chosen for the first: the broadcast is c's first notification.
    expect(await nextSystem(cWeb)).toMatchObject({ id: everyone.id, seqNo: 1 });
    expect(await cWeb.quiet(100, isSystemFrame)).toBe(true);
    expect(await inbox(a.id)).toEqual([
      { seq_no: 1, message_id: first.id },
      { seq_no: 2, message_id: everyone.id },
    ]);
  });

  it('concurrent sends give every user the seqNos 1…n once each, pushed in order', async () => {
    const users = await Promise.all([0, 1, 2, 3].map(() => registerUser(client)));
    const live = await Promise.all(users.map((u) => online(tok(u))));
    const sends = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sendSystem(ts, { userIds: users.filter((_, j) => (i + j) % 2 === 0).map((u) => u.id) }, notice(`c${i}`)),
      ),
    );
    for (const [j, u] of users.entries()) {
      const rows = await inbox(u.id);
      const mine = sends.filter((_, i) => (i + j) % 2 === 0).map((s) => s.id);
      expect(rows.map((r) => r.seq_no)).toEqual(mine.map((_, k) => k + 1));
      expect(rows.map((r) => r.message_id).sort((x, y) => x - y)).toEqual(mine.sort((x, y) => x - y));
      const pushed: number[] = [];
      for (let k = 0; k < mine.length; k++) pushed.push((await nextSystem(live[j]!)).seqNo);
      expect(pushed).toEqual(mine.map((_, k) => k + 1));
    }
  });

  it('carries the tip of a complaint answer in the frame and the content', async () => {
    const a = await registerUser(client);
    const s = await online(tok(a));
    const tip = {
      key: 'complaintResolved' as const,
      params: { complaintId: '7', targetName: 'Mallory', answer: 'We banned the account.' },
    };
    const sent = await sendSystem(ts, { userIds: [a.id] }, notice('Your complaint', { tip }));
    expect((await nextSystem(s)).tip).toEqual(tip);
    expect((await client.ok('systemContent', { token: tok(a), query: { id: sent.id } })).tip).toEqual(tip);
  });

  it('refuses bad input at the service (the console and the complaint answer share it)', async () => {
    const a = await registerUser(client);
    const before = await snapshotState(ts);
    for (const bad of [
      notice(''),
      notice('x'.repeat(65)),
      notice('ok', { content: '   ' }),
      notice('ok', { coverUrl: 'https://evil.example/x.png' }),
    ]) {
      await expect(sendSystem(ts, { userIds: [a.id] }, bad)).rejects.toBeInstanceOf(AppError);
    }
    expect(await snapshotState(ts)).toBe(before);
  });
});

describe('offline pull', () => {
  it('sends every notification above minSeqNo in seqNo order, bracketed by LOADING, to the asking socket only', async () => {
    const a = await registerUser(client);
    const sent = [];
    for (const t of ['p1', 'p2', 'p3']) sent.push(await sendSystem(ts, { userIds: [a.id] }, notice(t)));
    const web = await online(tok(a));
    const app = await online(await appToken(a));

    await client.ok('systemPullOffline', { token: tok(a), query: { minSeqNo: 0 } });
    const all = await systemPulled(web);
    expect(all.map((m) => [m.seqNo, m.id, m.title])).toEqual([
      [1, sent[0]!.id, 'p1'],
      [2, sent[1]!.id, 'p2'],
      [3, sent[2]!.id, 'p3'],
    ]);
    for (const m of all) systemMessage.parse(m);
    expect(await app.quiet(150, (f) => f.cmd === Cmd.SYSTEM_MESSAGE)).toBe(true);

    await client.ok('systemPullOffline', { token: tok(a), query: { minSeqNo: 2 } });
    expect((await systemPulled(web)).map((m) => m.seqNo)).toEqual([3]);
    await client.ok('systemPullOffline', { token: tok(a), query: { minSeqNo: 3 } });
    expect(await systemPulled(web)).toEqual([]);
  });

  it('marks pulled notifications up to the read position READED', async () => {
    const a = await registerUser(client);
    for (const t of ['r1', 'r2', 'r3']) await sendSystem(ts, { userIds: [a.id] }, notice(t));
    await client.ok('systemReaded', { token: tok(a), query: { maxSeqNo: 2 } });
    const web = await online(tok(a));
    await client.ok('systemPullOffline', { token: tok(a), query: { minSeqNo: 0 } });
    expect((await systemPulled(web)).map((m) => m.status)).toEqual([
      MessageStatus.READED,
      MessageStatus.READED,
      MessageStatus.SENDED,
    ]);
  });
});

describe('content', () => {
  it('is readable by recipients only; anyone else hears the message does not exist', async () => {
    const [a, b] = [await registerUser(client), await registerUser(client)];
    const content = '## Maintenance\n\n- **Sunday** 02:00\n- [status](https://example.com/status)';
    const sent = await sendSystem(ts, { userIds: [a.id] }, notice('Maintenance', { content }));
    const got = await client.ok('systemContent', { token: tok(a), query: { id: sent.id } });
    expect(got).toMatchObject({ id: sent.id, title: 'Maintenance', content, intro: 'About Maintenance' });
    for (const [token, id] of [
      [tok(b), sent.id],
      [tok(a), sent.id + 1000],
    ] as const) {
      const before = await snapshotState(ts);
      const res = await client.call('systemContent', { token, query: { id } });
      expect([res.status, res.body.key]).toEqual([ServerErrors.messageNotExist.code, 'messageNotExist']);
      expect(await snapshotState(ts)).toBe(before);
    }
  });
});

describe('read position', () => {
  it('moves forward only, is capped at the largest seqNo, and reaches the other terminals', async () => {
    const a = await registerUser(client);
    for (const t of ['x1', 'x2', 'x3']) await sendSystem(ts, { userIds: [a.id] }, notice(t));
    const web = await online(tok(a));
    const app = await online(await appToken(a));
    const max = () => client.ok('systemMaxReadedSeqNo', { token: tok(a) });
    expect(await max()).toBe(0);

    await client.ok('systemReaded', { token: tok(a), query: { maxSeqNo: 2 } });
    expect((await app.next(isSystemReaded)).data).toEqual({ type: MessageType.READED, content: '2' });
    expect(await max()).toBe(2);
    // Older: nothing moves back; the other terminals hear the position as it is.
    await client.ok('systemReaded', { token: tok(a), query: { maxSeqNo: 1 } });
    expect((await app.next(isSystemReaded)).data).toEqual({ type: MessageType.READED, content: '2' });
    expect(await max()).toBe(2);
    // Beyond the largest seqNo: capped, so the next notification arrives unread.
    await client.ok('systemReaded', { token: tok(a), query: { maxSeqNo: 99 } });
    expect((await app.next(isSystemReaded)).data).toEqual({ type: MessageType.READED, content: '3' });
    expect(await max()).toBe(3);
    expect(await web.quiet(100, isSystemReaded)).toBe(true);
    await sendSystem(ts, { userIds: [a.id] }, notice('x4'));
    expect(await nextSystem(web)).toMatchObject({ seqNo: 4, status: MessageStatus.SENDED });
  });
});

describe('audience', () => {
  it('skips deleted users; chosen users of whom none can receive is refused and changes nothing', async () => {
    const [a, d] = [await registerUser(client), await registerUser(client)];
    await ts.server.services.moderation.deleteUser(d.id);
    const before = await snapshotState(ts);
    await expect(sendSystem(ts, { userIds: [d.id, 999_999] })).rejects.toMatchObject({ key: 'systemNoRecipients' });
    expect(await snapshotState(ts)).toBe(before);

    expect((await sendSystem(ts, { userIds: [d.id, a.id, a.id] })).recipients).toBe(1);
    await sendSystem(ts, { all: true });
    expect(await inbox(d.id)).toEqual([]);
    expect((await inbox(a.id)).map((r) => r.seq_no)).toEqual([1, 2]);
    expect(
      await ts.server.services.systemMessages.send(notice(), { userIds: [d.id] }, null, { allowNone: true }),
    ).toMatchObject({ recipients: 0 });
  });

  it('a broadcast reaches exactly the users not deleted when it is sent, not those who register later', async () => {
    await registerUser(client);
    const db = ts.server.db.kysely;
    const living = await db.selectFrom('users').select('id').where('deleted', '=', 0).execute();
    const sent = await sendSystem(ts, { all: true }, notice('To all'));
    expect(sent.recipients).toBe(living.length);
    const got = await db.selectFrom('system_inbox').select('user_id').where('message_id', '=', sent.id).execute();
    expect(got.map((r) => r.user_id).sort((x, y) => x - y)).toEqual(living.map((r) => r.id).sort((x, y) => x - y));

    const late = await registerUser(client);
    const s = await online(tok(late));
    await client.ok('systemPullOffline', { token: tok(late), query: { minSeqNo: 0 } });
    expect(await systemPulled(s)).toEqual([]);
    const denied = await client.call('systemContent', { token: tok(late), query: { id: sent.id } });
    expect(denied.body.key).toBe('messageNotExist');
  });
});

describe('console list', () => {
  it('lists sent notifications newest first with audience, recipients and sender', async () => {
    const op = await registerUser(client, { nickName: 'Operator' });
    const a = await registerUser(client);
    const one = await sendSystem(ts, { userIds: [a.id] }, notice('Listed one'), op.id);
    const two = await sendSystem(ts, { all: true }, notice('Listed two'));
    const page = await ts.server.services.systemMessages.list(1);
    expect(page.items.slice(0, 2).map((i) => i.id)).toEqual([two.id, one.id]);
    expect(page.items[1]).toMatchObject({
      title: 'Listed one',
      audience: 'users',
      recipients: 1,
      senderId: op.id,
      senderName: 'Operator',
    });
    expect(page.items[0]).toMatchObject({ audience: 'all', senderId: null, senderName: '' });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });
});
