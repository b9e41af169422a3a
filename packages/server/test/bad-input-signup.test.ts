/**
 * Bad input of sign-up and password recovery (bad-input.test.ts walks every field of
 * these bodies generically; its baselines are in support/bad-input-signup.ts). Here the
 * refusals particular to them: each a 400 naming the field and its rule, nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@parley/protocol';
import { registerUser, type TestUser } from './support/api.js';
import { openConsoleWorld, tok, type ConsoleWorld } from './support/console.js';
import { snapshotState } from './support/server.js';

let w: ConsoleWorld;
let u: TestUser;
beforeAll(async () => {
  w = await openConsoleWorld();
  u = await registerUser(w.client);
});
afterAll(() => w?.close());

const cases: [string, EndpointName, () => unknown, string, string][] = [
  [
    'register: a terminal that is neither web nor app',
    'register',
    () => ({ terminal: 7, userName: 'n1@example.com', password: 'secret1' }),
    'terminal',
    'invalidParam',
  ],
  [
    'forgot: a language that is no locale',
    'passwordForgot',
    () => ({ userName: u.userName, lang: 'xx-XX' }),
    'lang',
    'invalidParam',
  ],
  ['forgot: not an e-mail', 'passwordForgot', () => ({ userName: 'not a mail' }), 'userName', 'userNameFormat'],
  ['forgot: an unknown key', 'passwordForgot', () => ({ userName: u.userName, admin: true }), 'admin', 'invalidParam'],
  [
    'reset: a token one character short',
    'passwordReset',
    () => ({ token: 'A'.repeat(42), password: 'secret22' }),
    'token',
    'invalidParam',
  ],
  [
    'reset: a token with a character outside base64url',
    'passwordReset',
    () => ({ token: `${'A'.repeat(42)}+`, password: 'secret22' }),
    'token',
    'invalidParam',
  ],
  [
    'reset: a password too short',
    'passwordReset',
    () => ({ token: 'A'.repeat(43), password: '1234' }),
    'password',
    'passwordLength',
  ],
  [
    'reset: a password too long',
    'passwordReset',
    () => ({ token: 'A'.repeat(43), password: 'x'.repeat(21) }),
    'password',
    'passwordLength',
  ],
  [
    'console reset: a typed password too short',
    'consoleUserResetPassword',
    () => ({ id: u.id, password: '1' }),
    'password',
    'passwordLength',
  ],
  [
    'console reset: a blank typed password',
    'consoleUserResetPassword',
    () => ({ id: u.id, password: '' }),
    'password',
    'passwordBlank',
  ],
];

describe('refused with the field named, nothing changed', () => {
  it.each(cases)('%s', async (_label, name, body, field, key) => {
    const before = await snapshotState(w.ts);
    // As the operator: the console reset's input is checked before the role, the others need no token.
    const res = await w.client.call(name, { token: tok(w.op), body: body() });
    expect([res.status, res.body.key, res.body.params?.field], JSON.stringify(res.body)).toEqual([400, key, field]);
    expect(await snapshotState(w.ts)).toBe(before);
  });
});
