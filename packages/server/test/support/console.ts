/** Helpers for the console and Discover tests: a server with an operator named by OPERATOR_USERNAMES. */
import { expect } from 'vitest';
import { ServerErrors, type AuditEntry, type EndpointName, type ServerErrorKey } from '@parley/protocol';
import type { Config } from '../../src/index.js';
import { ApiClient, registerUser, uniqueName, type CallOptions, type TestUser } from './api.js';
import { snapshotState, startServer, type TestServer } from './server.js';

export interface ConsoleWorld {
  ts: TestServer;
  client: ApiClient;
  /** Registered under a name in OPERATOR_USERNAMES. */
  op: TestUser;
  close(): Promise<void>;
}

export async function openConsoleWorld(overrides: Partial<Config> = {}): Promise<ConsoleWorld> {
  const opName = uniqueName('operator');
  const ts = await startServer({ operatorUserNames: [opName], ...overrides });
  const client = new ApiClient(ts.url);
  const op = await registerUser(client, { userName: opName, nickName: 'Operator' });
  return { ts, client, op, close: () => ts.close() };
}

export const tok = (u: TestUser) => u.tokens.accessToken;

/** Calls and expects the refusal `key` with nothing changed. */
export async function expectRefusedUnchanged(
  w: ConsoleWorld,
  name: EndpointName,
  key: ServerErrorKey,
  opts: CallOptions,
): Promise<void> {
  const before = await snapshotState(w.ts);
  const res = await w.client.call(name, opts);
  expect([res.status, res.body.key], `${name} → ${JSON.stringify(res.body)}`).toEqual([ServerErrors[key].code, key]);
  expect(await snapshotState(w.ts)).toBe(before);
}

/** The newest audit entries (as the operator sees them). */
export async function latestAudit(w: ConsoleWorld): Promise<AuditEntry[]> {
  return (await w.client.ok('consoleAudit', { token: tok(w.op) })).items;
}
