/**
 * The console and Discover rows of the authorization matrix (authorization-matrix.test.ts):
 * A is a normal user, so every console call is 403 notOperator with nothing changed,
 * whoever it is about; the Discover list is open to every signed-in user.
 */
import { expect } from 'vitest';
import type { EndpointName } from '@parley/protocol';
import { allowed, refused, selfOnly, w, type Row } from './user-world.js';

type ConsoleEndpoint = Extract<EndpointName, `console${string}` | `discover${string}`>;

/** Each relation's user as the target of a console call about users. */
const aboutUser = (name: ConsoleEndpoint, body: (id: number) => Record<string, unknown>, where = 'body'): Row => ({
  stranger: () => refused(name, 'notOperator', { [where]: body(w.s.id) }),
  nonFriend: () => refused(name, 'notOperator', { [where]: body(w.x.id) }),
  blocked: () => refused(name, 'notOperator', { [where]: body(w.k.id) }),
  other: () => refused(name, 'notOperator', { [where]: body(w.f.id) }),
  owner: () => refused(name, 'notOperator', { [where]: body(w.a.id) }),
});
/** A call about no user: only the caller's own standing matters. */
const notOperator = (name: ConsoleEndpoint, opts: Record<string, unknown> = {}): Row =>
  selfOnly(() => refused(name, 'notOperator', opts));

const link = {
  title: 'X',
  iconUrl: '',
  url: 'https://example.com/',
  description: '',
  sort: 1,
  featured: false,
  bannerUrl: '',
};

export const consoleRows = (): Record<ConsoleEndpoint, Row> => ({
  consoleComplaints: notOperator('consoleComplaints'),
  consoleComplaint: {
    ...selfOnly(() => refused('consoleComplaint', 'notOperator', { query: { id: w.myComplaint } })),
    other: () => refused('consoleComplaint', 'notOperator', { query: { id: w.fComplaint } }),
  },
  consoleComplaintResolve: {
    ...selfOnly(() =>
      refused('consoleComplaintResolve', 'notOperator', { body: { id: w.myComplaint, outcome: 1, answer: 'x' } }),
    ),
    other: () =>
      refused('consoleComplaintResolve', 'notOperator', { body: { id: w.fComplaint, outcome: 1, answer: 'x' } }),
  },
  consoleUsers: notOperator('consoleUsers', { query: { keyword: 'a' } }),
  consoleUser: aboutUser('consoleUser', (id) => ({ id }), 'query'),
  consoleUserBan: aboutUser('consoleUserBan', (id) => ({ id, reason: 'x' })),
  consoleUserUnban: aboutUser('consoleUserUnban', (id) => ({ id })),
  consoleUserDelete: aboutUser('consoleUserDelete', (id) => ({ id })),
  consoleUserResetPassword: aboutUser('consoleUserResetPassword', (id) => ({ id })),
  consoleGroups: notOperator('consoleGroups'),
  consoleGroup: notOperator('consoleGroup', { query: { id: 1 } }),
  consoleGroupBan: notOperator('consoleGroupBan', { body: { id: 1, reason: 'x' } }),
  consoleGroupUnban: notOperator('consoleGroupUnban', { body: { id: 1 } }),
  consoleSystemSend: aboutUser('consoleSystemSend', (id) => ({
    title: 'x',
    coverUrl: '',
    intro: '',
    content: 'y',
    all: false,
    userIds: [id],
  })),
  consoleSystemList: notOperator('consoleSystemList'),
  consoleAudit: notOperator('consoleAudit'),
  consoleDiscoverSave: notOperator('consoleDiscoverSave', { body: link }),
  consoleDiscoverDelete: notOperator('consoleDiscoverDelete', { body: { id: 1 } }),
  consoleDiscoverReorder: notOperator('consoleDiscoverReorder', { body: { ids: [1] } }),
  discoverLinks: selfOnly(async () => expect((await allowed('discoverLinks')).length).toBeGreaterThan(0)),
});
