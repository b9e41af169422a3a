/**
 * The world of the authorization matrix (authorization-matrix.test.ts), seen from
 * the caller A: S a stranger, X an ex-friend (messages kept), K a friend who has A
 * on their blocklist, F a friend; a message A → F, F → A and one between two other
 * users; a complaint of A's and one of F's. Everyone but A is online on WEB.
 * The bindings below are live: the test file reads them after openWorld().
 */
import { expect } from 'vitest';
import {
  ComplaintTargetType,
  ComplaintType,
  MessageType,
  ServerErrors,
  api,
  type EndpointName,
  type ServerErrorKey,
  type User,
} from '@parley/protocol';
import { ApiClient, registerUser, type CallOptions, type TestUser } from './api.js';
import { befriend } from './contacts.js';
import { sendBody } from './messages.js';
import { snapshotState, startServer, type TestServer } from './server.js';
import { TestSocket } from './ws.js';

export const RELATIONS = ['none', 'badToken', 'stranger', 'nonFriend', 'blocked', 'other', 'owner'] as const;
export type Relation = (typeof RELATIONS)[number];

export let ts: TestServer;
export let client: ApiClient;

/** The shared world; cells that succeed with a write make their own users instead. */
export interface World {
  a: TestUser;
  f: TestUser;
  k: TestUser;
  x: TestUser;
  s: TestUser;
  /** A message A → F, F → A, and one between two other users. */
  mine: number;
  fromF: number;
  others: number;
  /** A → X before X unfriended A, A → K before K blocked A. */
  toX: number;
  toK: number;
  myComplaint: number;
  fComplaint: number;
}
export let w: World;

export const tok = (u: TestUser) => u.tokens.accessToken;
export const fresh = () => registerUser(client);
export async function freshFriend(): Promise<TestUser> {
  const u = await fresh();
  await befriend(client, w.a, u);
  return u;
}

export const snapshot = () => snapshotState(ts);

/** Calls as A (or `token`) and expects the refusal `key`, with nothing changed. */
export async function refused(name: EndpointName, key: ServerErrorKey, opts: CallOptions = {}): Promise<void> {
  const before = await snapshot();
  const res = await client.call(name, { token: tok(w.a), ...opts });
  expect([res.status, res.body.key], `${name} → ${JSON.stringify(res.body)}`).toEqual([ServerErrors[key].code, key]);
  expect(await snapshot()).toBe(before);
}

/** Calls as A and expects success; returns the data. */
export async function allowed<N extends EndpointName>(name: N, opts: CallOptions = {}) {
  return client.ok(name, { token: tok(w.a), ...opts });
}

export const publicOnly = (u: User) => {
  expect(u.userName).toBe('');
  expect(u.online).toBe(false);
};

export const imageForm = async () => {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  return form;
};
export const fileForm = () => {
  const form = new FormData();
  form.append('file', new Blob(['hello']), 'a.txt');
  return form;
};

export type Cell = (() => Promise<void>) | 'n/a';
export type Row = Record<Exclude<Relation, 'none' | 'badToken'>, Cell>;

/** A call only about the caller: the relations to another user do not apply. */
export const selfOnly = (owner: () => Promise<void>): Row => ({
  stranger: 'n/a',
  nonFriend: 'n/a',
  blocked: 'n/a',
  other: 'n/a',
  owner,
});

/**
 * Group endpoints have their own matrix of roles (group-authorization.test.ts); the friend
 * request rows live in authorization-matrix-requests.test.ts and the chat details rows
 * (issue 22 point 4) in authorization-matrix-details.test.ts (same world, own files).
 */
export const DETAILS_USER_ENDPOINTS = ['friendTop', 'privateShared'] as const satisfies readonly EndpointName[];
export type DetailsUserEndpoint = (typeof DETAILS_USER_ENDPOINTS)[number];
export type UserEndpoint = Exclude<EndpointName, `group${string}` | `friendRequest${string}` | DetailsUserEndpoint>;
export const isGroupEndpoint = (name: EndpointName): boolean => name.startsWith('group');
export const isFriendRequestEndpoint = (name: EndpointName): boolean => name.startsWith('friendRequest');
export const userEndpoints = (Object.keys(api) as EndpointName[]).filter(
  (n) =>
    !isGroupEndpoint(n) && !isFriendRequestEndpoint(n) && !(DETAILS_USER_ENDPOINTS as readonly string[]).includes(n),
) as UserEndpoint[];

export const complaintAgainst = (targetId: number) => ({
  targetType: ComplaintTargetType.USER,
  targetId,
  type: ComplaintType.HARASSMENT,
  content: 'spam',
});

let fSocket: TestSocket;

/** Starts the server and builds the world (the test file's beforeAll). */
export async function openWorld(): Promise<void> {
  ts = await startServer();
  client = new ApiClient(ts.url);
  const [a, f, k, x, s, t1, t2] = [
    await registerUser(client, { nickName: 'Alice' }),
    await registerUser(client, { nickName: 'Friend' }),
    await registerUser(client, { nickName: 'Kay' }),
    await registerUser(client, { nickName: 'Xavier' }),
    await registerUser(client, { nickName: 'Stranger' }),
    await registerUser(client, { nickName: 'T1' }),
    await registerUser(client, { nickName: 'T2' }),
  ];
  for (const other of [f, k, x]) await befriend(client, a, other);
  await befriend(client, t1, t2);
  const toX = (await client.ok('privateSend', { token: tok(a), body: sendBody(x.id, MessageType.TEXT, 'old times') }))
    .id;
  const toK = (
    await client.ok('privateSend', { token: tok(a), body: sendBody(k.id, MessageType.TEXT, 'before the block') })
  ).id;
  await client.ok('friendDelete', { token: tok(x), params: { friendId: a.id } });
  await client.ok('blacklistAdd', { token: tok(k), query: { userId: a.id } });
  const mine = (await client.ok('privateSend', { token: tok(a), body: sendBody(f.id, MessageType.TEXT, 'hi F') })).id;
  const fromF = (await client.ok('privateSend', { token: tok(f), body: sendBody(a.id, MessageType.TEXT, 'hi A') })).id;
  const others = (await client.ok('privateSend', { token: tok(t1), body: sendBody(t2.id, MessageType.TEXT, 'x') })).id;
  for (const [author, target] of [
    [a, s],
    [f, s],
  ] as const) {
    await client.ok('complaintInitiate', { token: tok(author), body: complaintAgainst(target.id) });
  }
  const myComplaint = (await client.ok('complaintPage', { token: tok(a) }))[0]!.id;
  const fComplaint = (await client.ok('complaintPage', { token: tok(f) }))[0]!.id;
  w = { a, f, k, x, s, mine, fromF, others, toX, toK, myComplaint, fComplaint };
  // Everyone but A online on WEB: presence must show only where the relationship allows.
  fSocket = await TestSocket.login(ts.wsUrl, tok(f));
  for (const u of [k, x, s]) await TestSocket.login(ts.wsUrl, tok(u));
}

export async function closeWorld(): Promise<void> {
  fSocket?.close();
  await ts?.close();
}
