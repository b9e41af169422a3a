/**
 * Password recovery (issue 22 point 9) against a real SMTP server on loopback: the
 * mailed link's token sets a new password once, within 30 minutes; every session of
 * the account ends; an unknown name answers the same and mails nothing; the mail
 * budgets per account and per address; the operator's reset from the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditAction, CloseCode, RESET_TOKEN_TTL_MS, Terminal, UserType } from '@parley/protocol';
import { ApiClient, login, registerUser, uniqueName, type TestUser } from './support/api.js';
import { latestAudit, openConsoleWorld, tok, type ConsoleWorld } from './support/console.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { startSmtp, tokenOf, type TestSmtp } from './support/smtp.js';
import { TestSocket } from './support/ws.js';
import { Passwords, resetPasswordByName } from '../src/index.js';

const PUBLIC_URL = 'https://chat.example.test';
let smtp: TestSmtp;
let ts: TestServer;
let client: ApiClient;
/** The server's clock, moved by the expiry test. */
let now = Date.now();

beforeAll(async () => {
  smtp = await startSmtp();
  ts = await startServer({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, clock: () => now });
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  await ts?.close();
  await smtp?.close();
});

/** Asks for a link and returns the token of the mail that brings it (the `seen`+1-th mail to that user). */
async function mailedToken(u: TestUser, seen = 0, lang?: string): Promise<string> {
  expect(await client.ok('passwordForgot', { body: { userName: u.userName, lang } })).toBeNull();
  return tokenOf(await smtp.next(u.userName, seen));
}

const refusedUnchanged = async (body: { token: string; password: string }) => {
  const before = await snapshotState(ts);
  const res = await client.call('passwordReset', { body });
  expect([res.status, res.body.key, res.body.params?.field]).toEqual([400, 'resetTokenInvalid', 'token']);
  expect(await snapshotState(ts)).toBe(before);
};

