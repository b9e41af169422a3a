/**
 * The system-notification rows of the authorization matrix (authorization-matrix.test.ts):
 * only a recipient pulls or opens a notification; the read position is the caller's own.
 * The console sends in the product; here the service does.
 */
import { expect } from 'vitest';
import type { EndpointName } from '@parley/protocol';
import { sendSystem, systemPulled } from './system.js';
import { allowed, refused, selfOnly, tok, ts, w, type Row } from './user-world.js';
import { TestSocket } from './ws.js';

type SystemEndpoint = Extract<
  EndpointName,
  'systemPullOffline' | 'systemContent' | 'systemReaded' | 'systemMaxReadedSeqNo'
>;

export const systemRows = (): Record<SystemEndpoint, Row> => ({
  systemPullOffline: selfOnly(async () => {
    const mine = await sendSystem(ts, { userIds: [w.a.id] });
    const theirs = await sendSystem(ts, { userIds: [w.f.id] });
    const s = await TestSocket.login(ts.wsUrl, tok(w.a));
    try {
      await allowed('systemPullOffline', { query: { minSeqNo: 0 } });
      const ids = (await systemPulled(s)).map((m) => m.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
    } finally {
      s.close();
    }
  }),
  systemContent: {
    stranger: async () =>
      refused('systemContent', 'messageNotExist', { query: { id: (await sendSystem(ts, { userIds: [w.s.id] })).id } }),
    nonFriend: 'n/a',
    blocked: 'n/a',
    other: async () =>
      refused('systemContent', 'messageNotExist', { query: { id: (await sendSystem(ts, { userIds: [w.f.id] })).id } }),
    owner: async () => {
      const { id } = await sendSystem(ts, { userIds: [w.a.id] });
      expect((await allowed('systemContent', { query: { id } })).id).toBe(id);
    },
  },
  systemReaded: selfOnly(async () => {
    await sendSystem(ts, { userIds: [w.a.id] });
    const top = await ts.server.db.kysely
      .selectFrom('system_inbox')
      .select((eb) => eb.fn.max('seq_no').as('m'))
      .where('user_id', '=', w.a.id)
      .executeTakeFirstOrThrow();
    await allowed('systemReaded', { query: { maxSeqNo: Number(top.m) } });
    expect(await allowed('systemMaxReadedSeqNo')).toBe(Number(top.m));
  }),
  systemMaxReadedSeqNo: selfOnly(async () => {
    expect(await allowed('systemMaxReadedSeqNo')).toBeGreaterThanOrEqual(0);
  }),
});
