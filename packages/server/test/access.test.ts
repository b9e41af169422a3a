/** 401 for missing/garbage/expired tokens; 403 with the reason for banned and deleted accounts. */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal } from '@parley/protocol';
import { ApiClient, registerUser } from './support/api.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;

beforeAll(async () => {
  ts = await startServer({ jwtSecret: 'test-secret-for-forging-expired-tokens' });
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

/** A write past the services: the cached account facts are told, as an outside write must (services/facts). */
const setUser = async (id: number, patch: { is_banned?: number; ban_reason?: string; deleted?: number }) => {
  await ts.server.db.kysely.updateTable('users').set(patch).where('id', '=', id).execute();
  await ts.server.services.facts.changed({ kind: 'user', id });
};

describe('401 loginExpired', () => {
  it('missing, garbage and wrongly signed tokens', async () => {
    for (const token of [undefined, 'garbage', 'a.b.c']) {
      const res = await client.call('userSelf', token ? { token } : {});
      expect([res.status, res.body.code, res.body.key]).toEqual([401, 401, 'loginExpired']);
    }
  });

  it('an expired token', async () => {
    const u = await registerUser(client);
    const [, payload] = u.tokens.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('test-secret-for-forging-expired-tokens'));
    // Same claims, fresh expiry: proves the forging is right and only `exp` fails.
    const fresh = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('test-secret-for-forging-expired-tokens'));
    expect((await client.call('userSelf', { token: fresh })).status).toBe(200);
    expect((await client.call('userSelf', { token: expired })).body.key).toBe('loginExpired');
  });
});

describe('403 for banned and deleted accounts', () => {
  it('banned: login and every authed call answer accountBanned with the reason', async () => {
    const u = await registerUser(client);
    await setUser(u.id, { is_banned: 1, ban_reason: 'spamming' });
    const res = await client.call('login', {
      body: { terminal: Terminal.WEB, userName: u.userName, password: u.password },
    });
    expect([res.status, res.body.key, res.body.params]).toEqual([403, 'accountBanned', { reason: 'spamming' }]);
    expect(res.body.message).toContain('spamming');
    // The token issued before the ban stops working at once.
    const self = await client.call('userSelf', { token: u.tokens.accessToken });
    expect([self.status, self.body.key]).toEqual([403, 'accountBanned']);
    expect(self.body.message).toContain('spamming');
    expect((await client.call('refreshToken', { refreshToken: u.tokens.refreshToken })).status).toBe(403);
  });

  it('deleted: login and authed calls answer accountDeleted', async () => {
    const u = await registerUser(client);
    await setUser(u.id, { deleted: 1 });
    const res = await client.call('login', {
      body: { terminal: Terminal.WEB, userName: u.userName, password: u.password },
    });
    expect([res.status, res.body.key]).toEqual([403, 'accountDeleted']);
    const self = await client.call('userFindByName', { token: u.tokens.accessToken, query: { name: 'x' } });
    expect([self.status, self.body.key]).toEqual([403, 'accountDeleted']);
  });

  it('unbanning restores access', async () => {
    const u = await registerUser(client);
    await setUser(u.id, { is_banned: 1, ban_reason: 'test' });
    expect((await client.call('userSelf', { token: u.tokens.accessToken })).status).toBe(403);
    await ts.server.services.moderation.unbanUser(u.id);
    expect((await client.call('userSelf', { token: u.tokens.accessToken })).status).toBe(200);
  });
});
