/** Helpers for the private message tests: users with two terminals, sends, frame matchers, row counts. */
import { expect } from 'vitest';
import {
  Cmd,
  MessageType,
  Terminal,
  type PrivateMessage,
  type PrivateSendRequest,
  type ServerFrame,
} from '@parley/protocol';
import { login, registerUser, type ApiClient, type TestUser } from './api.js';
import { befriend } from './contacts.js';
import type { TestServer } from './server.js';
import { TestSocket } from './ws.js';

/** A user logged in on WEB (`web`, the sending terminal in most tests) and APP, with a socket on each. */
export interface TwoTerminalUser extends TestUser {
  web: string;
  app: string;
  webSocket: TestSocket;
  appSocket: TestSocket;
}

export async function twoTerminalUser(ts: TestServer, client: ApiClient, nickName: string): Promise<TwoTerminalUser> {
  const u = await registerUser(client, { nickName });
  const app = (await login(client, u.userName, u.password, Terminal.APP)).accessToken;
  const webSocket = await TestSocket.login(ts.wsUrl, u.tokens.accessToken);
  const appSocket = await TestSocket.login(ts.wsUrl, app);
  return { ...u, web: u.tokens.accessToken, app, webSocket, appSocket };
}

/** Two friends with WEB and APP sockets each; their sockets' queues are emptied of the friendship frames. */
export async function friendPair(ts: TestServer, client: ApiClient): Promise<[TwoTerminalUser, TwoTerminalUser]> {
  const a = await twoTerminalUser(ts, client, 'Alice');
  const b = await twoTerminalUser(ts, client, 'Bob');
  await befriend(client, a, b);
  // The tip reaches all four sockets; wait for it, then drop the setup frames.
  for (const s of sockets(a, b)) {
    await s.next((f) => isPrivate(f) && (f.data as PrivateMessage).type === MessageType.TIP_TEXT);
  }
  await new Promise((r) => setTimeout(r, 50));
  for (const s of sockets(a, b)) s.frames.length = 0;
  return [a, b];
}

export const sockets = (...users: TwoTerminalUser[]): TestSocket[] => users.flatMap((u) => [u.webSocket, u.appSocket]);
export const closeAll = (...users: TwoTerminalUser[]): void => sockets(...users).forEach((s) => s.close());

let tmpSeq = 0;
export const tmpId = (): string => `tmp-${process.pid}-${Date.now().toString(36)}-${++tmpSeq}`;

export function sendBody(recvId: number, type: number, content: string, extra: Partial<PrivateSendRequest> = {}) {
  return { tmpId: tmpId(), recvId, type, content, ...extra };
}

export const isPrivate = (f: ServerFrame): boolean => f.cmd === Cmd.PRIVATE_MESSAGE;
/** A cmd 3 frame carrying the stored message `id`. */
export const messageFrame =
  (id: number) =>
  (f: ServerFrame): boolean =>
    isPrivate(f) && (f.data as PrivateMessage).id === id;
/** A cmd 3 frame of message type `type`. */
export const typeFrame =
  (type: number) =>
  (f: ServerFrame): boolean =>
    isPrivate(f) && (f.data as { type?: number }).type === type;
/** Any stored chat message frame (normal, recall, tip; not presence or friend sync). */
export const chatFrame = (f: ServerFrame): boolean => {
  if (!isPrivate(f)) return false;
  const t = (f.data as { type?: number }).type ?? -1;
  return t < MessageType.FRIEND_NEW;
};

/** The largest private message id stored so far (0 when none). */
export const maxRowId = async (ts: TestServer): Promise<number> => {
  const row = await ts.server.db.kysely
    .selectFrom('private_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
};

export const rowCount = async (ts: TestServer): Promise<number> => {
  const row = await ts.server.db.kysely
    .selectFrom('private_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Asserts a refused call's exact status and catalogue key. */
export async function expectRefused(
  res: Promise<{ status: number; body: { code: number; key?: string } }>,
  key: string,
  status = 400,
): Promise<void> {
  const { body, status: httpStatus } = await res;
  expect([httpStatus, body.code, body.key]).toEqual([status, status, key]);
}

/** No chat-message frame with an id above `afterId` (or without an id) reaches any of the sockets within `ms`. */
export async function allQuiet(socks: TestSocket[], afterId: number, ms = 150): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  const fresh = (f: ServerFrame) => chatFrame(f) && ((f.data as { id?: number }).id ?? Infinity) > afterId;
  for (const s of socks) expect(s.frames.filter(fresh)).toEqual([]);
}
