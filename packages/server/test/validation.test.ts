/** Spec §5 rules touched by accounts and profiles: each answers its catalogue key, and nothing changes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits, ServerErrors, Terminal, type ServerErrorKey } from '@parley/protocol';
import { ApiClient, login, registerUser, uniqueName, type TestUser } from './support/api.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

const userCount = async () =>
  Number(
    (
      await ts.server.db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectError(
  res: { status: number; body: { code: number; key?: string; data: unknown } },
  key: ServerErrorKey,
) {
  expect(res.body.key).toBe(key);
  expect(res.body.code).toBe(ServerErrors[key].code);
  expect(res.status).toBe(ServerErrors[key].code);
  expect(res.body.data).toBeNull();
}

const at = (host: string, length: number) => `${'a'.repeat(length - host.length - 1)}@${host}`;

describe('register validation (spec §5)', () => {
  const cases: [string, Record<string, unknown>, ServerErrorKey][] = [
    ['missing user name', { password: 'secret1' }, 'userNameBlank'],
    ['blank user name', { userName: '   ', password: 'secret1' }, 'userNameBlank'],
    ['user name not an e-mail', { userName: 'not-an-email', password: 'secret1' }, 'userNameFormat'],
    ['user name too short', { userName: 'a@b.', password: 'secret1' }, 'userNameLength'],
    [
      'user name too long',
      { userName: at('example.com', Limits.USERNAME_MAX + 1), password: 'secret1' },
      'userNameLength',
    ],
    ['missing password', { userName: 'ok@example.com' }, 'passwordBlank'],
    ['blank password', { userName: 'ok@example.com', password: '      ' }, 'passwordBlank'],
    ['password too short', { userName: 'ok@example.com', password: 'abcd' }, 'passwordLength'],
    [
      'password too long',
      { userName: 'ok@example.com', password: 'x'.repeat(Limits.PASSWORD_MAX + 1) },
      'passwordLength',
    ],
    ['blank nickname', { userName: 'ok@example.com', password: 'secret1', nickName: '  ' }, 'nickNameBlank'],
    [
      'nickname too long',
      { userName: 'ok@example.com', password: 'secret1', nickName: 'n'.repeat(Limits.NICKNAME_MAX + 1) },
      'nickNameLength',
    ],
  ];
  it.each(cases)('%s → %s, no user stored', async (_name, body, key) => {
    const before = await userCount();
    expectError(await client.call('register', { body }), key);
    expect(await userCount()).toBe(before);
  });

  it('accepts the boundaries: 64-char user name, 5 and 20-char passwords, 20-char nickname', async () => {
    const longName = at('example.com', Limits.USERNAME_MAX);
    await client.ok('register', { body: { userName: longName, password: 'x'.repeat(Limits.PASSWORD_MIN) } });
    await client.ok('register', {
      body: {
        userName: uniqueName(),
        password: 'y'.repeat(Limits.PASSWORD_MAX),
        nickName: 'n'.repeat(Limits.NICKNAME_MAX),
      },
    });
    const tokens = await login(client, longName, 'x'.repeat(Limits.PASSWORD_MIN));
    const self = await client.ok('userSelf', { token: tokens.accessToken });
    // Nickname defaults to the part before '@', cut to the nickname limit.
    expect(self.nickName).toBe('a'.repeat(Limits.NICKNAME_MAX));
  });

  it('a taken user name (any case) → userNameTaken, no second user', async () => {
    const name = uniqueName();
    await client.ok('register', { body: { userName: name, password: 'secret1' } });
    const before = await userCount();
    expectError(
      await client.call('register', { body: { userName: name.toUpperCase(), password: 'other12' } }),
      'userNameTaken',
    );
    expect(await userCount()).toBe(before);
  });
});

describe('login validation', () => {
  it('blank fields and a bad terminal are rejected before any lookup', async () => {
    expectError(await client.call('login', { body: { terminal: Terminal.WEB, password: 'secret1' } }), 'userNameBlank');
    expectError(
      await client.call('login', { body: { terminal: Terminal.WEB, userName: 'a@example.com' } }),
      'passwordBlank',
    );
    expectError(
      await client.call('login', { body: { terminal: 7, userName: 'a@example.com', password: 'secret1' } }),
      'invalidParam',
    );
  });
});

describe('profile update validation', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await registerUser(client, { nickName: 'Before' });
    await client.ok('userUpdate', {
      token: u.tokens.accessToken,
      body: { nickName: 'Before', signature: 'sig', sex: 1 },
    });
  });

  const cases: [string, Record<string, unknown>, ServerErrorKey][] = [
    ['missing nickname', { signature: 'changed' }, 'nickNameBlank'],
    ['blank nickname', { nickName: '   ', signature: 'changed' }, 'nickNameBlank'],
    ['nickname too long', { nickName: 'n'.repeat(Limits.NICKNAME_MAX + 1) }, 'nickNameLength'],
    ['signature too long', { nickName: 'After', signature: 's'.repeat(Limits.SIGNATURE_MAX + 1) }, 'signatureLength'],
    ['bad sex', { nickName: 'After', sex: 5 }, 'invalidParam'],
  ];
  it.each(cases)('%s → %s, profile unchanged', async (_name, body, key) => {
    expectError(await client.call('userUpdate', { token: u.tokens.accessToken, body }), key);
    const self = await client.ok('userSelf', { token: u.tokens.accessToken });
    expect(self).toMatchObject({ nickName: 'Before', signature: 'sig', sex: 1 });
  });

  it('a 128-character signature is accepted', async () => {
    const signature = 's'.repeat(Limits.SIGNATURE_MAX);
    await client.ok('userUpdate', { token: u.tokens.accessToken, body: { nickName: 'Before', signature } });
    expect((await client.ok('userSelf', { token: u.tokens.accessToken })).signature).toBe(signature);
  });
});

describe('password change validation', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await registerUser(client);
  });

  const cases: [string, Record<string, unknown>, ServerErrorKey][] = [
    ['missing old password', { newPassword: 'newpass1' }, 'passwordBlank'],
    ['missing new password', { oldPassword: 'secret1' }, 'passwordBlank'],
    ['new password too short', { oldPassword: 'secret1', newPassword: 'abc' }, 'passwordLength'],
    ['new equals old', { oldPassword: 'secret1', newPassword: 'secret1' }, 'newPasswordSameAsOld'],
    ['wrong old password', { oldPassword: 'wrong11', newPassword: 'newpass1' }, 'oldPasswordIncorrect'],
  ];
  it.each(cases)('%s → %s, password unchanged', async (_name, body, key) => {
    expectError(await client.call('modifyPassword', { token: u.tokens.accessToken, body }), key);
    // The old password still logs in (on APP: a WEB login would end u's session); the proposed one does not.
    await login(client, u.userName, 'secret1', Terminal.APP);
    expectError(
      await client.call('login', { body: { terminal: 0, userName: u.userName, password: 'newpass1' } }),
      'passwordIncorrect',
    );
  });
});