describe('forgot password by mail', () => {
  it('the app is told mail works', async () => {
    expect(await client.ok('passwordRecovery')).toEqual({ mail: true });
  });

  it('an unknown name answers the same and mails nothing; a known one gets a link to the reset page', async () => {
    const u = await registerUser(client);
    const unknown = uniqueName('nobody');
    const before = smtp.mails.length;
    const a = await client.call('passwordForgot', { body: { userName: unknown } });
    const b = await client.call('passwordForgot', { body: { userName: u.userName.toUpperCase() } });
    expect([a.status, a.body]).toEqual([b.status, b.body]);
    const mail = await smtp.next(u.userName);
    expect(mail.subject).toBe('Reset your Parley password');
    expect(mail.text).toContain(`${PUBLIC_URL}/#/pages/login/reset-password?token=`);
    expect(mail.text).toContain(u.userName);
    // The unknown name was asked first: had it been mailed, that mail would be here too.
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual([[u.userName]]);
  });

  it('the mail is in the language the app asked in', async () => {
    const u = await registerUser(client);
    await mailedToken(u, 0, 'zh-CN');
    const mail = await smtp.next(u.userName);
    expect(mail.subject).toBe('重置你的 Parley 密码');
    expect(mail.text).toContain('30 分钟');
  });

  it('the link sets the password once and ends every session of the account', async () => {
    const u = await registerUser(client);
    const app = await login(client, u.userName, u.password, Terminal.APP);
    const socket = await TestSocket.login(ts.wsUrl, app.accessToken);
    const token = await mailedToken(u);
    const result = await client.ok('passwordReset', { body: { token, password: 'brandnew1' } });
    expect(result).toEqual({ userName: u.userName });
    expect((await socket.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    for (const pair of [u.tokens, app]) {
      expect((await client.call('userSelf', { token: pair.accessToken })).status).toBe(401);
      expect((await client.call('refreshToken', { refreshToken: pair.refreshToken })).status).toBe(401);
    }
    expect(
      (await client.call('login', { body: { terminal: 0, userName: u.userName, password: u.password } })).body.key,
    ).toBe('passwordIncorrect');
    await login(client, u.userName, 'brandnew1');
    // Used: refused the second time, nothing changed.
    await refusedUnchanged({ token, password: 'another22' });
  });

  it('a wrong, an older or an expired token is refused and changes nothing', async () => {
    const u = await registerUser(client);
    await refusedUnchanged({ token: 'x'.repeat(43), password: 'another22' });
    const older = await mailedToken(u);
    const newer = await mailedToken(u, 1);
    // Only the newest link works.
    await refusedUnchanged({ token: older, password: 'another22' });
    now += RESET_TOKEN_TTL_MS;
    try {
      await refusedUnchanged({ token: newer, password: 'another22' });
    } finally {
      now = Date.now();
    }
    await login(client, u.userName, u.password);
  });

  it('the new password follows the registration rules', async () => {
    const u = await registerUser(client);
    const token = await mailedToken(u);
    const res = await client.call('passwordReset', { body: { token, password: '123' } });
    expect([res.status, res.body.key, res.body.params?.field]).toEqual([400, 'passwordLength', 'password']);
    // The refusal left the link usable.
    await client.ok('passwordReset', { body: { token, password: 'long enough' } });
  });

  it('the demo account gets no mail', async () => {
    const trial = ts.config.trialUserName;
    const row = await ts.server.db.kysely
      .selectFrom('users')
      .select('type')
      .where('user_name', '=', trial)
      .executeTakeFirst();
    expect(row?.type).toBe(UserType.TRIAL);
    const u = await registerUser(client);
    await client.ok('passwordForgot', { body: { userName: trial } });
    await mailedToken(u);
    expect(smtp.mails.some((m) => m.to.includes(trial))).toBe(false);
  });
});

describe('budgets', () => {
  it('3 mails per account an hour (then the same answer and no mail); per address a 429', async () => {
    const limited = await startServer({
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      rateLimits: JSON.stringify({ passwordForgot: { address: [5, 3600] } }),
    });
    try {
      const c = new ApiClient(limited.url);
      const u = await registerUser(c);
      const replies = [];
      for (let i = 0; i < 5; i++)
        replies.push((await c.call('passwordForgot', { body: { userName: u.userName } })).status);
      expect(replies).toEqual([200, 200, 200, 200, 200]);
      await smtp.next(u.userName, 2);
      const sixth = await c.call('passwordForgot', { body: { userName: uniqueName() } });
      expect([sixth.status, sixth.body.key]).toEqual([429, 'tooManyRequests']);
      // The fourth and fifth asked after the third was sent; none of them was mailed.
      const mailsTo = () => smtp.mails.filter((m) => m.to.includes(u.userName)).length;
      const probe = await registerUser(c);
      await limited.server.services.passwordReset.forgot({ userName: probe.userName });
      await smtp.next(probe.userName);
      expect(mailsTo()).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe('without SMTP', () => {
  it('the app is told to send users to an operator; asking is refused', async () => {
    const plain = await startServer();
    try {
      const c = new ApiClient(plain.url);
      expect(await c.ok('passwordRecovery')).toEqual({ mail: false });
      const res = await c.call('passwordForgot', { body: { userName: uniqueName() } });
      expect([res.status, res.body.key]).toEqual([400, 'resetByOperator']);
    } finally {
      await plain.close();
    }
  });
});

describe('an operator resets a password', () => {
  let w: ConsoleWorld;
  beforeAll(async () => {
    w = await openConsoleWorld();
  });
  afterAll(() => w?.close());

  it('a temporary password shown once; every session ends; the audit log says so without the password', async () => {
    const u = await registerUser(w.client);
    const socket = await TestSocket.login(w.ts.wsUrl, u.tokens.accessToken);
    const { password } = await w.client.ok('consoleUserResetPassword', { token: tok(w.op), body: { id: u.id } });
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await socket.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    expect((await w.client.call('userSelf', { token: u.tokens.accessToken })).status).toBe(401);
    expect((await w.client.call('refreshToken', { refreshToken: u.tokens.refreshToken })).status).toBe(401);
    await login(w.client, u.userName, password);
    const [entry] = await latestAudit(w);
    expect(entry).toMatchObject({
      action: AuditAction.USER_RESET_PASSWORD,
      targetType: 'user',
      targetId: u.id,
      operatorId: w.op.id,
    });
    expect(JSON.parse(entry!.detail)).toEqual({ generated: true });
    expect(entry!.detail).not.toContain(password);
  });

  it('or the password the operator typed', async () => {
    const u = await registerUser(w.client);
    const reply = await w.client.ok('consoleUserResetPassword', {
      token: tok(w.op),
      body: { id: u.id, password: 'typed by op' },
    });
    expect(reply).toEqual({ password: 'typed by op' });
    await login(w.client, u.userName, 'typed by op');
    expect(JSON.parse((await latestAudit(w))[0]!.detail)).toEqual({ generated: false });
  });

  it('`npm run operator -- reset-password`: a temporary password, every session ended; none for unknown names', async () => {
    const u = await registerUser(w.client);
    const db = w.ts.server.db.kysely;
    const password = await resetPasswordByName(db, new Passwords({ memoryKib: 1024, iterations: 1 }), u.userName);
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await w.client.call('refreshToken', { refreshToken: u.tokens.refreshToken })).status).toBe(401);
    await login(w.client, u.userName, password!);
    expect(await resetPasswordByName(db, new Passwords(), uniqueName('nobody'))).toBeNull();
  });

  it('not on themselves or another operator, nor on an unknown account; nothing changes', async () => {
    for (const [id, key] of [
      [w.op.id, 'operatorTarget'],
      [99_999_999, 'userNotExist'],
    ] as const) {
      const before = await snapshotState(w.ts);
      const res = await w.client.call('consoleUserResetPassword', { token: tok(w.op), body: { id } });
      expect(res.body.key).toBe(key);
      expect(await snapshotState(w.ts)).toBe(before);
    }
  });
});
