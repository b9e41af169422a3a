/** Accounts over HTTP: register, login per terminal, refresh rotation, logout, password change, trial, rate limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal, UserType } from '@parley/protocol';
import { ApiClient, login, registerUser, uniqueName } from './support/api.js';
import { startServer, usingPostgres, type TestServer } from './support/server.js';
import { loadConfig } from '../src/index.js';
import { Passwords } from '../src/services/passwords.js';

let ts: TestServer;
let client: ApiClient;

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

describe('register and login', () => {
  it('runs on the database TEST_DB asks for', () => {
    expect(ts.server.db.dialect).toBe(usingPostgres() ? 'postgres' : 'sqlite');
  });

  it('registers, stores the name lowercased, and logs in case-insensitively with token lifetimes', async () => {
    const name = uniqueName('Mixed');
    await client.ok('register', { body: { userName: `  ${name}  `, password: 'secret1', nickName: 'Mixie' } });
    const tokens = await login(client, name.toUpperCase(), 'secret1');
    expect(tokens.accessTokenExpiresIn).toBe(1800);
    expect(tokens.refreshTokenExpiresIn).toBe(604800);
    expect(tokens.accessToken).not.toBe(tokens.refreshToken);
    const self = await client.ok('userSelf', { token: tokens.accessToken });
    expect(self).toMatchObject({
      userName: name.toLowerCase(),
      nickName: 'Mixie',
      headImage: '',
      sex: 0,
      signature: '',
      type: UserType.NORMAL,
      isBanned: false,
      deleted: false,
    });
    expect(self.id).toBeGreaterThan(0);
  });

  it('unknown user → userNotExist; wrong password → passwordIncorrect', async () => {
    const u = await registerUser(client);
    const missing = await client.call('login', {
      body: { terminal: 0, userName: uniqueName('ghost'), password: 'secret1' },
    });
    expect([missing.status, missing.body.key]).toEqual([400, 'userNotExist']);
    const wrong = await client.call('login', { body: { terminal: 0, userName: u.userName, password: 'wrong11' } });
    expect([wrong.status, wrong.body.key]).toEqual([400, 'passwordIncorrect']);
  });

  it('logs in on WEB and APP independently', async () => {
    const u = await registerUser(client);
    const app = await login(client, u.userName, u.password, Terminal.APP);
    expect((await client.ok('userSelf', { token: app.accessToken })).id).toBe(u.id);
    expect((await client.ok('userSelf', { token: u.tokens.accessToken })).id).toBe(u.id);
  });
});

describe('refresh token rotation', () => {
  it('returns a new working pair; the old refresh token is rejected, and its reuse ends the session', async () => {
    const u = await registerUser(client);
    const first = u.tokens;
    const second = await client.ok('refreshToken', { refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await client.ok('userSelf', { token: second.accessToken })).id).toBe(u.id);

    const third = await client.ok('refreshToken', { refreshToken: second.refreshToken });
    // The first token's successor is used already: no concurrent repeat, so reuse looks like theft.
    const reused = await client.call('refreshToken', { refreshToken: first.refreshToken });
    expect([reused.status, reused.body.key]).toEqual([401, 'loginExpired']);
    // The whole session is revoked.
    const afterReuse = await client.call('refreshToken', { refreshToken: third.refreshToken });
    expect(afterReuse.status).toBe(401);
    expect((await client.call('userSelf', { token: third.accessToken })).status).toBe(401);
  });

  it('missing or unknown refresh token → 401', async () => {
    expect((await client.call('refreshToken')).body.key).toBe('loginExpired');
    expect((await client.call('refreshToken', { refreshToken: 'nope' })).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes this session only', async () => {
    const u = await registerUser(client);
    const other = await login(client, u.userName, u.password, Terminal.APP);
    await client.ok('logout', { token: u.tokens.accessToken });
    expect((await client.call('refreshToken', { refreshToken: u.tokens.refreshToken })).status).toBe(401);
    expect((await client.call('userSelf', { token: u.tokens.accessToken })).status).toBe(401);
    // The APP session is untouched.
    expect((await client.ok('userSelf', { token: other.accessToken })).id).toBe(u.id);
    await client.ok('refreshToken', { refreshToken: other.refreshToken });
  });

  it('without a token → 401', async () => {
    expect((await client.call('logout')).status).toBe(401);
  });
});

describe('modifyPwd', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const u = await registerUser(client);
    const other = await login(client, u.userName, u.password, Terminal.APP);
    await client.ok('modifyPassword', {
      token: u.tokens.accessToken,
      body: { oldPassword: 'secret1', newPassword: 'newpass1' },
    });

    const old = await client.call('login', { body: { terminal: 0, userName: u.userName, password: 'secret1' } });
    expect(old.body.key).toBe('passwordIncorrect');
    // On APP: a WEB login would end this WEB session (one sign-in per terminal).
    await login(client, u.userName, 'newpass1', Terminal.APP);
    expect((await client.ok('userSelf', { token: u.tokens.accessToken })).id).toBe(u.id);
    expect((await client.call('userSelf', { token: other.accessToken })).status).toBe(401);
    expect((await client.call('refreshToken', { refreshToken: other.refreshToken })).status).toBe(401);
  });

  it('is refused for the seeded trial account, whose password keeps working', async () => {
    const { trialUserName, trialPassword } = ts.config;
    const tokens = await login(client, trialUserName, trialPassword);
    const self = await client.ok('userSelf', { token: tokens.accessToken });
    expect(self.type).toBe(UserType.TRIAL);
    const res = await client.call('modifyPassword', {
      token: tokens.accessToken,
      body: { oldPassword: trialPassword, newPassword: 'hacked1' },
    });
    expect([res.status, res.body.key]).toEqual([400, 'trialCannotChangePassword']);
    await login(client, trialUserName, trialPassword);
  });
});

describe('rate limit', () => {
  it('answers 429 tooManyRequests past the per-minute limit of login and register', async () => {
    const limited = await startServer({ authRatePerMin: 3, rateLimits: undefined });
    try {
      const c = new ApiClient(limited.url);
      const body = { terminal: 0, userName: uniqueName(), password: 'secret1' };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await c.call('login', { body })).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      // Register has its own budget of the same size.
      const registers: number[] = [];
      for (let i = 0; i < 4; i++) {
        registers.push((await c.call('register', { body: { userName: uniqueName(), password: 'secret1' } })).status);
      }
      expect(registers).toEqual([200, 200, 200, 429]);
      // Other endpoints have budgets of their own.
      expect((await c.call('userSelf')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('password hashing cost (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_ITERATIONS)', () => {
  const hashOf = async (server: TestServer, userName: string) =>
    (
      await server.server.db.kysely
        .selectFrom('users')
        .select('password_hash')
        .where('user_name', '=', userName.toLowerCase())
        .executeTakeFirstOrThrow()
    ).password_hash;

  it("hashes at OWASP's baseline unless told otherwise", async () => {
    expect(loadConfig({}).passwordHashMemoryKib).toBe(19_456);
    expect(loadConfig({}).passwordHashIterations).toBe(2);
    expect(await new Passwords().hash('secret1')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_ITERATIONS: '3' })).toMatchObject({
      passwordHashMemoryKib: 65_536,
      passwordHashIterations: 3,
    });
  });

  it('stores new hashes at the configured cost, never under the floor, and verifies hashes of any cost', async () => {
    // This suite's own server runs at the floor (support/server.ts).
    const name = uniqueName('cost');
    await client.ok('register', { body: { userName: name, password: 'secret1' } });
    expect(await hashOf(ts, name)).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await new Passwords({ memoryKib: 16, iterations: 0 }).hash('x')).toMatch(/\$m=1024,p=1,t=1\$/);

    // An account whose hash was made at the default cost still logs in on a cheaper server.
    const strong = await new Passwords().hash('secret2');
    await ts.server.db.kysely
      .updateTable('users')
      .set({ password_hash: strong })
      .where('user_name', '=', name.toLowerCase())
      .execute();
    await login(client, name, 'secret2');
    const refused = await client.call('login', {
      body: { terminal: Terminal.WEB, userName: name, password: 'secret1' },
    });
    expect(refused.body.code).not.toBe(200);
  });
});
