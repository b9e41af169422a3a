/**
 * Signed-in devices (issue 11, point 2): a phone (APP) and a laptop (WEB) stay signed
 * in at once; Mine lists the account's live sessions with the browser of each login;
 * signing one out ends it and closes its sockets; nobody touches another's sessions;
 * a second login on the same terminal still replaces the first (cmd 2, never 3099).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, Cmd, CloseCode, Terminal, api, type TokenPair } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { sessionOf } from './support/device-matrix.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

let ts: TestServer;
let client: ApiClient;
const opened: TestSocket[] = [];

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of opened) s.close();
  await ts?.close();
});

/** A login from a browser with this User-Agent. */
async function loginFrom(u: TestUser, terminal: Terminal, userAgent: string): Promise<TokenPair> {
  const res = await fetch(ts.url + API_BASE + api.login.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ terminal, userName: u.userName, password: u.password }),
  });
  const body = (await res.json()) as { code: number; data: TokenPair };
  expect(body.code).toBe(200);
  return body.data;
}
const connect = async (token: string) => {
  const s = await TestSocket.login(ts.wsUrl, token);
  opened.push(s);
  return s;
};

describe('phone and laptop at once', () => {
  it('an APP and a WEB login both stay signed in, and both are listed with their browser', async () => {
    const u = await registerUser(client);
    const phone = await loginFrom(u, Terminal.APP, PHONE_UA);
    const laptop = await loginFrom(u, Terminal.WEB, LAPTOP_UA);
    const phoneSocket = await connect(phone.accessToken);
    const laptopSocket = await connect(laptop.accessToken);
    expect(await phoneSocket.quiet(200)).toBe(true);
    expect(phoneSocket.isClosed).toBe(false);
    expect(laptopSocket.isClosed).toBe(false);

    const listed = await client.ok('deviceList', { token: laptop.accessToken });
    const byId = new Map(listed.map((d) => [d.id, d]));
    expect(listed[0]?.id).toBe(sessionOf(laptop.accessToken));
    expect(byId.get(sessionOf(laptop.accessToken))).toMatchObject({
      terminal: Terminal.WEB,
      userAgent: LAPTOP_UA,
      current: true,
    });
    expect(byId.get(sessionOf(phone.accessToken))).toMatchObject({
      terminal: Terminal.APP,
      userAgent: PHONE_UA,
      current: false,
    });
    for (const d of listed) expect(d.lastActiveTime).toBeGreaterThanOrEqual(d.signInTime);
  });

  it('a second login on the same terminal replaces the first with cmd 2 and close 4002, not 3099', async () => {
    const u = await registerUser(client);
    const first = await connect(u.tokens.accessToken);
    const again = await loginFrom(u, Terminal.WEB, LAPTOP_UA);
    await connect(again.accessToken);
    await first.next((f) => f.cmd === Cmd.FORCE_LOGOUT);
    const closed = await first.waitClosed();
    expect(closed.code).toBe(CloseCode.REPLACED);
    expect(closed.code).not.toBe(CloseCode.BANNED_OR_UNREG);
  });
});

describe('signing out another device', () => {
  it('ends that session: its socket closes at once, its tokens are refused, it leaves the list', async () => {
    const u = await registerUser(client);
    const phone = await loginFrom(u, Terminal.APP, PHONE_UA);
    const laptop = await loginFrom(u, Terminal.WEB, LAPTOP_UA);
    const phoneSocket = await connect(phone.accessToken);
    const laptopSocket = await connect(laptop.accessToken);

    await client.ok('deviceSignOut', { token: laptop.accessToken, body: { id: sessionOf(phone.accessToken) } });
    expect((await phoneSocket.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    expect((await client.call('userSelf', { token: phone.accessToken })).status).toBe(401);
    expect((await client.call('refreshToken', { refreshToken: phone.refreshToken })).status).toBe(401);

    expect(await laptopSocket.quiet(200)).toBe(true);
    expect(laptopSocket.isClosed).toBe(false);
    const ids = (await client.ok('deviceList', { token: laptop.accessToken })).map((d) => d.id);
    expect(ids).toContain(sessionOf(laptop.accessToken));
    expect(ids).not.toContain(sessionOf(phone.accessToken));
  });

  it('another user’s session is not signed out, and an unknown or ended one is deviceNotExist', async () => {
    const a = await registerUser(client);
    const b = await registerUser(client);
    const bSocket = await connect(b.tokens.accessToken);
    const res = await client.call('deviceSignOut', { token: a.tokens.accessToken, body: { id: sessionOf(tok(b)) } });
    expect([res.status, res.body.key]).toEqual([400, 'deviceNotExist']);
    expect(await bSocket.quiet(200)).toBe(true);
    await client.ok('userSelf', { token: tok(b) });
    expect((await client.ok('deviceList', { token: tok(a) })).map((d) => d.id)).toEqual([sessionOf(tok(a))]);

    const unknown = await client.call('deviceSignOut', {
      token: tok(a),
      body: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.body.key).toBe('deviceNotExist');
    const bad = await client.call('deviceSignOut', { token: tok(a), body: { id: 'not-a-session' } });
    expect([bad.status, bad.body.key, bad.body.params]).toEqual([400, 'invalidParam', { field: 'id', rule: 'format' }]);
  });

  it('a logout drops the ended session from the list', async () => {
    const u = await registerUser(client);
    const phone = await loginFrom(u, Terminal.APP, PHONE_UA);
    await client.ok('logout', { token: phone.accessToken });
    expect((await client.ok('deviceList', { token: tok(u) })).map((d) => d.id)).toEqual([sessionOf(tok(u))]);
  });
});

describe('last active', () => {
  it('a refresh marks the session active; sessions from before the list are shown without a browser', async () => {
    const u = await registerUser(client);
    const db = ts.server.db.kysely;
    const sid = sessionOf(tok(u));
    await db.updateTable('login_sessions').set({ last_active_at: 1000 }).where('session_id', '=', sid).execute();
    const pair = await client.ok('refreshToken', { refreshToken: u.tokens.refreshToken });
    const [me] = await client.ok('deviceList', { token: pair.accessToken });
    expect(me?.lastActiveTime).toBeGreaterThan(Date.now() - 60_000);

    await db.deleteFrom('login_sessions').where('session_id', '=', sid).execute();
    const [legacy] = await client.ok('deviceList', { token: pair.accessToken });
    expect(legacy).toMatchObject({ id: sid, userAgent: '', current: true, terminal: Terminal.WEB });
  });
});

const tok = (u: TestUser) => u.tokens.accessToken;
