/**
 * The socket frame budget and the typing throttle (hardening, points 6 and 7): a
 * token bucket per socket with a burst, counted frame by frame before a frame is
 * handled, typing frames cheap; one relayed start per chat per Typing.RELAY_MIN_MS
 * whatever comes between. Time is the server's injected clock, moved by the test only
 * after the server handled the frames before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatType, Cmd, CloseCode, SocketBudget, Typing, type ServerFrame, type TypingNotice } from '@parley/protocol';
import { ApiClient, registerUser, type TestUser } from './support/api.js';
import { befriend } from './support/contacts.js';
import { startServer, type TestServer } from './support/server.js';
import { TestSocket } from './support/ws.js';

let ts: TestServer;
let client: ApiClient;
let now = Date.now();
/** TYPING frames the gateway handed to the typing service: past the frame budget, in order. */
let handled = 0;
let wake: (() => void) | undefined;

const isHeartbeat = (f: ServerFrame) => f.cmd === Cmd.HEARTBEAT;
const typingFrame = (chatType: string, targetId: number, typing: boolean) => ({
  cmd: Cmd.TYPING,
  data: { chatType, targetId, typing },
});

/** Resolves once the server has handled `n` TYPING frames in all; throws if `socket` closes first. */
async function handledReaches(n: number, socket: TestSocket): Promise<void> {
  const deadline = Date.now() + 5000;
  while (handled < n) {
    if (socket.isClosed) throw new Error(`socket closed (${(await socket.closed).code}) after ${handled} of ${n}`);
    if (Date.now() > deadline) throw new Error(`${handled} of ${n} typing frames handled`);
    await new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, 50);
    });
  }
}

async function friends(): Promise<[TestUser, TestUser]> {
  const a = await registerUser(client);
  const b = await registerUser(client);
  await befriend(client, a, b);
  return [a, b];
}

beforeAll(async () => {
  // The default limits, on a clock of the test's.
  ts = await startServer({ rateLimits: '{}', clock: () => now });
  client = new ApiClient(ts.url);
  const typing = ts.server.services.typing;
  const forSocket = typing.forSocket.bind(typing);
  typing.forSocket = (userId) => {
    const relay = forSocket(userId);
    return (data) => {
      handled += 1;
      wake?.();
      relay(data);
    };
  };
});
afterAll(() => ts?.close());

describe('the frame budget', () => {
  it('1,000 heartbeats in one go: at most a burst answered, then 4008', async () => {
    const u = await registerUser(client);
    const s = await TestSocket.login(ts.wsUrl, u.tokens.accessToken);
    for (let i = 0; i < 1000; i++) s.send({ cmd: Cmd.HEARTBEAT, data: {} });
    expect((await s.waitClosed()).code).toBe(CloseCode.TOO_MANY_FRAMES);
    const answered = s.frames.filter(isHeartbeat).length;
    // The login took one token.
    expect(answered).toBe(SocketBudget.BURST - 1);
  });

  it('1,000 typing frames in one go: at most a burst of them handled, then 4008', async () => {
    const [a, b] = await friends();
    const s = await TestSocket.login(ts.wsUrl, a.tokens.accessToken);
    const before = handled;
    for (let i = 0; i < 1000; i++) s.send(typingFrame(ChatType.PRIVATE, b.id, i % 2 === 0));
    expect((await s.waitClosed()).code).toBe(CloseCode.TOO_MANY_FRAMES);
    expect(handled - before).toBeLessThanOrEqual(SocketBudget.BURST / SocketBudget.TYPING_COST);
  });

  it('a person pasting and sending 5 lines a second (typing start and stop around each), with heartbeats: never closed', async () => {
    const [a, b] = await friends();
    const s = await TestSocket.login(ts.wsUrl, a.tokens.accessToken);
    // Even a client that sends a start and a stop around every message, as the web app once did.
    for (let i = 0; i < 60; i++) {
      s.send(typingFrame(ChatType.PRIVATE, b.id, true));
      s.send(typingFrame(ChatType.PRIVATE, b.id, false));
      await handledReaches(handled + 2, s);
      now += 200;
      if (i % 50 === 49) {
        s.send({ cmd: Cmd.HEARTBEAT, data: {} });
        await s.next(isHeartbeat);
      }
    }
    s.send({ cmd: Cmd.HEARTBEAT, data: {} });
    await s.next(isHeartbeat);
    expect(s.isClosed).toBe(false);
    s.close();
  });
});

describe('the typing throttle', () => {
  it('alternating start and stop: at most one start per chat per RELAY_MIN_MS is relayed', async () => {
    const [a, b] = await friends();
    const group = await client.ok('groupCreate', {
      token: a.tokens.accessToken,
      body: { name: 'Pace', friendIds: [b.id] },
    });
    const sa = await TestSocket.login(ts.wsUrl, a.tokens.accessToken);
    const sb = await TestSocket.login(ts.wsUrl, b.tokens.accessToken);
    const start = now;
    // 29 frames, one every 300 ms: start, stop, start … (8.4 s)
    for (let i = 0; i < 29; i++) {
      sa.send(typingFrame(ChatType.PRIVATE, b.id, i % 2 === 0));
      await handledReaches(handled + 1, sa);
      now += 300;
    }
    const elapsed = now - 300 - start;
    // One socket's relays go out in order: once this group frame is in, every private one is.
    sa.send(typingFrame(ChatType.GROUP, group.id, true));
    await sb.next((f) => f.cmd === Cmd.TYPING && (f.data as TypingNotice).chatType === ChatType.GROUP);
    const relayed = sb.frames.filter((f) => f.cmd === Cmd.TYPING).map((f) => (f.data as TypingNotice).typing);
    const starts = relayed.filter(Boolean).length;
    expect(starts).toBeGreaterThan(0);
    expect(starts).toBeLessThanOrEqual(Math.floor(elapsed / Typing.RELAY_MIN_MS) + 1);
    // A stop follows each relayed start, and nothing else.
    expect(relayed).toEqual(Array.from({ length: starts }, () => [true, false]).flat());
    sa.close();
    sb.close();
  });
});
