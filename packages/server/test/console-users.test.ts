/**
 * Console actions on users: a ban reaches every live socket (USER_BANNED, then close
 * 3099) and REST answers 403 with the reason until the unban; a deletion sends
 * USER_UNREG and ends the sessions; each action leaves its audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditAction, Cmd, CloseCode, MessageType, type ServerFrame } from '@parley/protocol';
import { login, registerUser } from './support/api.js';
import { latestAudit, openConsoleWorld, tok, type ConsoleWorld } from './support/console.js';
import { twoTerminalUser } from './support/messages.js';

let w: ConsoleWorld;
beforeAll(async () => {
  w = await openConsoleWorld();
});
afterAll(() => w?.close());

const systemFrame = (type: number) => (f: ServerFrame) =>
  f.cmd === Cmd.SYSTEM_MESSAGE && (f.data as { type?: number }).type === type;

describe('ban and unban', () => {
  it('closes every socket with 3099 after USER_BANNED; REST says 403 with the reason; unban lets them back', async () => {
    const u = await twoTerminalUser(w.ts, w.client, 'Spammer');
    const banned = await w.client.ok('consoleUserBan', { token: tok(w.op), body: { id: u.id, reason: 'Spam links' } });
    expect([banned.isBanned, banned.reason]).toEqual([true, 'Spam links']);
    for (const s of [u.webSocket, u.appSocket]) {
      const frame = await s.next(systemFrame(MessageType.USER_BANNED));
      expect((frame.data as { content: string }).content).toBe('Spam links');
      expect((await s.waitClosed()).code).toBe(CloseCode.BANNED_OR_UNREG);
    }
    const res = await w.client.call('userSelf', { token: u.web });
    expect([res.status, res.body.key, res.body.params?.reason]).toEqual([403, 'accountBanned', 'Spam links']);
    expect(
      (await w.client.call('login', { body: { terminal: 0, userName: u.userName, password: u.password } })).status,
    ).toBe(403);
    const [entry] = await latestAudit(w);
    expect(entry).toMatchObject({
      action: AuditAction.USER_BAN,
      targetType: 'user',
      targetId: u.id,
      reason: 'Spam links',
      operatorId: w.op.id,
      operatorName: 'Operator',
    });

    const back = await w.client.ok('consoleUserUnban', { token: tok(w.op), body: { id: u.id } });
    expect([back.isBanned, back.reason]).toEqual([false, '']);
    const tokens = await login(w.client, u.userName, u.password);
    expect((await w.client.ok('userSelf', { token: tokens.accessToken })).isBanned).toBe(false);
    expect((await latestAudit(w))[0]).toMatchObject({ action: AuditAction.USER_UNBAN, targetId: u.id });
  });

  it('reason is required; an unknown user is userNotExist', async () => {
    const u = await registerUser(w.client);
    const res = await w.client.call('consoleUserBan', { token: tok(w.op), body: { id: u.id, reason: '  ' } });
    expect([res.status, res.body.params?.field, res.body.params?.rule]).toEqual([400, 'reason', 'required']);
    const missing = await w.client.call('consoleUserBan', { token: tok(w.op), body: { id: 99_999_999, reason: 'x' } });
    expect(missing.body.key).toBe('userNotExist');
  });
});

describe('delete', () => {
  it('sends USER_UNREG, closes with 3099, ends the sessions; the console still shows the account', async () => {
    const u = await twoTerminalUser(w.ts, w.client, 'Gone');
    const gone = await w.client.ok('consoleUserDelete', { token: tok(w.op), body: { id: u.id } });
    expect(gone.deleted).toBe(true);
    for (const s of [u.webSocket, u.appSocket]) {
      await s.next(systemFrame(MessageType.USER_UNREG));
      expect((await s.waitClosed()).code).toBe(CloseCode.BANNED_OR_UNREG);
    }
    expect((await w.client.call('userSelf', { token: u.web })).body.key).toBe('accountDeleted');
    expect((await w.client.call('refreshToken', { refreshToken: u.tokens.refreshToken })).status).not.toBe(200);
    const found = await w.client.ok('consoleUsers', { token: tok(w.op), query: { keyword: String(u.id) } });
    expect(found.items.find((x) => x.id === u.id)?.deleted).toBe(true);
    expect((await latestAudit(w))[0]).toMatchObject({ action: AuditAction.USER_DELETE, targetId: u.id });
  });
});

describe('search and view', () => {
  it('finds by id, user name or nickname, banned included, with complaint counts', async () => {
    const reporter = await registerUser(w.client);
    const target = await registerUser(w.client, { nickName: 'Zebra Quux' });
    await w.client.ok('complaintInitiate', {
      token: tok(reporter),
      body: { targetType: 1, targetId: target.id, type: 1, content: 'rude' },
    });
    await w.client.ok('consoleUserBan', { token: tok(w.op), body: { id: target.id, reason: 'rude' } });
    for (const keyword of ['zebra q', String(target.id), target.userName.slice(0, 12)]) {
      const page = await w.client.ok('consoleUsers', { token: tok(w.op), query: { keyword } });
      expect(
        page.items.map((x) => x.id),
        keyword,
      ).toContain(target.id);
    }
    const one = await w.client.ok('consoleUser', { token: tok(w.op), query: { id: target.id } });
    expect(one).toMatchObject({ isBanned: true, reason: 'rude', complaintCount: 1, nickName: 'Zebra Quux' });
    const wildcard = await w.client.ok('consoleUsers', { token: tok(w.op), query: { keyword: '%' } });
    expect(wildcard.total).toBe(0);
  });
});
