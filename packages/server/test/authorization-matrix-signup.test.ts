/**
 * The operator's column of the password rows (authorization-matrix.test.ts has the
 * normal user's: 403 notOperator for the console reset): an operator resets a normal
 * user, never themself or another operator, and a revoked operator is refused at once.
 * A mailed reset token works for its own account only, whoever presents it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, login, registerUser } from './support/api.js';
import { expectRefusedUnchanged, openConsoleWorld, tok, type ConsoleWorld } from './support/console.js';
import { setOperator } from '../src/index.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { startSmtp, tokenOf, type TestSmtp } from './support/smtp.js';

describe('console reset × who it is about', () => {
  let w: ConsoleWorld;
  beforeAll(async () => {
    w = await openConsoleWorld();
  });
  afterAll(() => w?.close());

  it('operator → a normal user: allowed', async () => {
    const u = await registerUser(w.client);
    const { password } = await w.client.ok('consoleUserResetPassword', { token: tok(w.op), body: { id: u.id } });
    await login(w.client, u.userName, password);
  });

  it('operator → themself or another operator: operatorTarget, nothing changed', async () => {
    const other = await registerUser(w.client);
    await setOperator(w.ts.server.db.kysely, other.userName, true);
    for (const id of [w.op.id, other.id]) {
      await expectRefusedUnchanged(w, 'consoleUserResetPassword', 'operatorTarget', { token: tok(w.op), body: { id } });
    }
  });

  it('a revoked operator: notOperator at once, nothing changed', async () => {
    const former = await registerUser(w.client);
    const u = await registerUser(w.client);
    await setOperator(w.ts.server.db.kysely, former.userName, true);
    await w.client.ok('consoleUserResetPassword', { token: tok(former), body: { id: u.id, password: 'first one' } });
    await setOperator(w.ts.server.db.kysely, former.userName, false);
    await expectRefusedUnchanged(w, 'consoleUserResetPassword', 'notOperator', {
      token: tok(former),
      body: { id: u.id },
    });
  });
});

describe('a mailed token × who presents it', () => {
  let smtp: TestSmtp;
  let ts: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    smtp = await startSmtp();
    ts = await startServer({ smtpUrl: smtp.url, publicUrl: 'https://chat.example.test' });
    client = new ApiClient(ts.url);
  });
  afterAll(async () => {
    await ts?.close();
    await smtp?.close();
  });

  it("A, signed in, uses F's link: F's password changes, A's account and sessions do not", async () => {
    const a = await registerUser(client);
    const f = await registerUser(client);
    await client.ok('passwordForgot', { body: { userName: f.userName } });
    const token = tokenOf(await smtp.next(f.userName));
    const reply = await client.ok('passwordReset', {
      token: a.tokens.accessToken,
      body: { token, password: 'f new pw' },
    });
    expect(reply.userName).toBe(f.userName);
    await client.ok('userSelf', { token: a.tokens.accessToken });
    await login(client, a.userName, a.password);
    await login(client, f.userName, 'f new pw');
  });

  it("F's used link presented by A: refused, nothing changed", async () => {
    const a = await registerUser(client);
    const f = await registerUser(client);
    await client.ok('passwordForgot', { body: { userName: f.userName } });
    const token = tokenOf(await smtp.next(f.userName));
    await client.ok('passwordReset', { body: { token, password: 'f new pw' } });
    const before = await snapshotState(ts);
    const res = await client.call('passwordReset', {
      token: a.tokens.accessToken,
      body: { token, password: 'mine now' },
    });
    expect(res.body.key).toBe('resetTokenInvalid');
    expect(await snapshotState(ts)).toBe(before);
  });
});
