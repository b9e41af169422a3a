/** The web push rows of the authorization matrix (authorization-matrix.test.ts). */
import { expect } from 'vitest';
import { browserKeys, subscriptionOf } from './push.js';
import { allowed, client, fresh, selfOnly, tok, ts, type Row } from './user-world.js';

const FCM = 'https://fcm.googleapis.com/fcm/send/';
const pushRowsOf = (userId: number) =>
  ts.server.db.kysely.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();

/** Rows of the authorization matrix: a session registers and removes only its own subscription. */
export const pushRows = (): Record<'userReportCid' | 'userRemoveCid' | 'userPushKey', Row> => ({
  userReportCid: selfOnly(async () => {
    const u = await fresh();
    const endpoint = `${FCM}${u.id}`;
    await client.ok('userReportCid', {
      token: tok(u),
      query: { cid: 'dev-1' },
      body: subscriptionOf(endpoint, browserKeys()),
    });
    expect((await pushRowsOf(u.id)).map((r) => r.endpoint)).toEqual([endpoint]);
  }),
  userRemoveCid: selfOnly(async () => {
    const u = await fresh();
    const other = await fresh();
    for (const x of [u, other]) {
      await client.ok('userReportCid', {
        token: tok(x),
        query: { cid: 'dev-1' },
        body: subscriptionOf(`${FCM}${x.id}`, browserKeys()),
      });
    }
    await client.ok('userRemoveCid', { token: tok(u) });
    expect(await pushRowsOf(u.id)).toEqual([]);
    expect(await pushRowsOf(other.id)).toHaveLength(1);
  }),
  userPushKey: selfOnly(async () => {
    expect((await allowed('userPushKey')).publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  }),
});
