/** Helpers for the call tests: a server with a hand-driven clock, signal matchers, records. */
import { expect } from 'vitest';
import {
  Cmd,
  MessageType,
  parseCallRecord,
  type CallRecordContent,
  type EndpointName,
  type PrivateCallSignalFrame,
  type PrivateMessage,
  type ServerFrame,
} from '@parley/protocol';
import type { ApiClient, CallOptions } from './api.js';
import type { TwoTerminalUser } from './messages.js';
import { startServer, type TestServer } from './server.js';
import type { TestSocket } from './ws.js';

/** A clock the test moves by hand; the sweeper is off, so timers run only on `sweep()`. */
export interface CallClock {
  advance(ms: number): void;
  now(): number;
}

export async function startCallServer(): Promise<{ ts: TestServer; clock: CallClock }> {
  let offset = 0;
  const now = () => Date.now() + offset;
  const ts = await startServer({ clock: now, callSweepIntervalMs: 0 });
  return { ts, clock: { advance: (ms) => void (offset += ms), now } };
}

export const sweep = (ts: TestServer) => ts.server.services.sweepCalls();

/** A private call signal frame of `type` (cmd 3, 100–109). */
export const signal =
  (type: number) =>
  (f: ServerFrame): boolean =>
    f.cmd === Cmd.PRIVATE_MESSAGE && (f.data as { type?: number }).type === type && 'callId' in (f.data as object);

export const signalData = (f: ServerFrame) => f.data as PrivateCallSignalFrame;

export const isRecord = (f: ServerFrame): boolean => {
  const t = (f.data as { type?: number }).type;
  return f.cmd === Cmd.PRIVATE_MESSAGE && (t === MessageType.ACT_RT_VOICE || t === MessageType.ACT_RT_VIDEO);
};

/** Waits for the signal on `socket` and returns its data. */
export async function expectSignal(socket: TestSocket, type: number): Promise<PrivateCallSignalFrame> {
  return signalData(await socket.next(signal(type)));
}

/** No call signal of `type` (any, when absent) reaches any of `socks` within `ms`. */
export async function noSignal(socks: TestSocket[], type?: number, ms = 150): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  const match = (f: ServerFrame) =>
    f.cmd === Cmd.PRIVATE_MESSAGE &&
    'callId' in ((f.data as object) ?? {}) &&
    (type === undefined || (f.data as { type: number }).type === type);
  for (const s of socks) expect(s.frames.filter(match)).toEqual([]);
}

/** The record pushed to every terminal of both users: the same message on all four sockets. */
export async function expectRecord(
  a: TwoTerminalUser,
  b: TwoTerminalUser,
  expected: CallRecordContent & { status: number },
): Promise<PrivateMessage> {
  const got: PrivateMessage[] = [];
  for (const s of [a.webSocket, a.appSocket, b.webSocket, b.appSocket]) {
    got.push((await s.next(isRecord)).data as PrivateMessage);
  }
  const msg = got[0]!;
  for (const m of got) expect(m.id).toBe(msg.id);
  expect([msg.sendId, msg.recvId, msg.status]).toEqual([a.id, b.id, expected.status]);
  expect(msg.type).toBe(expected.mode === 'voice' ? MessageType.ACT_RT_VOICE : MessageType.ACT_RT_VIDEO);
  const { status: _status, ...content } = expected;
  expect(parseCallRecord(msg.content)).toEqual(content);
  return msg;
}

/** Rows of call records between the two users. */
export async function recordRows(ts: TestServer, a: number, b: number) {
  return ts.server.db.kysely
    .selectFrom('private_messages')
    .selectAll()
    .where('type', 'in', [MessageType.ACT_RT_VOICE, MessageType.ACT_RT_VIDEO])
    .where((eb) =>
      eb.or([
        eb.and([eb('send_id', '=', a), eb('recv_id', '=', b)]),
        eb.and([eb('send_id', '=', b), eb('recv_id', '=', a)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Calls `name` as `token` with `uid` in the query (and more query or a body). */
export function act<N extends EndpointName>(
  client: ApiClient,
  name: N,
  token: string,
  uid: number,
  opts: Omit<CallOptions, 'token'> = {},
) {
  return client.call(name, { ...opts, token, query: { uid, ...(opts.query ?? {}) } });
}

export async function ok<N extends EndpointName>(
  client: ApiClient,
  name: N,
  token: string,
  uid: number,
  opts: Omit<CallOptions, 'token'> = {},
) {
  const res = await act(client, name, token, uid, opts);
  expect([res.status, res.body.code], `${name}: ${JSON.stringify(res.body)}`).toEqual([200, 200]);
  return res.body.data;
}

export const OFFER = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
export const ANSWER = { type: 'answer', sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
export const CANDIDATE = {
  candidate: 'candidate:1 1 udp 2122260223 192.168.1.2 54321 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};
