/**
 * The world of the group authorization matrix (group-authorization.test.ts): an
 * owner, an admin, a member, a member who left (the group renamed after), a
 * stranger, and a target and an invitee for the cells that remove or invite; the
 * shared group and a message of each role in it. The bindings below are live: the
 * test reads them after openGroupWorld().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageType, ServerErrors, api, type EndpointName, type ServerErrorKey } from '@parley/protocol';
import { ApiClient, registerUser, type CallOptions, type TestUser } from './api.js';
import { befriend } from './contacts.js';
import { tmpId } from './messages.js';
import { snapshotState, startServer, type TestServer } from './server.js';

export const ROLES = ['owner', 'admin', 'member', 'left', 'stranger'] as const;
export type Role = (typeof ROLES)[number];
export type GroupEndpoint = Extract<EndpointName, `group${string}`>;

export let ts: TestServer;
export let client: ApiClient;
export let people: Record<Role | 'target' | 'invitee', TestUser>;
/** The shared group, and a message of each role in it. */
export let g: number;
export let sent: Record<'owner' | 'member' | 'left', number>;

export const tok = (r: keyof typeof people) => people[r].tokens.accessToken;
export const text = (groupId: number, content = 'hi') => ({ tmpId: tmpId(), groupId, type: MessageType.TEXT, content });

/** A group of owner, admin, member, target, and `left` who joined and left. */
export async function makeGroup(): Promise<number> {
  const ids = (['admin', 'member', 'left', 'target'] as const).map((r) => people[r].id);
  const group = await client.ok('groupCreate', { token: tok('owner'), body: { name: 'Team', friendIds: ids } });
  await client.ok('groupAddManagers', { token: tok('owner'), body: { groupId: group.id, userIds: [people.admin.id] } });
  return group.id;
}
export async function leave(groupId: number) {
  await client.ok('groupQuit', { token: tok('left'), params: { groupId } });
}

export async function refused(role: Role, name: GroupEndpoint, key: ServerErrorKey, opts: CallOptions): Promise<void> {
  const before = await snapshotState(ts);
  const res = await client.call(name, { token: tok(role), ...opts });
  expect([res.status, res.body.key], `${name} as ${role} → ${JSON.stringify(res.body)}`).toEqual([
    ServerErrors[key].code,
    key,
  ]);
  expect(await snapshotState(ts)).toBe(before);
}
export const ok = <N extends EndpointName>(role: Role, name: N, opts: CallOptions) =>
  client.ok(name, { token: tok(role), ...opts });

export type Cell = () => Promise<void>;
export type Row = Record<Role, Cell>;
export const byGroupId = (groupId: () => number) => ({ params: { groupId: groupId() } });

/** Left and stranger are refused the same way for every call on a group they are not in. */
export const outsiders = (
  name: GroupEndpoint,
  opts: () => CallOptions,
  leftKey: ServerErrorKey = 'groupNotJoined',
) => ({
  left: () => refused('left', name, leftKey, opts()),
  stranger: () => refused('stranger', name, 'notGroupMember', opts()),
});

export const groupEndpoints = (Object.keys(api) as EndpointName[]).filter((n): n is GroupEndpoint =>
  n.startsWith('group'),
);

/** Starts the server and builds the world (the test file's beforeAll). */
export async function openGroupWorld(): Promise<void> {
  ts = await startServer();
  client = new ApiClient(ts.url);
  const roles = ['owner', 'admin', 'member', 'left', 'stranger', 'target', 'invitee'] as const;
  const users = await Promise.all(roles.map((r) => registerUser(client, { nickName: r })));
  people = Object.fromEntries(roles.map((r, i) => [r, users[i]!])) as typeof people;
  for (const r of ['admin', 'member', 'left', 'target', 'invitee', 'stranger'] as const) {
    await befriend(client, people.owner, people[r]);
  }
  for (const r of ['admin', 'member'] as const) await befriend(client, people[r], people.invitee);
  await befriend(client, people.left, people.member);
  g = await makeGroup();
  const left = (await ok('left', 'groupSend', { body: text(g, 'before I go') })).id;
  await leave(g);
  // Changed after `left` left: they keep seeing 'Team' with no announcement.
  await ok('owner', 'groupModify', { body: { id: g, name: 'Team B', notice: 'After you left' } });
  sent = {
    left,
    owner: (await ok('owner', 'groupSend', { body: text(g, 'from the owner') })).id,
    member: (await ok('member', 'groupSend', { body: text(g, 'from a member') })).id,
  };
}

export const closeGroupWorld = () => ts?.close();

/** The endpoints of the group message stream; the rest of the group table is management. */
const MESSAGE_ENDPOINTS = [
  'groupSend',
  'groupRecall',
  'groupEdit',
  'groupPin',
  'groupUnpin',
  'groupPins',
  'groupReact',
  'groupReactions',
  'groupPullOffline',
  'groupReaded',
  'groupFindReadedUsers',
  'groupHistory',
] as const satisfies readonly GroupEndpoint[];
export type GroupMessageEndpoint = (typeof MESSAGE_ENDPOINTS)[number];
/** Chat details (issue 22 point 4): their rows are in authorization-matrix-details.test.ts. */
const DETAILS_ENDPOINTS = ['groupTop', 'groupShared'] as const satisfies readonly GroupEndpoint[];
export type GroupDetailsEndpoint = (typeof DETAILS_ENDPOINTS)[number];
export type GroupManagementEndpoint = Exclude<GroupEndpoint, GroupMessageEndpoint | GroupDetailsEndpoint>;
const isMessageEndpoint = (n: GroupEndpoint): n is GroupMessageEndpoint =>
  (MESSAGE_ENDPOINTS as readonly string[]).includes(n);
const isDetailsEndpoint = (n: GroupEndpoint): n is GroupDetailsEndpoint =>
  (DETAILS_ENDPOINTS as readonly string[]).includes(n);
export const messageEndpoints = groupEndpoints.filter(isMessageEndpoint);
export const detailsEndpoints = groupEndpoints.filter(isDetailsEndpoint);
export const managementEndpoints = groupEndpoints.filter(
  (n): n is GroupManagementEndpoint => !isMessageEndpoint(n) && !isDetailsEndpoint(n),
);

/** The world around the matrix, a check that every endpoint of `endpoints` has every role, and one test per cell. */
export function describeMatrix<E extends GroupEndpoint>(title: string, endpoints: E[], matrix: () => Record<E, Row>) {
  beforeAll(openGroupWorld);
  afterAll(closeGroupWorld);
  describe(`${title}: the matrix covers the table`, () => {
    it('every endpoint has a row with every role', () => {
      const rows = matrix();
      for (const name of endpoints)
        for (const role of ROLES) expect(rows[name]?.[role], `${name} × ${role}`).toBeDefined();
    });
  });
  describe(`${title}: each role`, () => {
    const cells = endpoints.flatMap((name) => ROLES.map((role) => [name, role] as [E, Role]));
    it.each(cells)('%s × %s', async (name, role) => {
      await matrix()[name][role]();
    });
  });
}
