/**
 * One computer and one phone at a time (hardening issue, point 10): a login on a
 * terminal ends the older sign-in of that terminal on the server, as a sign-out of that
 * device would: its refresh and access tokens are refused, its sockets hear cmd 2 and
 * close with REPLACED at once (no newer socket needed), its push subscription is gone
 * and it leaves the Devices list. A login on the other terminal leaves it alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cmd, CloseCode, FORCE_LOGOUT_REASON, Terminal, type TokenPair } from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { sessionOf } from './support/device-matrix.js';
import { browserKeys } from './support/push.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

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

const connect = async (token: string) => {
  const s = await TestSocket.login(ts.wsUrl, token);
  opened.push(s);
  return s;
};

/** This session's push subscription, as the web app reports it. */
async function subscribe(token: string, cid: string): Promise<void> {
  const keys = browserKeys();
  await client.ok('userReportCid', {
    token,
    query: { cid },
    body: { endpoint: `https://fcm.googleapis.com/fcm/send/${cid}`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
}
const subscriptionsOf = (pair: TokenPair) =>
  ts.server.db.kysely
    .selectFrom('push_subscriptions')
    .select('id')
    .where('session_id', '=', sessionOf(pair.accessToken))
    .execute();

/** The socket is open and nothing ended it: a heartbeat is answered (frames keep their order). */
async function stillOpen(s: TestSocket): Promise<void> {
  s.send({ cmd: Cmd.HEARTBEAT, data: {} });
  await s.next((f) => f.cmd === Cmd.HEARTBEAT);
  expect(s.frames.some((f) => f.cmd === Cmd.FORCE_LOGOUT)).toBe(false);
  expect(s.isClosed).toBe(false);
}

const webSessions = async (token: string) =>
  (await client.ok('deviceList', { token })).filter((d) => d.terminal === Terminal.WEB).map((d) => d.id);

describe('a second WEB login', () => {
  it('ends the first WEB session: tokens refused, socket replaced, push subscription gone, off the list', async () => {
    const u: TestUser = await registerUser(client);
    const first = u.tokens;
    const firstSocket = await connect(first.accessToken);
    await subscribe(first.accessToken, `first${u.id}`);
    expect(await subscriptionsOf(first)).toHaveLength(1);

    const second = await login(client, u.userName, u.password, Terminal.WEB);

    // Told at once, with the frame a replaced socket hears, though the second has no socket yet.
    expect(await firstSocket.next((f) => f.cmd === Cmd.FORCE_LOGOUT)).toEqual({
      cmd: Cmd.FORCE_LOGOUT,
      data: FORCE_LOGOUT_REASON,
    });
    expect((await firstSocket.waitClosed()).code).toBe(CloseCode.REPLACED);
    // The older browser opened again is not signed back in.
    expect((await client.call('refreshToken', { refreshToken: first.refreshToken })).body.key).toBe('loginExpired');
    expect((await client.call('userSelf', { token: first.accessToken })).status).toBe(401);
    const refused = await TestSocket.open(ts.wsUrl);
    opened.push(refused);
    refused.send({ cmd: Cmd.LOGIN, data: { accessToken: first.accessToken } });
    expect((await refused.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    expect(await subscriptionsOf(first)).toEqual([]);

    // The newer one is untouched by all that, and is the only WEB sign-in listed.
    const secondSocket = await connect(second.accessToken);
    await stillOpen(secondSocket);
    expect((await client.ok('userSelf', { token: second.accessToken })).id).toBe(u.id);
    expect(await webSessions(second.accessToken)).toEqual([sessionOf(second.accessToken)]);
    const rotated = await client.ok('refreshToken', { refreshToken: second.refreshToken });
    expect(sessionOf(rotated.accessToken)).toBe(sessionOf(second.accessToken));
  });

  it('leaves exactly one WEB session of logins made at once, the one whose tokens work', async () => {
    const u = await registerUser(client);
    const pairs = await Promise.all(Array.from({ length: 5 }, () => login(client, u.userName, u.password)));
    const alive: TokenPair[] = [];
    for (const p of pairs) if ((await client.call('userSelf', { token: p.accessToken })).status === 200) alive.push(p);
    expect(alive).toHaveLength(1);
    expect(await webSessions(alive[0]!.accessToken)).toEqual([sessionOf(alive[0]!.accessToken)]);
    expect((await client.call('userSelf', { token: u.tokens.accessToken })).status).toBe(401);
  });
});

describe('a login on the other terminal', () => {
  it('an APP login leaves the WEB session alone, and a WEB login leaves the APP one', async () => {
    const u = await registerUser(client);
    const web = u.tokens;
    const webSocket = await connect(web.accessToken);
    await subscribe(web.accessToken, `web${u.id}`);

    const app = await login(client, u.userName, u.password, Terminal.APP);
    const appSocket = await connect(app.accessToken);
    await stillOpen(webSocket);
    expect(await subscriptionsOf(web)).toHaveLength(1);
    expect((await client.ok('userSelf', { token: web.accessToken })).id).toBe(u.id);
    const listed = await client.ok('deviceList', { token: app.accessToken });
    expect(listed.map((d) => d.terminal).sort()).toEqual([Terminal.WEB, Terminal.APP].sort());

    // A second WEB login ends the first WEB sign-in only.
    const web2 = await login(client, u.userName, u.password, Terminal.WEB);
    expect((await webSocket.waitClosed()).code).toBe(CloseCode.REPLACED);
    await stillOpen(appSocket);
    expect((await client.ok('refreshToken', { refreshToken: app.refreshToken })).accessToken).toBeTruthy();
    const after = await client.ok('deviceList', { token: web2.accessToken });
    expect(after.map((d) => d.id).sort()).toEqual([sessionOf(web2.accessToken), sessionOf(app.accessToken)].sort());
  });
});

describe('signing a device out', () => {
  it('drops that session’s push subscription too', async () => {
    const u = await registerUser(client);
    const app = await login(client, u.userName, u.password, Terminal.APP);
    await subscribe(app.accessToken, `app${u.id}`);
    await client.ok('deviceSignOut', { token: u.tokens.accessToken, body: { id: sessionOf(app.accessToken) } });
    expect(await subscriptionsOf(app)).toEqual([]);
  });
});
