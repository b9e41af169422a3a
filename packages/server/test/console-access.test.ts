/**
 * Who may use the moderation console: operators named by OPERATOR_USERNAMES (at
 * registration and at start) or by `npm run operator`; everyone else gets 403
 * notOperator on every console call and nothing changes. GET /user/self tells a
 * user their own role; nobody else's profile carries it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type EndpointName } from '@parley/protocol';
import { createApp } from '../src/index.js';
import { ApiClient, registerUser, uniqueName, type TestUser } from './support/api.js';
import { expectRefusedUnchanged, openConsoleWorld, tok, type ConsoleWorld } from './support/console.js';
import { startServer, type TestServer } from './support/server.js';

const exec = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCRIPT = path.join(ROOT, 'scripts/operator.ts');

let w: ConsoleWorld;
let u: TestUser;

beforeAll(async () => {
  w = await openConsoleWorld();
  u = await registerUser(w.client, { nickName: 'Normal' });
});
afterAll(() => w?.close());

const consoleEndpoints = (Object.keys(api) as EndpointName[]).filter((n) => n.startsWith('console'));

/** A valid request for each console endpoint (as a normal user it must still be refused). */
const valid = (): Record<string, { query?: Record<string, string | number>; body?: unknown }> => ({
  consoleComplaints: { query: { status: 0, page: 1 } },
  consoleComplaint: { query: { id: 1 } },
  consoleComplaintResolve: { body: { id: 1, outcome: 1, answer: 'ok' } },
  consoleUsers: { query: { keyword: 'a', page: 1 } },
  consoleUser: { query: { id: w.op.id } },
  consoleUserBan: { body: { id: w.op.id, reason: 'spam' } },
  consoleUserUnban: { body: { id: w.op.id } },
  consoleUserDelete: { body: { id: w.op.id } },
  consoleUserResetPassword: { body: { id: w.op.id } },
  consoleGroups: { query: { page: 1 } },
  consoleGroup: { query: { id: 1 } },
  consoleGroupBan: { body: { id: 1, reason: 'spam' } },
  consoleGroupUnban: { body: { id: 1 } },
  consoleSystemSend: { body: { title: 'Hi', coverUrl: '', intro: '', content: 'Hello', all: true, userIds: [] } },
  consoleSystemList: { query: { page: 1 } },
  consoleAudit: { query: { page: 1 } },
  consoleDiscoverSave: {
    body: {
      title: 'X',
      iconUrl: '',
      url: 'https://example.com/',
      description: '',
      sort: 1,
      featured: false,
      bannerUrl: '',
    },
  },
  consoleDiscoverDelete: { body: { id: 1 } },
  consoleDiscoverReorder: { body: { ids: [1] } },
});

describe('operator only', () => {
  it('every console endpoint has a request here', () => {
    for (const name of consoleEndpoints) expect(valid()[name], name).toBeDefined();
  });

  it.each(consoleEndpoints)('%s: a normal user gets 403 notOperator, nothing changes', async (name) => {
    await expectRefusedUnchanged(w, name, 'notOperator', { token: tok(u), ...valid()[name] });
  });

  it('the operator may read the console', async () => {
    const users = await w.client.ok('consoleUsers', { token: tok(w.op) });
    expect(users.items.map((x) => x.id)).toEqual(expect.arrayContaining([w.op.id, u.id]));
    expect(users.items.find((x) => x.id === w.op.id)?.isOperator).toBe(true);
  });

  it('an operator cannot act on themself or another operator', async () => {
    await expectRefusedUnchanged(w, 'consoleUserBan', 'operatorTarget', {
      token: tok(w.op),
      body: { id: w.op.id, reason: 'x' },
    });
    const other = await registerUser(w.client);
    await w.ts.server.db.kysely.updateTable('users').set({ is_operator: 1 }).where('id', '=', other.id).execute();
    for (const name of [
      'consoleUserBan',
      'consoleUserUnban',
      'consoleUserDelete',
      'consoleUserResetPassword',
    ] as const) {
      await expectRefusedUnchanged(w, name, 'operatorTarget', {
        token: tok(w.op),
        body: name === 'consoleUserBan' ? { id: other.id, reason: 'x' } : { id: other.id },
      });
    }
  });

  it('unknown fields in a console body are refused by name', async () => {
    const res = await w.client.call('consoleUserUnban', { token: tok(w.op), body: { id: u.id, extra: 1 } });
    expect([res.status, res.body.key, res.body.params?.field, res.body.params?.rule]).toEqual([
      400,
      'invalidParam',
      'extra',
      'unknown',
    ]);
  });
});

describe('the role on /user/self only', () => {
  it('self carries isOperator; another user’s profile never does', async () => {
    expect((await w.client.ok('userSelf', { token: tok(w.op) })).isOperator).toBe(true);
    expect((await w.client.ok('userSelf', { token: tok(u) })).isOperator).toBe(false);
    const seen = await w.client.ok('userFind', { token: tok(u), params: { id: w.op.id } });
    expect(seen).not.toHaveProperty('isOperator');
    const found = await w.client.ok('userFindByName', { token: tok(u), query: { name: 'Operator' } });
    for (const f of found) expect(f).not.toHaveProperty('isOperator');
  });
});

describe('OPERATOR_USERNAMES and npm run operator', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startServer();
  });
  afterAll(() => other?.close());

  it('a named account that already exists becomes an operator at start', async () => {
    const c = new ApiClient(other.url);
    const name = uniqueName('late');
    const existing = await registerUser(c, { userName: name });
    expect((await c.ok('userSelf', { token: tok(existing) })).isOperator).toBe(false);
    // A second start on the same database and data folder, now naming the account (in another case).
    const again = await createApp({ ...other.config, port: 0, operatorUserNames: [name.toUpperCase()] });
    try {
      await again.listen();
      expect((await c.ok('userSelf', { token: tok(existing) })).isOperator).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('grant and revoke through the script, on the server’s database', async () => {
    const c = new ApiClient(other.url);
    const target = await registerUser(c);
    const env = {
      ...process.env,
      DATA_DIR: other.config.dataDir,
      DATABASE_URL: other.config.databaseUrl ?? '',
      LOG_LEVEL: 'silent',
    };
    const run = (...args: string[]) => exec(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, env });
    const granted = await run('grant', target.userName.toUpperCase());
    expect(granted.stdout).toMatch(/is now an operator/);
    expect((await c.ok('userSelf', { token: tok(target) })).isOperator).toBe(true);
    // The console answers at once: the role is read on every request.
    await c.ok('consoleAudit', { token: tok(target) });
    expect((await run('grant', target.userName)).stdout).toMatch(/already an operator/);
    expect((await run('revoke', target.userName)).stdout).toMatch(/no longer an operator/);
    expect((await c.call('consoleAudit', { token: tok(target) })).body.key).toBe('notOperator');
    await expect(run('grant', 'nobody@example.com')).rejects.toMatchObject({ code: 1 });
    await expect(run('promote', target.userName)).rejects.toMatchObject({ code: 2 });
    // Five cold starts of tsx loading the server package: seconds each on a loaded 2-core machine.
  }, 120_000);
});
