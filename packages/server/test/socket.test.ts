/** The /im gateway: login, heartbeat, idle close, one socket per terminal, presence, the push path, bans. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cmd, CloseCode, FORCE_LOGOUT_REASON, MessageType, Terminal } from '@parley/protocol';
import { ApiClient, login, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

const IDLE_MS = 600;
let ts: TestServer;
let client: ApiClient;
const sockets: TestSocket[] = [];

const connect = async (token: string) => {
  const s = await TestSocket.login(ts.wsUrl, token);
  sockets.push(s);
  return s;
};
const open = async () => {
  const s = await TestSocket.open(ts.wsUrl);
  sockets.push(s);
  return s;
};
const online = (u: TestUser, ids: number[]) =>
  client.ok('userTerminalOnline', { token: u.tokens.accessToken, query: { userIds: ids.join(',') } });

beforeAll(async () => {
  ts = await startServer();
  client = new ApiClient(ts.url);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await ts?.close();
});

describe('login and heartbeat', () => {
  it('answers LOGIN with {cmd:0} and HEARTBEAT with {cmd:1}', async () => {
    const u = await registerUser(client);
    const s = await connect(u.tokens.accessToken);
    s.send({ cmd: Cmd.HEARTBEAT, data: {} });
    expect(await s.next()).toEqual({ cmd: Cmd.HEARTBEAT });
    expect(s.isClosed).toBe(false);
  });

  it('a bad token is closed with AUTH_FAILED', async () => {
    const s = await open();
    s.send({ cmd: Cmd.LOGIN, data: { accessToken: 'garbage' } });
    expect((await s.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    expect(s.frames).toEqual([]);
  });

  it('a heartbeat before login → AUTH_FAILED; junk → BAD_FRAME', async () => {
    const early = await open();
    early.send({ cmd: Cmd.HEARTBEAT, data: {} });
    expect((await early.waitClosed()).code).toBe(CloseCode.AUTH_FAILED);
    const junk = await open();
    junk.send('not json');
    expect((await junk.waitClosed()).code).toBe(CloseCode.BAD_FRAME);
  });
});

// Short timers need their own server, so that the other tests' sockets never idle out.
describe('timers', () => {
  let fast: TestServer;
  beforeAll(async () => {
    fast = await startServer({ socketIdleMs: IDLE_MS, socketLoginTimeoutMs: 500 });
  });
  afterAll(() => fast?.close());

  it('no LOGIN in time → AUTH_FAILED', async () => {
    const silent = await TestSocket.open(fast.wsUrl);
    sockets.push(silent);
    expect((await silent.waitClosed(2000)).code).toBe(CloseCode.AUTH_FAILED);
  });

  it('closes a silent socket with IDLE, and heartbeats keep it open', async () => {
    const fastClient = new ApiClient(fast.url);
    const u = await registerUser(fastClient);
    const kept = await TestSocket.login(fast.wsUrl, u.tokens.accessToken);
    // Beat from the start: the APP login below (a password hash) can outlast IDLE_MS on a busy machine.
    const beat = setInterval(() => kept.send({ cmd: Cmd.HEARTBEAT, data: {} }), IDLE_MS / 3);
    try {
      const app = await login(fastClient, u.userName, u.password, Terminal.APP);
      const idle = await TestSocket.login(fast.wsUrl, app.accessToken);
      sockets.push(kept, idle);
      const started = Date.now();
      expect((await idle.waitClosed(IDLE_MS * 4)).code).toBe(CloseCode.IDLE);
      expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 50);
      await new Promise((r) => setTimeout(r, IDLE_MS));
      expect(kept.isClosed).toBe(false);
    } finally {
      clearInterval(beat);
    }
  });
});

describe('one socket per user and terminal', () => {
  it('a second login on the same terminal force-logs-out the first; the new one stays', async () => {
    const u = await registerUser(client);
    const first = await connect(u.tokens.accessToken);
    const again = await login(client, u.userName, u.password, Terminal.WEB);
    const second = await connect(again.accessToken);
    expect(await first.next()).toEqual({ cmd: Cmd.FORCE_LOGOUT, data: FORCE_LOGOUT_REASON });
    expect((await first.waitClosed()).code).toBe(CloseCode.REPLACED);
    second.send({ cmd: Cmd.HEARTBEAT, data: {} });
    expect((await second.next()).cmd).toBe(Cmd.HEARTBEAT);
    expect(second.isClosed).toBe(false);
    // The login ended the first session too (one sign-in per terminal): ask with the second.
    expect(await online({ ...u, tokens: again }, [u.id])).toEqual([{ userId: u.id, terminals: [Terminal.WEB] }]);
  });

  it('WEB and APP coexist, are listed online, and go offline after close', async () => {
    const u = await registerUser(client);
    const other = await registerUser(client);
    await befriend(client, other, u); // only friends see each other's terminals
    const app = await login(client, u.userName, u.password, Terminal.APP);
    const web = await connect(u.tokens.accessToken);
    const mobile = await connect(app.accessToken);
    expect(await web.quiet(150)).toBe(true);
    expect(web.isClosed || mobile.isClosed).toBe(false);
    expect(await online(other, [u.id, other.id])).toEqual([{ userId: u.id, terminals: [Terminal.WEB, Terminal.APP] }]);
    expect((await client.ok('userFind', { token: other.tokens.accessToken, params: { id: u.id } })).online).toBe(true);

    mobile.close();
    await mobile.waitClosed();
    await expect.poll(() => online(other, [u.id])).toEqual([{ userId: u.id, terminals: [Terminal.WEB] }]);
    web.close();
    await web.waitClosed();
    await expect.poll(() => online(other, [u.id])).toEqual([]);
    expect((await client.ok('userFind', { token: other.tokens.accessToken, params: { id: u.id } })).online).toBe(false);
  });
});

describe('push path', () => {
  it('toUser reaches every terminal except the excluded one; toUsers and toTerminal reach their targets only', async () => {
    const a = await registerUser(client);
    const b = await registerUser(client);
    const aApp = await login(client, a.userName, a.password, Terminal.APP);
    const aWeb = await connect(a.tokens.accessToken);
    const aMobile = await connect(aApp.accessToken);
    const bWeb = await connect(b.tokens.accessToken);
    const { push } = ts.server.services;
    const frame = (n: number) => ({
      cmd: Cmd.PRIVATE_MESSAGE,
      data: { id: n, type: MessageType.TEXT, content: `m${n}` },
    });
    const isPush = (f: { cmd: number }) => f.cmd === Cmd.PRIVATE_MESSAGE;

    await push.toUser(a.id, frame(1), { exceptTerminal: Terminal.WEB });
    expect(await aMobile.next(isPush)).toEqual(frame(1));
    await push.toUser(a.id, frame(2));
    expect(await aWeb.next(isPush)).toEqual(frame(2));
    expect(await aMobile.next(isPush)).toEqual(frame(2));
    await push.toUsers([a.id, b.id], frame(3));
    expect(await aWeb.next(isPush)).toEqual(frame(3));
    expect(await aMobile.next(isPush)).toEqual(frame(3));
    expect(await bWeb.next(isPush)).toEqual(frame(3));
    await push.toTerminal(a.id, Terminal.APP, frame(4));
    expect(await aMobile.next(isPush)).toEqual(frame(4));

    // Frame 1 never reached WEB, 4 never reached WEB, and b got only frame 3.
    expect(await aWeb.quiet(100, isPush)).toBe(true);
    expect(await bWeb.quiet(0, isPush)).toBe(true);
  });
});

describe('banned and deleted accounts', () => {
  it('login of a banned account: USER_BANNED with the reason, then close 3099', async () => {
    const u = await registerUser(client);
    await ts.server.db.kysely
      .updateTable('users')
      .set({ is_banned: 1, ban_reason: 'abuse' })
      .where('id', '=', u.id)
      .execute();
    await ts.server.services.facts.changed({ kind: 'user', id: u.id });
    const s = await open();
    s.send({ cmd: Cmd.LOGIN, data: { accessToken: u.tokens.accessToken } });
    expect(await s.next()).toEqual({
      cmd: Cmd.SYSTEM_MESSAGE,
      data: { type: MessageType.USER_BANNED, content: 'abuse' },
    });
    expect((await s.waitClosed()).code).toBe(CloseCode.BANNED_OR_UNREG);
  });

  it('login of a deleted account: USER_UNREG, then close 3099', async () => {
    const u = await registerUser(client);
    await ts.server.db.kysely.updateTable('users').set({ deleted: 1 }).where('id', '=', u.id).execute();
    await ts.server.services.facts.changed({ kind: 'user', id: u.id });
    const s = await open();
    s.send({ cmd: Cmd.LOGIN, data: { accessToken: u.tokens.accessToken } });
    const frame = await s.next();
    expect(frame).toMatchObject({ cmd: Cmd.SYSTEM_MESSAGE, data: { type: MessageType.USER_UNREG } });
    expect((await s.waitClosed()).code).toBe(CloseCode.BANNED_OR_UNREG);
  });

  it('moderation.banUser reaches live sockets through the push path and closes them', async () => {
    const u = await registerUser(client);
    const app = await login(client, u.userName, u.password, Terminal.APP);
    const web = await connect(u.tokens.accessToken);
    const mobile = await connect(app.accessToken);
    await ts.server.services.moderation.banUser(u.id, 'fraud');
    for (const s of [web, mobile]) {
      expect(await s.next()).toEqual({
        cmd: Cmd.SYSTEM_MESSAGE,
        data: { type: MessageType.USER_BANNED, content: 'fraud' },
      });
      expect((await s.waitClosed()).code).toBe(CloseCode.BANNED_OR_UNREG);
    }
    const res = await client.call('userSelf', { token: app.accessToken });
    expect([res.status, res.body.key]).toEqual([403, 'accountBanned']);
  });

  it('moderation.deleteUser sends USER_UNREG, closes with 3099 and ends the sessions', async () => {
    const u = await registerUser(client);
    const web = await connect(u.tokens.accessToken);
    await ts.server.services.moderation.deleteUser(u.id);
    expect(await web.next()).toMatchObject({ cmd: Cmd.SYSTEM_MESSAGE, data: { type: MessageType.USER_UNREG } });
    expect((await web.waitClosed()).code).toBe(CloseCode.BANNED_OR_UNREG);
    expect((await client.call('refreshToken', { refreshToken: u.tokens.refreshToken })).status).toBe(401);
    expect((await client.call('userSelf', { token: u.tokens.accessToken })).body.key).toBe('accountDeleted');
  });
});
