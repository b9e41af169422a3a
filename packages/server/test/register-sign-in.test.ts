/**
 * Sign up in one step (issue 22 point 9): POST /register answers the token pair a login
 * would, for a session on the request's terminal (web when absent) with its device
 * recorded, under the login's one-session-per-terminal rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode, Terminal } from '@parley/protocol';
import { ApiClient, login, uniqueName } from './support/api.js';
import { snapshotState, startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(() => ts?.close());

describe('register signs in', () => {
  it('answers a working token pair on the terminal asked for, with the device recorded', async () => {
    const userName = uniqueName('signup');
    const pair = await client.ok('register', { body: { terminal: Terminal.APP, userName, password: 'secret1' } });
    expect(pair.accessTokenExpiresIn).toBe(ts.config.accessTokenTtlS);
    expect(pair.refreshTokenExpiresIn).toBeGreaterThan(0);
    expect((await client.ok('userSelf', { token: pair.accessToken })).userName).toBe(userName);
    const [device] = await client.ok('deviceList', { token: pair.accessToken });
    expect([device?.terminal, device?.current]).toEqual([Terminal.APP, true]);
    const next = await client.ok('refreshToken', { refreshToken: pair.refreshToken });
    await client.ok('userSelf', { token: next.accessToken });
  });

  it('without a terminal the session is a web one; a later web login ends it', async () => {
    const userName = uniqueName('signup');
    const pair = await client.ok('register', { body: { userName, password: 'secret1' } });
    const socket = await TestSocket.login(ts.wsUrl, pair.accessToken);
    const [device] = await client.ok('deviceList', { token: pair.accessToken });
    expect(device?.terminal).toBe(Terminal.WEB);
    await login(client, userName, 'secret1', Terminal.WEB);
    expect((await socket.waitClosed()).code).toBe(CloseCode.REPLACED);
    expect((await client.call('userSelf', { token: pair.accessToken })).status).toBe(401);
  });

  it('a taken name signs nobody in and changes nothing', async () => {
    const userName = uniqueName('signup');
    await client.ok('register', { body: { userName, password: 'secret1' } });
    const before = await snapshotState(ts);
    const res = await client.call('register', { body: { userName, password: 'other12' } });
    expect([res.status, res.body.key, res.body.data ?? null]).toEqual([400, 'userNameTaken', null]);
    expect(await snapshotState(ts)).toBe(before);
  });
});
