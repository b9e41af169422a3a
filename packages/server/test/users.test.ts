/** Users over HTTP: self, find (with online), update own only, findByName, last seen, system config. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Limits, Timing, WEBRTC_MAX_CHANNEL_DEFAULT } from '@parley/protocol';
import { ApiClient, registerUser, uniqueName, type TestUser } from './support/api.js';
import { startServer, type TestServer } from './support/server.js';

let ts: TestServer;
let client: ApiClient;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
  alice = await registerUser(client, { nickName: 'Alice' });
  bob = await registerUser(client, { nickName: 'Bob' });
});
afterAll(() => ts?.close());

describe('self and find', () => {
  it("find/{id} returns a stranger's public profile: no user name, online=false", async () => {
    const found = await client.ok('userFind', { token: alice.tokens.accessToken, params: { id: bob.id } });
    expect(found).toMatchObject({ id: bob.id, userName: '', nickName: 'Bob', online: false });
    expect(found).not.toHaveProperty('password_hash');
    expect(found).not.toHaveProperty('passwordHash');
  });

  it('unknown id → userNotExist; non-numeric id → invalidParam', async () => {
    const missing = await client.call('userFind', { token: alice.tokens.accessToken, params: { id: 999999 } });
    expect(missing.body.key).toBe('userNotExist');
    const bad = await client.call('userFind', { token: alice.tokens.accessToken, params: { id: 'abc' } });
    expect([bad.status, bad.body.key]).toEqual([400, 'invalidParam']);
  });
});

describe('update', () => {
  it('updates own profile fields', async () => {
    const u = await registerUser(client);
    await client.ok('userUpdate', {
      token: u.tokens.accessToken,
      body: {
        id: u.id,
        nickName: 'New Nick',
        sex: 1,
        signature: 'hello',
        headImage: '/uploads/2025/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
        headImageThumb: '/uploads/2025/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_thumb.png',
      },
    });
    expect(await client.ok('userSelf', { token: u.tokens.accessToken })).toMatchObject({
      nickName: 'New Nick',
      sex: 1,
      signature: 'hello',
      headImage: '/uploads/2025/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
      headImageThumb: '/uploads/2025/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_thumb.png',
      userName: u.userName,
    });
  });

  it('a gender never chosen reads as not set (sexSet false) until the user picks one, male included', async () => {
    const u = await registerUser(client);
    const token = u.tokens.accessToken;
    expect(await client.ok('userSelf', { token })).toMatchObject({ sex: 0, sexSet: false });
    // Saving the profile without a gender leaves it not set.
    await client.ok('userUpdate', { token, body: { nickName: 'No Gender' } });
    expect(await client.ok('userFind', { token: alice.tokens.accessToken, params: { id: u.id } })).toMatchObject({
      sex: 0,
      sexSet: false,
    });
    await client.ok('userUpdate', { token, body: { nickName: 'No Gender', sex: 0 } });
    expect(await client.ok('userFind', { token: alice.tokens.accessToken, params: { id: u.id } })).toMatchObject({
      sex: 0,
      sexSet: true,
    });
  });

  it('sexSet false sets a chosen gender back to not set; with a sex beside it the request is refused', async () => {
    const u = await registerUser(client);
    const token = u.tokens.accessToken;
    await client.ok('userUpdate', { token, body: { nickName: 'Some Gender', sex: 1 } });
    expect(await client.ok('userSelf', { token })).toMatchObject({ sex: 1, sexSet: true });
    const both = await client.call('userUpdate', { token, body: { nickName: 'Some Gender', sex: 1, sexSet: false } });
    expect([both.status, both.body.key, both.body.params?.field]).toEqual([400, 'invalidParam', 'sexSet']);
    await client.ok('userUpdate', { token, body: { nickName: 'Some Gender', sexSet: false } });
    expect(await client.ok('userSelf', { token })).toMatchObject({ sex: 0, sexSet: false });
  });

  it("another user's id → cannotEditOtherUser and neither profile changes", async () => {
    const res = await client.call('userUpdate', {
      token: alice.tokens.accessToken,
      body: { id: bob.id, nickName: 'Hacked', signature: 'pwned' },
    });
    expect([res.status, res.body.key]).toEqual([400, 'cannotEditOtherUser']);
    expect((await client.ok('userSelf', { token: bob.tokens.accessToken })).nickName).toBe('Bob');
    expect((await client.ok('userSelf', { token: alice.tokens.accessToken })).nickName).toBe('Alice');
  });

  it('rejects a non-URL avatar', async () => {
    const res = await client.call('userUpdate', {
      token: alice.tokens.accessToken,
      body: { nickName: 'Alice', headImage: 'javascript:alert(1)' },
    });
    expect(res.body.key).toBe('invalidParam');
    expect((await client.ok('userSelf', { token: alice.tokens.accessToken })).headImage).toBe('');
  });
});

describe('findByName', () => {
  it('matches a nickname part or the exact user name, case-insensitively, and skips deleted users', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const byName = await registerUser(client, { userName: uniqueName(`${tag}n`), nickName: 'Plain' });
    const byNick = await registerUser(client, { nickName: `X${tag.toUpperCase()}Y` });
    const gone = await registerUser(client, { nickName: `${tag}gone` });
    await ts.server.db.kysely.updateTable('users').set({ deleted: 1 }).where('id', '=', gone.id).execute();

    const found = await client.ok('userFindByName', {
      token: alice.tokens.accessToken,
      query: { name: tag.toUpperCase() },
    });
    expect(found.map((u) => u.id)).toEqual([byNick.id]);
    const exact = await client.ok('userFindByName', {
      token: alice.tokens.accessToken,
      query: { name: byName.userName.toUpperCase() },
    });
    expect(exact.map((u) => [u.id, u.userName])).toEqual([[byName.id, byName.userName]]);
  });

  it('treats % and _ literally and caps results at the limit', async () => {
    const none = await client.ok('userFindByName', { token: alice.tokens.accessToken, query: { name: '%_' } });
    expect(none).toEqual([]);
    const tag = `cap${Date.now().toString(36)}`;
    for (let i = 0; i < Limits.FIND_BY_NAME_MAX + 2; i++)
      await client.ok('register', { body: { userName: uniqueName(tag), password: 'secret1' } });
    const found = await client.ok('userFindByName', { token: alice.tokens.accessToken, query: { name: tag } });
    expect(found).toHaveLength(Limits.FIND_BY_NAME_MAX);
  });

  it('blank name → invalidParam', async () => {
    const res = await client.call('userFindByName', { token: alice.tokens.accessToken, query: { name: ' ' } });
    expect(res.body.key).toBe('invalidParam');
  });
});

describe('online time and config', () => {
  it('updateOnlineTime records last_online_at', async () => {
    const before = Date.now();
    await client.ok('userUpdateOnlineTime', { token: alice.tokens.accessToken });
    const row = await ts.server.db.kysely
      .selectFrom('users')
      .select('last_online_at')
      .where('id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(row.last_online_at).toBeGreaterThanOrEqual(before);
    expect(typeof row.last_online_at).toBe('number');
  });

  it('terminal/online with nobody connected is empty; a bad list → invalidParam', async () => {
    expect(
      await client.ok('userTerminalOnline', {
        token: alice.tokens.accessToken,
        query: { userIds: `${alice.id},${bob.id}` },
      }),
    ).toEqual([]);
    const bad = await client.call('userTerminalOnline', { token: alice.tokens.accessToken, query: { userIds: '1,x' } });
    expect(bad.body.key).toBe('invalidParam');
  });

  it('system/config gives the webrtc section, the limits a client checks first and the edit window', async () => {
    const cfg = await client.ok('systemConfig', { token: alice.tokens.accessToken });
    expect(cfg).toEqual({
      webrtc: { maxChannel: WEBRTC_MAX_CHANNEL_DEFAULT, iceServers: [] },
      limits: { groupAdminsMax: Limits.GROUP_ADMINS_MAX, uploadMaxBytes: Limits.UPLOAD_MAX_BYTES },
      message: { editWindowMs: Timing.EDIT_WINDOW_MS, linkPreviews: true },
    });
  });
});

describe('routing', () => {
  it('unknown /api path → 404 envelope; `/` explains how to build the web app', async () => {
    const res = await fetch(`${ts.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, key: 'notFound', data: null });
    const home = await fetch(`${ts.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(await home.text()).toContain('npm run build');
  });

  it('malformed JSON → 400 invalidJson', async () => {
    const res = await fetch(`${ts.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { key: string }).key).toBe('invalidJson');
  });
});
