/**
 * The complaint queue: pending oldest first with the 24 h deadline, detail with the
 * target and its recent public activity, resolve / reject once (complaintHandled
 * after), the outcome in the complainant's "my complaints" and a system notification
 * with its tip in their system stream; each decision audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_HEADER,
  API_BASE,
  AuditAction,
  api,
  Cmd,
  ComplaintStatus,
  ComplaintTargetType,
  ConsoleLimits,
  Limits,
  MessageType,
  type ServerFrame,
  type SystemMessage,
} from '@parley/protocol';
import { registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { expectRefusedUnchanged, latestAudit, openConsoleWorld, tok, type ConsoleWorld } from './support/console.js';
import { tmpId } from './support/messages.js';
import { TestSocket } from './support/ws.js';

let w: ConsoleWorld;
let reporter: TestUser;
let target: TestUser;
let groupId: number;

beforeAll(async () => {
  w = await openConsoleWorld();
  reporter = await registerUser(w.client, { nickName: 'Reporter' });
  target = await registerUser(w.client, { nickName: 'Troll' });
  await befriend(w.client, target, reporter);
  groupId = (await w.client.ok('groupCreate', { token: tok(target), body: { name: 'Den', friendIds: [reporter.id] } }))
    .id;
  for (const content of ['first', 'second']) {
    await w.client.ok('groupSend', {
      token: tok(target),
      body: { tmpId: tmpId(), groupId, type: MessageType.TEXT, content },
    });
  }
});
afterAll(() => w?.close());

async function complain(targetType: number, targetId: number, content: string): Promise<number> {
  await w.client.ok('complaintInitiate', { token: tok(reporter), body: { targetType, targetId, type: 1, content } });
  return (await w.client.ok('complaintPage', { token: tok(reporter) }))[0]!.id;
}

const systemMessage = (f: ServerFrame) =>
  f.cmd === Cmd.SYSTEM_MESSAGE && (f.data as { type?: number }).type === MessageType.SYSTEM_MESSAGE;

describe('queue and detail', () => {
  it('pending oldest first; detail shows the target and its group messages', async () => {
    const first = await complain(ComplaintTargetType.USER, target.id, 'insults');
    const second = await complain(ComplaintTargetType.GROUP, groupId, 'spam group');
    const page = await w.client.ok('consoleComplaints', { token: tok(w.op), query: { status: 0 } });
    const ids = page.items.map((c) => c.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const c = page.items.find((x) => x.id === first)!;
    expect(c.complainant).toEqual({ id: reporter.id, nickName: 'Reporter', userName: reporter.userName });
    expect(c.deadline).toBe(c.createTime + ConsoleLimits.COMPLAINT_DEADLINE_MS);

    const detail = await w.client.ok('consoleComplaint', { token: tok(w.op), query: { id: first } });
    expect(detail.target.user).toMatchObject({ id: target.id, complaintCount: 1 });
    expect(detail.activity.map((a) => a.content)).toEqual(['second', 'first']);
    expect(detail.activity[0]).toMatchObject({ groupId, groupName: 'Den', sendId: target.id, sendNickName: 'Troll' });
    const ofGroup = await w.client.ok('consoleComplaint', { token: tok(w.op), query: { id: second } });
    expect(ofGroup.target.group).toMatchObject({ id: groupId, name: 'Den', ownerName: 'Troll', complaintCount: 1 });
    expect(ofGroup.activity.map((a) => a.content)).toContain('first');
  });
});

describe('resolve and reject', () => {
  it('the complainant sees the outcome and gets a system notification; a second decision is refused', async () => {
    const id = await complain(ComplaintTargetType.USER, target.id, 'threats');
    const socket = await TestSocket.login(w.ts.wsUrl, tok(reporter));
    try {
      const resolved = await w.client.ok('consoleComplaintResolve', {
        token: tok(w.op),
        body: { id, outcome: ComplaintStatus.RESOLVED, answer: 'The account was warned.' },
      });
      expect([resolved.status, resolved.resolution]).toEqual([ComplaintStatus.RESOLVED, 'The account was warned.']);
      const mine = await w.client.ok('complaintInfo', { token: tok(reporter), query: { id } });
      expect([mine.status, mine.resolution]).toEqual([ComplaintStatus.RESOLVED, 'The account was warned.']);
      expect(mine.resolveTime).not.toBeNull();
      const note = (await socket.next(systemMessage)).data as SystemMessage;
      expect(note.tip).toEqual({
        key: 'complaintResolved',
        params: { complaintId: String(id), targetName: 'Troll', answer: 'The account was warned.' },
      });
      expect(note.title).not.toBe('');
      const content = await w.client.ok('systemContent', { token: tok(reporter), query: { id: note.id } });
      expect(content.content).toContain('The account was warned');
      expect((await latestAudit(w))[0]).toMatchObject({
        action: AuditAction.COMPLAINT_RESOLVE,
        targetType: 'complaint',
        targetId: id,
        reason: 'The account was warned.',
      });
      await expectRefusedUnchanged(w, 'consoleComplaintResolve', 'complaintHandled', {
        token: tok(w.op),
        body: { id, outcome: ComplaintStatus.REJECTED, answer: 'changed my mind' },
      });
    } finally {
      socket.close();
    }
  });

  it('reject: complaintRejected tip; unknown id is complaintNotExist; answer is required', async () => {
    const id = await complain(ComplaintTargetType.GROUP, groupId, 'meh');
    await w.client.ok('consoleComplaintResolve', {
      token: tok(w.op),
      body: { id, outcome: ComplaintStatus.REJECTED, answer: 'No violation found.' },
    });
    expect((await w.client.ok('complaintInfo', { token: tok(reporter), query: { id } })).status).toBe(
      ComplaintStatus.REJECTED,
    );
    const row = await w.ts.server.db.kysely
      .selectFrom('system_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.tip!)).toMatchObject({ key: 'complaintRejected', params: { targetName: 'Den' } });
    expect((await latestAudit(w))[0]).toMatchObject({ action: AuditAction.COMPLAINT_REJECT, targetId: id });
    await expectRefusedUnchanged(w, 'consoleComplaintResolve', 'complaintNotExist', {
      token: tok(w.op),
      body: { id: 99_999_999, outcome: 1, answer: 'x' },
    });
    const blank = await w.client.call('consoleComplaintResolve', {
      token: tok(w.op),
      body: { id, outcome: 1, answer: '' },
    });
    expect([blank.status, blank.body.params?.field]).toEqual([400, 'answer']);
    const pending = await w.client.call('consoleComplaintResolve', {
      token: tok(w.op),
      body: { id, outcome: 0, answer: 'x' },
    });
    expect([pending.status, pending.body.params?.field, pending.body.params?.rule]).toEqual([400, 'outcome', 'oneOf']);
  });
});

describe('a deleted complainant', () => {
  it('the complaint can still be resolved; nobody is notified', async () => {
    const gone = await registerUser(w.client);
    await w.client.ok('complaintInitiate', {
      token: tok(gone),
      body: { targetType: ComplaintTargetType.USER, targetId: target.id, type: 1, content: 'x' },
    });
    const id = (await w.client.ok('complaintPage', { token: tok(gone) }))[0]!.id;
    await w.client.ok('consoleUserDelete', { token: tok(w.op), body: { id: gone.id } });
    const done = await w.client.ok('consoleComplaintResolve', {
      token: tok(w.op),
      body: { id, outcome: ComplaintStatus.RESOLVED, answer: 'Handled' },
    });
    expect(done.status).toBe(ComplaintStatus.RESOLVED);
  });
});

describe('system notifications from the console', () => {
  it('sends to chosen users, lists it, audits it', async () => {
    const sent = await w.client.ok('consoleSystemSend', {
      token: tok(w.op),
      body: {
        title: 'Maintenance',
        coverUrl: '',
        intro: 'Tonight',
        content: '# Down at 2am',
        all: false,
        userIds: [reporter.id],
      },
    });
    expect(sent.recipients).toBe(1);
    const list = await w.client.ok('consoleSystemList', { token: tok(w.op) });
    expect(list.items[0]).toMatchObject({
      id: sent.id,
      title: 'Maintenance',
      audience: 'users',
      recipients: 1,
      senderId: w.op.id,
    });
    expect((await latestAudit(w))[0]).toMatchObject({
      action: AuditAction.SYSTEM_SEND,
      targetType: 'system',
      targetId: sent.id,
    });
    const both = await w.client.call('consoleSystemSend', {
      token: tok(w.op),
      body: { title: 'x', coverUrl: '', intro: '', content: 'y', all: true, userIds: [reporter.id] },
    });
    expect([both.status, both.body.params?.field]).toEqual([400, 'userIds']);
  });

  it('takes the longest CJK content from a client that escapes non-ASCII (6 bytes a character)', async () => {
    const content = '系统通知'.repeat(Limits.SYSTEM_CONTENT_MAX / 4);
    // Python's json.dumps and others send \uXXXX escapes: ~120 KB, over the default 64 KB JSON body limit.
    const send = (text: string) =>
      fetch(`${w.client.baseUrl}${API_BASE}${api.consoleSystemSend.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [ACCESS_TOKEN_HEADER]: tok(w.op) },
        body: JSON.stringify({
          title: 'x',
          coverUrl: '',
          intro: '',
          content: text,
          all: false,
          userIds: [reporter.id],
        }).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      });
    const ok = await send(content);
    expect(ok.status).toBe(200);
    const tooLong = await send(content + '知');
    expect([tooLong.status, ((await tooLong.json()) as { params?: { field?: string } }).params?.field]).toEqual([
      400,
      'content',
    ]);
  });
});
