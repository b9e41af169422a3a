/**
 * The devices rows of the authorization matrix (authorization-matrix.test.ts): A lists
 * and signs out only A's own sessions; another user's session id is "not signed in",
 * whatever A's relation to that user, and stays signed in.
 */
import { expect } from 'vitest';
import { Terminal, type EndpointName } from '@parley/protocol';
import { login, type TestUser } from './api.js';
import { allowed, client, refused, selfOnly, tok, w, type Row } from './user-world.js';

type DeviceEndpoint = Extract<EndpointName, `device${string}`>;

/** The session id (`sid`) an access token carries. */
export const sessionOf = (accessToken: string): string =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string }).sid;

/** Someone else's session: refused, and that session still works afterwards. */
const notMine = async (u: TestUser) => {
  await refused('deviceSignOut', 'deviceNotExist', { body: { id: sessionOf(tok(u)) } });
  await client.ok('userSelf', { token: tok(u) });
};

export const deviceRows = (): Record<DeviceEndpoint, Row> => ({
  deviceList: selfOnly(async () => {
    const listed = await allowed('deviceList');
    expect(listed.find((d) => d.current)?.id).toBe(sessionOf(tok(w.a)));
    for (const other of [w.f, w.s]) expect(listed.map((d) => d.id)).not.toContain(sessionOf(tok(other)));
  }),
  deviceSignOut: {
    stranger: () => notMine(w.s),
    nonFriend: () => notMine(w.x),
    blocked: () => notMine(w.k),
    other: () => notMine(w.f),
    owner: async () => {
      const app = await login(client, w.a.userName, w.a.password, Terminal.APP);
      await allowed('deviceSignOut', { body: { id: sessionOf(app.accessToken) } });
      expect((await client.call('userSelf', { token: app.accessToken })).status).toBe(401);
      await refused('deviceSignOut', 'deviceNotExist', { body: { id: sessionOf(app.accessToken) } });
    },
  },
});
